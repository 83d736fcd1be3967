package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// A status line wider than the terminal wraps onto a second line at a
// word, over the panes' last row, instead of being cut mid-word; the
// screen keeps its height.
func TestLongStatusWrapsNotCut(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: DefaultKeyMap()})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	msg := "Not an agent card: http://127.0.0.1:1/.well-known/agent-card.json has neither a name nor any way to reach the agent."
	m.setStatus(msg, true)
	screen := ansi.Strip(m.render())
	lines := strings.Split(screen, "\n")
	if len(lines) != 24 {
		t.Fatalf("the screen is %d lines, not 24", len(lines))
	}
	tail := strings.Join(strings.Fields(strings.Join(lines[len(lines)-2:], " ")), " ")
	if !strings.Contains(tail, msg) {
		t.Fatalf("the status is not shown whole over the last two lines:\n%s", strings.Join(lines[len(lines)-3:], "\n"))
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > 80 {
			t.Fatalf("a line is wider than 80: %q", l)
		}
	}
}

// A collapsed error in the chat is cut at a word ("it as…" read as a
// typo); enter shows it whole (TestChatErrorDetailsToggle).
func TestClipWordCutsAtAWord(t *testing.T) {
	got := clipWord("✗ The agent needs you to sign in (HTTP 401); it asks for a token.", 50)
	if got != "✗ The agent needs you to sign in (HTTP 401); it…" {
		t.Fatalf("cut at %q", got)
	}
	if ansi.StringWidth(got) > 50 {
		t.Fatalf("%q is wider than 50", got)
	}
	if got := clipWord("short", 50); got != "short" {
		t.Fatalf("a short text changed: %q", got)
	}
}
