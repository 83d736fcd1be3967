package styles

import "fmt"

// ListWindow is which of n rows a list shows in h lines with the
// cursor's row among them: rows [top, end), moved from top no further
// than the cursor needs. When some are hidden the last line says how
// many (HiddenNote), so the rows shown are one fewer than h.
func ListWindow(n, cursor, top, h int) (int, int) {
	if n <= h {
		return 0, n
	}
	rows := max(h-1, 1)
	if cursor < top {
		top = cursor
	}
	if cursor >= top+rows {
		top = cursor - rows + 1
	}
	top = max(0, min(top, n-rows))
	return top, top + rows
}

// HiddenNote says how many of n rows a list's window [top, end) hides,
// in st's muted style cut to w cells; "" when none is.
func HiddenNote(st *Styles, n, top, end, w int) string {
	above, below := top, n-end
	var s string
	switch {
	case above > 0 && below > 0:
		s = fmt.Sprintf("… %d more above, %d below", above, below)
	case above > 0:
		s = fmt.Sprintf("… %d more above", above)
	case below > 0:
		s = fmt.Sprintf("… %d more", below)
	default:
		return ""
	}
	return st.Muted.Render(Clip(s, w))
}
