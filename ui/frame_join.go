package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// Joining the panes without measuring them: lipgloss measures every
// line it joins with ansi.StringWidth, which walks grapheme clusters, on
// the goroutine that handles keys. The panes are boxes whose every line
// is exactly as wide as the box (styles.Box, styles.Fit), so their lines
// are put side by side as they are.

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
