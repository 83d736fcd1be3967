package ui

import (
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/styles"
)

// drawn is dialog d drawn for a screen w×h.
func drawn(d dialog.Dialog, st *styles.Styles, w, h int) string {
	d.SetSize(w, h)
	return d.View(st)
}
