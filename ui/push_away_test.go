package ui

import (
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session/push"
	"github.com/parley-a2a/parley/ui/styles"
)

// A task elsewhere that keeps working is announced once, when its state
// changes, not at every progress push (the line came back every second
// and hid the footer's keys).
func TestPushAwayAnnouncedOnStateChange(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true})
	a.ready()
	note := func(state a2aclient.State) string {
		var status string
		a.inspect(func(m *Model) {
			m.status = ""
			m.onPushNote(pushNoteMsg{note: push.Note{TaskID: "t-away", AgentRef: "http://127.0.0.1:1/", State: state}})
			status = m.status
		})
		return status
	}
	if note(a2aclient.StateWorking) == "" {
		t.Fatal("the first push of a task elsewhere is not announced")
	}
	if s := note(a2aclient.StateWorking); s != "" {
		t.Fatalf("a second working push is announced again: %q", s)
	}
	if note(a2aclient.StateCompleted) == "" {
		t.Fatal("a change of state is not announced")
	}
}

// A sentence that already ends in punctuation or an ellipsis gets no
// full stop ("Step 4 of 60….").
func TestSentenceKeepsItsEnd(t *testing.T) {
	for in, want := range map[string]string{
		"step 4 of 60…": "Step 4 of 60…",
		"done":          "Done.",
		"why?":          "Why?",
		"fine!":         "Fine!",
		"ok.":           "Ok.",
	} {
		if got := styles.Sentence(in); got != want {
			t.Errorf("sentence(%q) = %q, want %q", in, got, want)
		}
	}
}
