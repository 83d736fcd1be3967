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
	legend := StateLegend(200)
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

// The legend wraps at the width it is given, whole items a row: at 80
// columns its last item was cut ("• changed whil").
func TestStateLegendFitsItsWidth(t *testing.T) {
	for _, w := range []int{40, 66, 100} {
		legend := StateLegend(w)
		for i, row := range strings.Split(legend, "\n") {
			row = strings.TrimPrefix(row, legendIndent)
			if n := CellWidth(row); n > w {
				t.Errorf("at %d cells, row %d is %d cells: %q", w, i, n, row)
			}
		}
		if !strings.Contains(legend, "• changed while away") {
			t.Errorf("at %d cells the last item is missing:\n%s", w, legend)
		}
	}
}
