package chat

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A narrow Markdown table is as wide as its cells, not as the chat; its
// cells keep their alignment and the text around it its width.
func TestNarrowTableIsNotStretched(t *testing.T) {
	m := newMarkdown(true)
	src := "A paragraph long enough to wrap only at the width of the chat itself, which is eighty.\n\n" +
		"| a | centred |\n|---|:--:|\n| 1 | x |\n| 22 | yyy |\n"
	lines := m.render(src, 80)
	plain := strings.Split(ansi.Strip(strings.Join(lines, "\n")), "\n")
	want := []string{
		" a  │ centred",
		"────┼─────────",
		" 1  │    x",
		" 22 │   yyy",
	}
	got := plain[len(plain)-4:]
	for i := range want {
		if strings.TrimRight(got[i], " ") != want[i] {
			t.Errorf("table row %d = %q, want %q\nwhole:\n%s", i, got[i], want[i], strings.Join(plain, "\n"))
		}
	}
	if w := ansi.StringWidth(plain[0]); w < 70 {
		t.Errorf("the paragraph shrank with the table: %q", plain[0])
	}
}
