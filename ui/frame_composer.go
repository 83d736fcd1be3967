package ui

import "github.com/parley-a2a/parley/ui/styles"

// The composer's box, kept between frames.
//
// Every View draws the composer's box again, and every streamed change
// draws a View: a quarter of the program's own CPU during the
// 100,000-chunk stream (PARLEY_CPUPROFILE, composerBox under View) went
// to drawing a composer nothing had touched — the textarea's View and
// lipgloss's padding measure every cell again. The messages of a stream
// (convChangedMsg, frameMsg, the clock, the wire log, a render's return,
// a status expiring) never reach the composer (route), so after one of
// them the box as last drawn is still right, unless its title, size,
// focus or styles changed, which are checked. After any other message
// it is drawn again. A streamed change's frame (BenchmarkFrameDuringStream)
// 346–445 → 240–276 µs, 919 → 367 allocations; keys typed during the
// 100,000-chunk stream, 20 rounds in turn at load 1.4–6.5: p90 30 → 27 ms,
// p99 79 → 67 ms (docs/performance.md, goal 2).

// composerSig is what the composer's box depends on besides the
// composer's own state.
type composerSig struct {
	title   string
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
// reach the composer.
func streamOnly(msg any) bool {
	switch msg.(type) {
	case convChangedMsg, tickMsg, wireChangedMsg, mdRenderedMsg, frameMsg, statusExpiredMsg:
		return true
	}
	return false
}

// composerBoxKept is composerBox, as last drawn when nothing it shows
// can have changed.
func (m *Model) composerBoxKept(h int) string {
	c := &m.composerFrame
	keep := c.keep
	c.keep = false // a View with no Update before it draws
	sig := composerSig{title: m.composerTitle(), w: m.width, h: h, focused: m.focus == focusComposer, st: m.st}
	if !keep {
		c.ok = false // the composer's own state may have changed
	}
	return c.draw(sig, func() string { return m.composerBox(h) })
}
