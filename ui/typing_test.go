package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// A printable key that is no command of the chat or the tasks pane
// types in the composer: the focus moves there with the character.
// Typing "Show me the itinerary data" in the chat ran s, o, a, y… and
// ended with "Copied the artifact" (issue 32, item 7). The pane's own
// letters (y in the chat, v in Tasks) stay its commands.
func TestTypingInAPaneGoesToTheComposer(t *testing.T) {
	for _, f := range []focusArea{focusChat, focusTasks} {
		m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
		m.setFocus(f)
		m.Update(keyEvent("y"))
		if m.focus != f || m.composer.Value() != "" {
			t.Fatalf("y, a command of pane %v, went to the composer (%q)", f, m.composer.Value())
		}
		for _, k := range []string{"shift+s", "h", "o"} {
			m.Update(keyEvent(k))
		}
		if m.focus != focusComposer || m.composer.Value() != "Sho" {
			t.Fatalf("typing Sho in pane %v: focus %v, composer %q", f, m.focus, m.composer.Value())
		}
	}
}

// Enter on a task waiting for input goes to the composer, where the
// answer is typed, not to the chat.
func TestFlowEnterOnWaitingTaskFocusesComposer(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true})
	a.ready()
	a.typeText("Book a flight to Lisbon")
	a.key("enter")
	task := a.taskState("input-required")
	a.waitScreen("answering task " + styles.ShortID(task.ID))
	a.key("ctrl+r")
	a.waitScreen("message parley demo")
	a.key("tab", "tab", "tab")
	a.waitState("the Tasks pane", func(m *Model) bool { return m.focus == focusTasks && m.tasks.Count() > 0 })
	a.key("enter")
	a.waitState("the composer to take the focus", func(m *Model) bool { return m.focus == focusComposer })
}

// In the chat and the tasks pane a lowercase letter is the pane's
// command (s saves, y copies), so the mode is said where one types: the
// composer's border says the letters act on the pane and which key
// writes, the footer leads with that key, and the key moves the focus
// to the composer without typing itself (issue 32, item 7).
func TestPaneModeIsSaidWhereOneTypes(t *testing.T) {
	for _, c := range []struct {
		f    focusArea
		pane string
	}{{focusChat, "chat"}, {focusTasks, "tasks"}} {
		m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
		m.setFocus(c.f)
		lines := strings.Split(ansi.Strip(m.render()), "\n")
		border := lines[len(lines)-2] // the composer's bottom border
		if !strings.Contains(border, "letters act on the "+c.pane) || !strings.Contains(border, "i to write") {
			t.Fatalf("%s: the composer does not say the mode: %q", c.pane, border)
		}
		if footer := lines[len(lines)-1]; !strings.HasPrefix(strings.TrimSpace(footer), "i write •") {
			t.Fatalf("%s: the footer does not lead with the key that writes: %q", c.pane, footer)
		}
		m.Update(keyEvent("i"))
		if m.focus != focusComposer || m.composer.Value() != "" {
			t.Fatalf("%s: i gave focus %v, composer %q", c.pane, m.focus, m.composer.Value())
		}
		lines = strings.Split(ansi.Strip(m.render()), "\n")
		if strings.Contains(lines[len(lines)-2], "letters act") {
			t.Fatalf("%s: the composer still says the pane's mode with the focus on it", c.pane)
		}
	}
}
