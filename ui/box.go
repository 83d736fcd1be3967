package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// box draws content in a rounded border of exactly w×h cells with a title
// set into the top edge and an optional note in the bottom edge (every
// pane and dialog is drawn this way). Content lines are cut or padded to
// fit.
func box(st *Styles, title, note, content string, w, h int, focused bool) string {
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
	v := edge.Render(e.v) // once: a styled render per row was a frame's largest cost
	for i := 0; i < h-2; i++ {
		line := ""
		if i < len(lines) {
			line = lines[i]
		}
		b.WriteByte('\n')
		b.WriteString(v)
		b.WriteString(fit(line, inner))
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

// fit cuts or pads a styled line to exactly n cells. A wide character
// cut at the edge leaves a cell, padded: the border after it stays put.
func fit(line string, n int) string {
	w := cellWidth(line)
	if w > n {
		line = ansi.Truncate(line, n, "")
		w = cellWidth(line)
	}
	return line + strings.Repeat(" ", max(n-w, 0))
}
