package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/ui/keys"
)

// TestIdleAsksForNoWakeUps: with nothing streaming and nothing
// animating, nothing in the model asks to be woken again. A blinking
// drawn cursor is a timer behind every focus and every key (a frame
// each half second at idle); the clock stops when nothing it shows
// moves. Counted as the commands returned, so no time is measured.
func TestIdleAsksForNoWakeUps(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	if cmd := m.composer.Focus(); cmd != nil {
		t.Error("focusing the composer starts a timer (a blinking cursor)")
	}
	for _, r := range "hi" {
		if _, cmd := m.Update(tea.KeyPressMsg{Code: r, Text: string(r)}); cmd != nil {
			t.Errorf("typing %q in the composer starts a timer", r)
		}
	}
	if cmd := m.onTick(); cmd != nil {
		t.Error("the clock ticks on with nothing animating")
	}
}

// TestComposerCursorIsTheTerminals: the composer shows the terminal's
// cursor after what was typed, and hides it while a dialog or another
// pane has the keys.
func TestComposerCursorIsTheTerminals(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	m.composer.Focus() // as Init does
	m.Update(tea.KeyPressMsg{Code: 'h', Text: "h"})
	m.Update(tea.KeyPressMsg{Code: 'i', Text: "i"})
	v := m.View()
	if v.Cursor == nil {
		t.Fatal("no terminal cursor while the composer has the keys")
	}
	lines := strings.Split(ansi.Strip(v.Content), "\n")
	if v.Cursor.Y >= len(lines) {
		t.Fatalf("cursor row %d is off the %d-line screen", v.Cursor.Y, len(lines))
	}
	if got := ansi.Cut(lines[v.Cursor.Y], 0, v.Cursor.X); !strings.HasSuffix(got, "> hi") {
		t.Errorf("left of the cursor: %q, want what was typed", got)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyTab})
	if m.View().Cursor != nil {
		t.Error("the cursor shows while another pane has the keys")
	}
}
