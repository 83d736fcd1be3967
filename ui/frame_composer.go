package ui

import (
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/styles"
)

// The composer's box, kept between frames.
//
// Every streamed change draws a View, and drawing the composer's box is
// dear: the textarea's View and lipgloss's padding measure every cell.
// A message that says it changes only what streams in, or at most the
// footer (component.Redraw), never reaches the composer (route), so
// after one of them the box as last drawn is still right, unless its
// title, size, focus or styles changed, which are checked. After any
// other message it is drawn again.

// composerSig is what the composer's box depends on besides the
// composer's own state.
type composerSig struct {
	title   string
	note    string
	w, h    int
	focused bool
	st      *styles.Styles
}

// composerCache is the box as last drawn.
type composerCache struct {
	drawMemo[composerSig]
	keep bool // the message just handled did not reach the composer
}

// streamOnly reports whether msg is one of the messages that never
// reach the composer: those that say they change only what streams in,
// or at most the footer.
func streamOnly(msg any) bool {
	return redrawOf(msg) != component.RedrawAll
}

// composerBoxKept is composerBox, as last drawn when nothing it shows
// can have changed.
func (m *Model) composerBoxKept(h int) string {
	c := &m.composerFrame
	keep := c.keep
	c.keep = false // a View with no Update before it draws
	sig := composerSig{title: m.composerTitle(), note: m.modeNote(), w: m.width, h: h, focused: m.focus == focusComposer, st: m.st}
	if !keep {
		c.ok = false // the composer's own state may have changed
	}
	return c.draw(sig, func() string { return m.composerBox(h) })
}
