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

// In Agents, as in the chat and Tasks, i goes to the composer and a
// letter that is no command of the pane is typing: a new user's "Sign in
// first" lost its first letters there, and its r opened Rename.
func TestAgentsTypingGoesToTheComposer(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	m.setFocus(focusAgents)
	m.Update(keyEvent("i"))
	if m.focus != focusComposer {
		t.Fatalf("i in Agents: focus %v, want the composer", m.focus)
	}
	m.setFocus(focusAgents)
	for _, k := range []string{"shift+s", "i", "g", "n"} {
		m.Update(keyEvent(k))
	}
	if m.focus != focusComposer || m.composer.Value() != "Sign" {
		t.Fatalf("typing Sign in Agents: focus %v, composer %q; want writing", m.focus, m.composer.Value())
	}
}
