package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/ui/keys"
)

// A key typed anywhere makes the streams wait a moment so it is drawn
// first (session.Keyboard).
func TestAKeyMakesTheStreamsGiveWay(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if m.keyboard.Holding() {
		t.Fatal("the streams are held before any key")
	}
	m.Update(tea.KeyPressMsg{Code: 'a', Text: "a"})
	if !m.keyboard.Holding() {
		t.Fatal("a key typed did not hold the streams")
	}
}
