package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/ui/keys"
)

// In Tasks, G (the end), g (the top) and the page keys are the pane's:
// a new user's G went back to writing and typed "G" into the composer.
// Another capital still goes back to writing.
func TestTasksJumpKeysStayInThePane(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	m.setFocus(focusTasks)
	for _, k := range []string{"shift+g", "g", "pgdown", "pgup", "home", "end"} {
		m.Update(keyEvent(k))
		if m.focus != focusTasks || m.composer.Value() != "" {
			t.Fatalf("%s in Tasks: focus %v, composer %q", k, m.focus, m.composer.Value())
		}
	}
	m.Update(keyEvent("shift+h"))
	if m.focus != focusComposer || m.composer.Value() != "H" {
		t.Fatalf("H in Tasks: focus %v, composer %q; want writing", m.focus, m.composer.Value())
	}
}
