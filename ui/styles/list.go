package styles

import "fmt"

// ListWindow is which of n rows a list shows in h lines with the
// cursor's row among them: rows [top, end), moved from top no further
// than the cursor needs. Rows hidden above are counted on the window's
// first line and rows hidden below on its last (HiddenNotes), so a
// window at either end of a long list shows one row fewer than h, one
// in its middle two fewer. With no room for a row between two notes
// (h below 3) the window overflows h: the caller's box cuts it.
func ListWindow(n, cursor, top, h int) (int, int) {
	return ListWindowOf(n, cursor, top, h, 1)
}

// ListWindowOf is ListWindow for a list whose rows are per lines each
// (a note is one line).
func ListWindowOf(n, cursor, top, h, per int) (int, int) {
	per = max(per, 1)
	if n*per <= h {
		return 0, n
	}
	cursor = max(0, min(cursor, n-1))
	last := n - max((h-1)/per, 1) // the top of the window that ends the list
	top = max(0, min(top, last))
	if cursor < top {
		top = cursor
	}
	for cursor >= top+windowRows(n, top, last, h, per) {
		top++
	}
	return top, top + windowRows(n, top, last, h, per)
}

// windowRows is how many rows a window from top shows in h lines, with
// the lines its notes take left out.
func windowRows(n, top, last, h, per int) int {
	switch {
	case top == 0:
		return max((h-1)/per, 1)
	case top >= last:
		return n - top
	default:
		return max((h-2)/per, 1)
	}
}

// HiddenNotes says how many of n rows a list's window [top, end) hides
// above it and below it, each in st's muted style cut to w cells, for
// the list's first line and its last; "" for a side hiding none.
func HiddenNotes(st *Styles, n, top, end, w int) (above, below string) {
	if top > 0 {
		above = st.Muted.Render(Clip(fmt.Sprintf("… %d more above", top), w))
	}
	if end < n {
		below = st.Muted.Render(Clip(fmt.Sprintf("… %d more below", n-end), w))
	}
	return above, below
}

// CenteredWindow is ListWindow for a list that keeps its cursor's row
// near the middle of the window rather than moving no further than it
// needs.
func CenteredWindow(n, cursor, h int) (int, int) {
	return ListWindow(n, cursor, max(cursor-h/2, 0), h)
}
