package styles

import (
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Box draws content in a rounded border of exactly w×h cells with a title
// set into the top edge and an optional note in the bottom edge (every
// pane and dialog is drawn this way). Content lines are cut or padded to
// fit.
func Box(st *Styles, title, note, content string, w, h int, focused bool) string {
	if w < 4 || h < 2 {
		return ""
	}
	bc, e := st.Border, &roundEdges
	if focused {
		bc = st.BorderFocus
		if st.HeavyFocus {
			e = &heavyEdges
		}
	}
	edge := lipgloss.NewStyle().Foreground(bc)
	inner := w - 2
	var b strings.Builder
	b.WriteString(edge.Render(e.tl + titled(title, inner, focused, st, edge, e.h) + e.tr))
	lines := strings.Split(content, "\n")
	v := edge.Render(e.v) // once a box: styling an edge is a frame's dearest step
	for i := 0; i < h-2; i++ {
		line := ""
		if i < len(lines) {
			line = lines[i]
		}
		b.WriteByte('\n')
		b.WriteString(v)
		b.WriteString(Fit(line, inner))
		b.WriteString(v)
	}
	b.WriteByte('\n')
	b.WriteString(edge.Render(e.bl + titled(note, inner, false, st, edge, e.h) + e.br))
	return b.String()
}

// edges are a border's characters: corners, horizontal and vertical.
type edges struct{ tl, tr, bl, br, h, v string }

var (
	roundEdges = edges{"╭", "╮", "╰", "╯", "─", "│"}
	heavyEdges = edges{"┏", "┓", "┗", "┛", "━", "┃"}
)

// titled fills a border edge of width n with the line h, setting text
// in it.
func titled(text string, n int, focused bool, st *Styles, edge lipgloss.Style, h string) string {
	if text == "" {
		return strings.Repeat(h, n)
	}
	text = ansi.Truncate(text, n-3, "…")
	style := st.Muted
	if focused {
		style = st.Accent
	}
	label := " " + style.Render(text) + " "
	rest := n - 1 - ansi.StringWidth(label)
	if rest < 0 {
		rest = 0
	}
	return h + label + edge.Render(strings.Repeat(h, rest))
}

// Fit cuts or pads a styled line to exactly n cells. A wide character
// cut at the edge leaves a cell, padded: the border after it stays put.
func Fit(line string, n int) string {
	w := CellWidth(line)
	if w > n {
		line = ansi.Truncate(line, n, "")
		w = CellWidth(line)
	}
	return line + strings.Repeat(" ", max(n-w, 0))
}

// CellWidth is ansi.StringWidth, counted byte by byte while the text is
// printable ASCII, CSI sequences (colours) and the box-drawing characters
// of the borders; anything else goes to ansi.StringWidth. A frame
// measures every row of every pane, on the goroutine that handles keys,
// and the segmenter ansi.StringWidth walks costs many times this.
func CellWidth(s string) int {
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
