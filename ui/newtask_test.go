package ui

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/ui/styles"
)

// A task waiting for input says in the composer's title how to start a
// new task instead; that key does, leaving the task waiting, and enter on
// the task in Tasks goes back to answering it.
func TestFlowNewTaskInsteadOfAnswering(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true})
	a.ready()
	a.typeText("Book a flight to Lisbon")
	a.key("enter")
	task := a.taskState(a2aclient.StateInputRequired)
	a.waitScreen("answering task " + styles.ShortID(task.ID) + " (input-required) · ctrl+r new task instead")
	a.key("ctrl+r")
	a.waitScreen("message parley demo", "Your next message starts a new task; task "+styles.ShortID(task.ID)+" still waits")
	a.typeText("ping")
	a.key("enter")
	screen := a.waitScreen("pong: ping")
	if strings.Contains(screen, "Your flight is booked") {
		t.Fatalf("the message answered the waiting task:\n%s", screen)
	}
	a.waitState("the exchange to end", func(m *Model) bool { return !m.current.Conv.Busy() })
	for _, ti := range a.tasks() {
		if ti.ID == task.ID && ti.State != a2aclient.StateInputRequired {
			t.Errorf("the waiting task is now %s", ti.State)
		}
	}
	// Back to it: enter on the task in the Tasks pane.
	a.key("tab", "tab", "tab")
	a.waitState("the Tasks pane", func(m *Model) bool { return m.focus == focusTasks })
	for i, ti := range a.tasks() { // as the pane lists them, newest first; its cursor on the newest
		if ti.ID == task.ID {
			for range i {
				a.key("j")
			}
		}
	}
	a.key("enter")
	a.waitScreen("answering task " + styles.ShortID(task.ID) + " (input-required)")
}
