package chat

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/internal/uitest"
)

// An agent's Markdown table with hostile cells (escapes, bidi, wide
// characters, a cell wider than the chat, many columns), in a transcript
// opened from a search hit whose matched words are hostile too: the
// narrowed table and its marks drive nothing, keep inside the chat, and
// say what the agent wrote.
func TestHostileTableAndSearchMarks(t *testing.T) {
	var md strings.Builder
	md.WriteString("| " + strings.Repeat("h | ", 40) + "\n|" + strings.Repeat("---|", 40) + "\n")
	for r := range 300 {
		fmt.Fprintf(&md, "| a\x1b]0;pwn\a%d | 東京\u202e | %s | 😀 |", r, strings.Repeat("w", 300))
		md.WriteString(strings.Repeat(" x |", 36) + "\n")
	}
	md.WriteString("\n| k | v |\n|---|---|\n| berlin\x1b[2J | 東京\u200bkyoto |\n")
	for _, w := range []int{80, 40} {
		c := newTestChat(w, 30)
		var b testItems
		b.add(session.Item{Kind: session.ItemAgent, Text: md.String(), Done: true})
		c.Reset(b.items, "agent")
		c.Highlight([]string{"berlin\x1b[2J", "京", "\u202e", "w", "kyoto", strings.Repeat("x", 5000)})
		raw := c.View(c.st)
		uitest.AssertTerminalSafe(t, raw)
		if why := uitest.NotOnlySGR(raw); why != "" {
			t.Errorf("width %d: the chat draws %s", w, why)
		}
		for _, l := range strings.Split(raw, "\n") {
			if n := ansi.StringWidth(l); n > w {
				t.Errorf("width %d: a line %d cells wide: %q", w, n, ansi.Strip(l))
				break
			}
		}
		if !strings.Contains(ansi.Strip(raw), "kyoto") {
			t.Errorf("width %d: the last table's cell is gone:\n%s", w, ansi.Strip(raw))
		}
	}
}
