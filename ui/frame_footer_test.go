package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/ui/keys"
)

// TestFooterKeysAreKeptUntilTheyChange: the footer's line of keys is
// drawn again only when what it shows changed (the focused pane's
// bindings, one of them turned off, the width), and a kept line is the
// line a fresh drawing makes.
func TestFooterKeysAreKeptUntilTheyChange(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	m.composer.Focus()
	m.View()
	draws := m.footerFrame.draws
	step := func(what string, msg tea.Msg, wantDraw bool) string {
		t.Helper()
		if msg != nil {
			m.Update(msg)
		}
		lines := strings.Split(ansi.Strip(m.View().Content), "\n")
		if got := m.footerFrame.draws - draws; got != map[bool]int{false: 0, true: 1}[wantDraw] {
			t.Errorf("%s: the footer's keys were drawn %d times, want draw=%v", what, got, wantDraw)
		}
		draws = m.footerFrame.draws
		return lines[len(lines)-1]
	}
	kept := step("a streamed change", tickMsg{}, false)
	step("a key in the composer", tea.KeyPressMsg{Code: 'q', Text: "q"}, false)
	m.footerFrame.ok = false
	if fresh := step("a fresh drawing", nil, true); fresh != kept {
		t.Errorf("the kept footer differs from a fresh one:\n%q\n%q", kept, fresh)
	}
	if !strings.Contains(kept, "conversations") {
		t.Fatalf("the composer's footer does not list conversations: %q", kept)
	}
	m.keys.Global.Contexts.SetEnabled(false)
	if s := step("conversations turned off", tickMsg{}, true); strings.Contains(s, "conversations") {
		t.Errorf("the footer still lists a binding turned off: %q", s)
	}
	m.keys.Global.Contexts.SetEnabled(true)
	step("conversations back", tickMsg{}, true)
	chat := step("focus on the chat", tea.KeyPressMsg{Code: tea.KeyTab}, true)
	if chat == kept {
		t.Errorf("the chat's footer is the composer's: %q", chat)
	}
	step("a streamed change with the chat focused", frameMsg{}, false)
	if s := step("a narrower window", tea.WindowSizeMsg{Width: 80, Height: 24}, true); ansi.StringWidth(s) > 80 {
		t.Errorf("the footer is wider than the window: %q", s)
	}
}
