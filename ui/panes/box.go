package panes

import "github.com/parley-a2a/parley/ui/styles"

// paneBox is what the agents and tasks panes keep alike: their styles,
// the size the root gives them and whether they have focus. Embedded, it
// gives both the root's SetSize, SetStyles, Focus and Blur.
type paneBox struct {
	st      *styles.Styles
	w, h    int
	focused bool
}

func (b *paneBox) SetSize(w, h int)            { b.w, b.h = w, h }
func (b *paneBox) SetStyles(st *styles.Styles) { b.st = st }
func (b *paneBox) Focus()                      { b.focused = true }
func (b *paneBox) Blur()                       { b.focused = false }
