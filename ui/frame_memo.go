// Drawings kept between frames: the side panes' boxes and the footer's
// keys, each drawn again only when what it is drawn from changed. While
// an answer streams every frame would otherwise draw again panes that
// have not changed (their borders, titles and every row fitted to the
// width) and measure each key of the footer, on the goroutine that
// handles keys. The composer's box is kept the same way
// (frame_composer.go).

package ui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/parley-a2a/parley/ui/styles"
)

// drawMemo keeps a drawing between frames. A key holds everything the
// drawing depends on; the styles, never changed once made, by pointer.
type drawMemo[K comparable] struct {
	key   K
	out   string
	ok    bool // out was drawn for key
	draws int  // drawings made, for tests
}

// draw is draw() as last made for k, made again when k changed.
func (d *drawMemo[K]) draw(k K, draw func() string) string {
	if d.ok && d.key == k {
		return d.out
	}
	d.key, d.out, d.ok = k, draw(), true
	d.draws++
	return d.out
}

// boxMemo is one pane's box as last drawn and what it was drawn from.
// styles.Box is a function of its arguments alone, so a box drawn for
// the same arguments, the pane's content compared as a string, is the
// box drawn before.
type boxMemo struct{ drawMemo[boxArgs] }

// boxArgs are styles.Box's arguments.
type boxArgs struct {
	st                   *styles.Styles
	title, note, content string
	w, h                 int
	focused              bool
}

// box is styles.Box(st, title, note, content, w, h, focused), drawn
// again only when one of them changed.
func (b *boxMemo) box(st *styles.Styles, title, note, content string, w, h int, focused bool) string {
	return b.draw(boxArgs{st, title, note, content, w, h, focused}, func() string {
		return styles.Box(st, title, note, content, w, h, focused)
	})
}

// The footer's line of keys is drawn again when what it would show
// differs: the focused pane's bindings as they are now (keys, words,
// enabled), the width and the styles, which are cheap to compare.

// footerCache is the keys line as last drawn and what it was drawn for.
type footerCache struct{ drawMemo[footerKey] }

// footerKey is what the keys line shows (bindingsSig) and its styles.
type footerKey struct {
	sig string
	st  *styles.Styles
}

// keysFooter is the footer's line of the focused pane's keys.
func (m *Model) keysFooter() string {
	all := m.focusKeys()
	return m.footerFrame.draw(footerKey{bindingsSig(all, m.width), m.st}, func() string {
		return " " + styles.Clip(m.help.ShortHelpView(fitKeys(all, m.width-2)), m.width-2)
	})
}

// bindingsSig is what a line of bindings shows at width cells.
func bindingsSig(bs []key.Binding, width int) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(width))
	for _, k := range bs {
		h := k.Help()
		b.WriteByte(0)
		if k.Enabled() {
			b.WriteByte('+')
		}
		b.WriteString(h.Key)
		b.WriteByte(0)
		b.WriteString(h.Desc)
	}
	return b.String()
}
