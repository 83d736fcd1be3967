package styles

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/themes"
)

// The fast count must agree with ansi.StringWidth on whatever a pane
// line may hold: colours, wide and combined characters, links, controls,
// sequences cut short.
func TestCellWidthIsStringWidth(t *testing.T) {
	pieces := []string{"a", "Z", " ", "~", "\x1b[31m", "\x1b[38;2;1;2;3m", "\x1b[0m", "\x1b[?25l", "é", "e\u0301",
		"日", "👍🏽", "\t", "\x01", "\x7f", "\x1b]8;;http://127.0.0.1/\x1b\\", "\x1b[", "\x1b", "\x1b[3", "│",
		"╭", "━", "╿", "▀", "\u0301", "\ufe0f", "\u200d", "…", "\xe2\x94", "\xff"}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := r.IntN(12); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := CellWidth(s), ansi.StringWidth(s); got != want {
			t.Fatalf("cellWidth(%q) = %d, ansi.StringWidth = %d", s, got, want)
		}
	}
}

// Every row of a box is the box's width, a wide character cut at its
// edge included: the right border never moves in.
func TestBoxRowsAreExactlyItsWidth(t *testing.T) {
	st := New(themes.Dark)
	for _, content := range []string{"aaaa日本", "日本語日本語日本語", "\x1b[31maaa日\x1b[0m", "plain"} {
		out := Box(st, "title 日本", "note", content+"\nsecond", 9, 4, false)
		for _, line := range strings.Split(out, "\n") {
			if w := ansi.StringWidth(line); w != 9 {
				t.Fatalf("row %q of a box 9 wide is %d cells", line, w)
			}
		}
	}
}

// A collapsed error in the chat is cut at a word, never mid-word, which
// reads as a typo; enter shows it whole (TestChatErrorDetailsToggle).
func TestClipWordCutsAtAWord(t *testing.T) {
	got := ClipWord("✗ The agent needs you to sign in (HTTP 401); it asks for a token.", 50)
	if got != "✗ The agent needs you to sign in (HTTP 401); it…" {
		t.Fatalf("cut at %q", got)
	}
	if ansi.StringWidth(got) > 50 {
		t.Fatalf("%q is wider than 50", got)
	}
	if got := ClipWord("short", 50); got != "short" {
		t.Fatalf("a short text changed: %q", got)
	}
}
