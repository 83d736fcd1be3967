package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/keys"
)

// While a dialog has the keys, the footer offers none of the pane's
// keys under it (they would do nothing): the dialog's own keys are on
// its border, and ctrl+c still quits.
func TestFooterUnderADialogOffersNoPaneKeys(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	m.focus = focusAgents
	before := ansi.Strip(m.footer())
	if !strings.Contains(before, "add agent") {
		t.Fatalf("the agents pane's footer without a dialog: %q", before)
	}
	m.overlay.Open(dialog.NewPrompt(m.st, &m.keys, dialog.PromptText, "Name", []string{"A name."}, "", func(string) tea.Cmd { return nil }))
	footer := ansi.Strip(m.footer())
	for _, pane := range []string{"add agent", "next pane", "conversations"} {
		if strings.Contains(footer, pane) {
			t.Errorf("the footer under a dialog offers %q: %q", pane, footer)
		}
	}
	if !strings.Contains(footer, "quit") {
		t.Errorf("the footer under a dialog does not say how to quit: %q", footer)
	}
}
