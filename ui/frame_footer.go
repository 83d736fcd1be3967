package ui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/parley-a2a/parley/ui/styles"
)

// The footer's keys, kept between frames.
//
// With the composer kept (frame_composer.go), the footer was the
// largest part of a streamed change's frame after the panes: every View
// measured each key's help again (lipgloss.Width, to fit the line) and
// drew it with the help's styles, though what the footer lists changes
// only with the focus, a pane's state or the width. The line is drawn
// again when what it would show differs: the focused pane's bindings as
// they are now (keys, words, enabled), the width and the styles, which
// are cheap to compare. CPU per 4,000 iterations (pprof, in turn, load
// ~20): a streamed change's frame, View 1.24–1.45 → 0.93–1.17 s (the
// footer 0.44–0.55 s → none); a key typed during the stream, whose own
// View drew the footer too, 1.46–1.48 → 1.11–1.31 s.

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
