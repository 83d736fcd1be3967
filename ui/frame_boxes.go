package ui

import "github.com/parley-a2a/parley/ui/styles"

// The side panes' boxes, kept between frames.
//
// While an answer streams, every frame drew the Agents and Tasks boxes
// again (their borders, titles and every row fitted to the width) for
// panes that had not changed: a quarter of a streamed change's View
// after the composer and the footer were kept. box is a function of its
// arguments alone (the styles are not changed once made), so a box
// drawn for the same arguments, the pane's content compared as a
// string, is the box drawn before. BenchmarkFrameDuringStream, CPU per
// 4,000 frames from pprof in turn (load ~17): the panes' drawing
// 0.41–0.64 → 0.32–0.46 s, the two boxes 0.17–0.27 → 0.03–0.04 s;
// allocations per frame 255–265 → 164–173.

// boxMemo is one pane's box as last drawn and what it was drawn from.
type boxMemo struct{ drawMemo[boxArgs] }

// boxArgs are box's arguments.
type boxArgs struct {
	st                   *styles.Styles
	title, note, content string
	w, h                 int
	focused              bool
}

// box is box(st, title, note, content, w, h, focused), drawn again only
// when one of them changed.
func (b *boxMemo) box(st *styles.Styles, title, note, content string, w, h int, focused bool) string {
	return b.draw(boxArgs{st, title, note, content, w, h, focused}, func() string {
		return styles.Box(st, title, note, content, w, h, focused)
	})
}
