package ui

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// rowOf is the screen row (and the column) where text first shows.
func rowOf(t *testing.T, screen, text string) (x, y int) {
	t.Helper()
	for i, line := range strings.Split(screen, "\n") {
		if j := strings.Index(line, text); j >= 0 {
			return len([]rune(line[:j])) + 2, i
		}
	}
	t.Fatalf("no row shows %q:\n%s", text, screen)
	return 0, 0
}

// The demo's booking form, filled in with keys: e in the chat starts
// it, tab moves while it has the keys (not to the next pane), typing
// fills the name, enter on Book sends the action on the waiting task,
// and the agent's answer streams in.
func TestFlowA2UIFormWithKeys(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true})
	a.ready()
	a.typeText("book a table")
	a.key("enter")
	screen := a.waitScreen("Book a table", "[[ Book ]]")
	a.taskState(a2aclient.StateInputRequired)
	a.tm.Send(click(rowOf(t, screen, "Here is a booking form"))) // focus the chat, on no input
	a.key("e")
	a.waitScreen("· editing", "tab next input or button", "esc leave the form", "keys go to the agent's form · esc to leave it")
	if strings.Contains(a.frames.latest(), "next pane") {
		t.Error("the footer offers tab for the next pane while the form takes tab")
	}
	a.typeText("Ada")
	a.key("tab", "tab", "right", "tab", "space", "tab", "tab", "enter")
	a.waitScreen("Booked: a table for 4, on the terrace, under the name Ada")
	a.inspect(func(m *Model) {
		if m.focus != focusChat {
			t.Errorf("the form's tabs moved the focus to pane %d", m.focus)
		}
	})
}

// The same form with the mouse: a click on the name field focuses it,
// a click on Book presses it.
func TestFlowA2UIFormWithMouse(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true})
	a.ready()
	a.typeText("book a table")
	a.key("enter")
	screen := a.waitScreen("Book a table", "[[ Book ]]")
	a.taskState(a2aclient.StateInputRequired)
	a.tm.Send(click(rowOf(t, screen, "Name: [")))
	a.waitScreen("· editing")
	a.typeText("Grace")
	screen = a.waitScreen("Name: [ Grace")
	a.tm.Send(click(rowOf(t, screen, "[[ Book ]]")))
	a.waitScreen("under the name Grace")
}
