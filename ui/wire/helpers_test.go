package wire

import "github.com/parley-a2a/parley/ui/styles"

// drawnView is the wire view drawn for a screen w×h.
func drawnView(v *View, st *styles.Styles, w, h int) string {
	v.SetSize(w, h)
	return v.View(st)
}
