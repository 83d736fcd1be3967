package styles

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// Every mark a pane shows for a task state is in the help's legend,
// with the legend's words: the Tasks pane's "· unknown" was missing
// (issue 32, item 9).
func TestEveryStateMarkIsInTheLegend(t *testing.T) {
	legend := StateLegend()
	for _, s := range []a2aclient.State{a2aclient.StateCompleted, a2aclient.StateInputRequired, a2aclient.StateAuthRequired,
		a2aclient.StateFailed, a2aclient.StateCanceled, a2aclient.StateRejected, a2aclient.StateWorking, a2aclient.StateSubmitted,
		a2aclient.State("unknown"), a2aclient.State("some-later-state")} {
		mark := ChatMark(s)
		if !strings.Contains(legend, mark+" ") {
			t.Errorf("%s's mark %q is not in the legend:\n%s", s, mark, legend)
		}
	}
	if ChatMark("unknown") != UnknownMark {
		t.Errorf("the chat marks an unknown state %q, the Tasks pane %q", ChatMark("unknown"), UnknownMark)
	}
	if !strings.Contains(legend, ChatMark(a2aclient.StateInputRequired)+" needs input") {
		t.Errorf("input-required's mark does not say \"needs input\":\n%s", legend)
	}
}
