package ui

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/ui/styles"
)

// A task that failed (or ended any other way) can no longer be canceled
// nor followed: the footer does not offer c or s on it, and pressing
// them says why in one sentence without asking the agent. A new user's
// c asked the agent, failed with "the task can no longer be canceled"
// and left the conversation listed as errored; s showed nothing at all.
func TestFlowFinishedTaskOffersNoCancel(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true})
	a.ready()
	a.typeText("Fail on purpose")
	a.key("enter")
	task := a.taskState(a2aclient.StateFailed)
	a.waitState("the exchange to settle", func(m *Model) bool { return !m.current.Conv.Busy() })
	a.key("tab", "tab", "tab")
	screen := a.waitScreen("enter open •", "✗ failed ")
	footer := lastLine(screen)
	if strings.Contains(footer, "cancel task") || strings.Contains(footer, "resubscribe") {
		t.Errorf("the footer offers to cancel or follow a failed task:\n%s", footer)
	}
	sent := len(a.wire.Records())
	a.key("c")
	want := "Task " + styles.ShortID(task.ID) + " already failed: nothing to cancel."
	a.waitScreen(want)
	a.key("s")
	a.waitScreen("Task " + styles.ShortID(task.ID) + " already failed: nothing to follow.")
	a.inspect(func(m *Model) {
		if !m.overlay.Empty() {
			t.Error("c opened a question for a task that cannot be canceled")
		}
		if n := len(a.wire.Records()); n != sent {
			t.Errorf("c and s sent %d requests to the agent, want none", n-sent)
		}
		if m.current.Conv.Busy() {
			t.Error("s started following a finished task")
		}
	})
}

// lastLine is a screen's bottom line, the footer.
func lastLine(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	return lines[len(lines)-1]
}
