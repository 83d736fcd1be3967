package dialog

import (
	"os"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/styles"
)

func TestPathPromptCompletesInACommand(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"report-2025.csv", "report-2026.csv", "notes.txt"} {
		os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644)
	}
	p := NewPrompt(styles.New(themes.Dark), nil, PromptPath, "Attach", nil, filepath.Join(dir, "rep"), nil)
	cmd, done := p.handleKey(tea.KeyPressMsg{Code: tea.KeyTab})
	if done || cmd == nil {
		t.Fatalf("tab should ask for the directory in a command, got done=%v cmd=%v", done, cmd)
	}
	if got := p.input.Value(); got != filepath.Join(dir, "rep") {
		t.Fatalf("the input changed before the command ran: %q", got)
	}
	p.applyMatches(cmd().(pathMatchesMsg))
	if got, want := p.input.Value(), filepath.Join(dir, "report-202"); got != want {
		t.Errorf("completed to %q, want %q", got, want)
	}
	if p.err != "report-2025.csv  report-2026.csv" {
		t.Errorf("listed %q", p.err)
	}
	stale := pathMatchesMsg{typed: "something else", matches: []string{"zzz"}}
	p.applyMatches(stale)
	if got := p.input.Value(); got != filepath.Join(dir, "report-202") {
		t.Errorf("a stale answer changed the input to %q", got)
	}
}

// A dialog's input keeps its cursor steady: a blinking one would start a
// timer that redraws the screen for as long as the dialog waits
// (TestIdleAsksForNoWakeUps).
func TestDialogInputDoesNotBlink(t *testing.T) {
	in := newInput(styles.New(themes.Dark), "> ")
	if cmd := in.Focus(); cmd != nil {
		t.Error("a dialog's input starts a timer (a blinking cursor)")
	}
}
