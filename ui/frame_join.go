package ui

import (
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Laying the panes out cost a third of a frame in measuring: lipgloss
// measures every line it renders or joins with ansi.StringWidth, which
// walks grapheme clusters, and a frame measured each row of each pane
// several times over (its border's two edges, the fit, the joins, the
// body's width). While an answer streams that frame is on the goroutine
// that handles keys. The panes are boxes whose every line is exactly as
// wide as the box (box, fit), so joining them needs no measuring, and
// what is measured is mostly printable ASCII and colour sequences,
// counted here without the segmenter.

// cellWidth is ansi.StringWidth, counted byte by byte while the text is
// printable ASCII, CSI sequences (colours) and the box-drawing characters
// of the borders; anything else goes to ansi.StringWidth.
func cellWidth(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x20 && c < 0x7f:
			n++
		case c >= 0x80:
			// One cell. Whatever could join it (a combining mark, a
			// variation selector) is not a border character, and
			// sends the whole string to ansi.StringWidth when reached.
			size := borderRune(s[i:])
			if size == 0 {
				return ansi.StringWidth(s)
			}
			n++
			i += size - 1
		case c == 0x1b && i+1 < len(s) && s[i+1] == '[':
			// Parameter and intermediate bytes, then the final byte.
			j := i + 2
			for j < len(s) && s[j] >= 0x20 && s[j] < 0x40 {
				j++
			}
			if j >= len(s) || s[j] < 0x40 || s[j] > 0x7e {
				return ansi.StringWidth(s)
			}
			i = j
		default:
			return ansi.StringWidth(s)
		}
	}
	return n
}

// borderRune is the length of the box-drawing character (U+2500–U+257F)
// s starts with, or 0.
func borderRune(s string) int {
	r, size := utf8.DecodeRuneInString(s)
	if r < 0x2500 || r > 0x257f {
		return 0
	}
	return size
}

// besideBoxes is lipgloss.JoinHorizontal(lipgloss.Top, a, b) for two
// columns of boxes of the same height, each line as wide as its column:
// the lines are put side by side as they are.
func besideBoxes(a, b string) string {
	if a == "" || b == "" || strings.Count(a, "\n") != strings.Count(b, "\n") {
		return lipgloss.JoinHorizontal(lipgloss.Top, a, b)
	}
	var sb strings.Builder
	sb.Grow(len(a) + len(b))
	for {
		i, j := strings.IndexByte(a, '\n'), strings.IndexByte(b, '\n')
		if i < 0 {
			sb.WriteString(a)
			sb.WriteString(b)
			return sb.String()
		}
		sb.WriteString(a[:i])
		sb.WriteString(b[:j])
		sb.WriteByte('\n')
		a, b = a[i+1:], b[j+1:]
	}
}

// stackBoxes is lipgloss.JoinVertical(lipgloss.Left, a, b) for two boxes
// of the same width.
func stackBoxes(a, b string) string {
	if a == "" || b == "" {
		return lipgloss.JoinVertical(lipgloss.Left, a, b)
	}
	return a + "\n" + b
}
