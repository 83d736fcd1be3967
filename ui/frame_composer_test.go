package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/wire"
)

// TestStreamedChangesKeepTheComposer: a View after a message of the
// stream keeps the composer's box as last drawn, and shows the same
// screen a fresh drawing would; a key, a focus change or a resize draws
// it again, with what changed.
func TestStreamedChangesKeepTheComposer(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	m.composer.Focus()
	m.Update(tea.KeyPressMsg{Code: 'h', Text: "h"})
	m.View()
	draws := m.composerFrame.draws
	step := func(what string, msg tea.Msg, wantDraw bool) string {
		t.Helper()
		m.Update(msg)
		screen := ansi.Strip(m.View().Content)
		if got := m.composerFrame.draws - draws; got != map[bool]int{false: 0, true: 1}[wantDraw] {
			t.Errorf("%s: the composer was drawn %d times, want draw=%v", what, got, wantDraw)
		}
		draws = m.composerFrame.draws
		return screen
	}
	for _, msg := range []tea.Msg{tickMsg{}, frameMsg{}, convChangedMsg{}, wire.ChangedMsg{}, statusExpiredMsg{}} {
		kept := step("a streamed change", msg, false)
		if fresh := ansi.Strip(m.View().Content); kept != fresh {
			t.Errorf("after %T the kept screen differs from a fresh one:\n%s\n---\n%s", msg, kept, fresh)
		}
		draws = m.composerFrame.draws
	}
	if s := step("a key", tea.KeyPressMsg{Code: 'i', Text: "i"}, true); !strings.Contains(s, "> hi") {
		t.Errorf("the key typed is not on screen:\n%s", s)
	}
	step("a change after the key", tickMsg{}, false)
	step("focus to the next pane", tea.KeyPressMsg{Code: tea.KeyTab}, true)
	step("a change with the focus elsewhere", tickMsg{}, false)
	if s := step("a resize", tea.WindowSizeMsg{Width: 100, Height: 30}, true); !strings.Contains(s, "╭─ message") {
		t.Errorf("no composer after the resize:\n%s", s)
	}
	if m.composerFrame.key.w != 100 {
		t.Errorf("the composer kept its old width %d", m.composerFrame.key.w)
	}

	// The title is checked: a conversation that starts or stops waiting
	// for an answer renames the composer with a streamed change.
	m.Update(tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	m.current = &panes.Entry{Agent: &session.Agent{Name: "alpha"}}
	step("a change naming alpha", tickMsg{}, true)
	m.current.Name = "beta"
	if s := step("a change naming beta", tickMsg{}, true); !strings.Contains(s, "╭─ message beta") {
		t.Errorf("the composer's title is not the new one:\n%s", s)
	}
}
