package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// With NO_COLOR the border's colour cannot show which pane has the
// keyboard: the focused pane is drawn in heavy lines, the others stay
// thin, and the mark follows the focus.
func TestNoColorMarksTheFocusedPaneByItsBorder(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), NoColor: true})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	screen := ansi.Strip(m.render())
	if !strings.Contains(screen, "┏━ message") || !strings.Contains(screen, "╭─ Agents ") {
		t.Fatalf("the focused composer should be heavy and Agents thin:\n%s", screen)
	}
	m.Update(keyEvent("tab"))
	m.Update(keyEvent("tab"))
	screen = ansi.Strip(m.render())
	if !strings.Contains(screen, "┏━ Agents ") || !strings.Contains(screen, "╭─ message") {
		t.Fatalf("the focused Agents pane should be heavy and the composer thin:\n%s", screen)
	}
	if n := strings.Count(screen, "┏"); n != 1 {
		t.Fatalf("%d panes are marked focused:\n%s", n, screen)
	}
	// With colour, the border's colour marks the focus: lines stay thin.
	m = New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	if screen := ansi.Strip(m.render()); strings.Contains(screen, "┏") {
		t.Fatalf("heavy lines without NO_COLOR:\n%s", screen)
	}
}

// Without colour, the selected row is drawn in reverse video: its
// background colour is gone.
func TestNoColorSelectionIsReversed(t *testing.T) {
	st := styles.New(themes.Dark)
	if st.Selected.GetReverse() {
		t.Fatal("reverse video with colour")
	}
	st.WithoutColor()
	if !st.Selected.GetReverse() || !st.HeavyFocus {
		t.Fatal("without colour, the selection is not reversed or the focus not heavy")
	}
}
