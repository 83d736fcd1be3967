package chat

// A Markdown answer that arrives faster than the screen is redrawn leaves
// most of its pieces unrendered, standing in as blank lines (mdStream).
// Before a frame is drawn, the pieces it would show — and, when scrolled
// back, a screen above and below, so a page up lands on rendered text —
// are rendered, and the scroll anchor is moved by the lines they gained or
// lost, so what was on screen stays put. glamour costs milliseconds per
// kilobyte, so a fast stream costs what is looked at, not the whole
// answer, however long it grows.

// maxRealizePasses bounds the passes of one frame: rendering a piece
// changes its height, which may bring another piece into view.
const maxRealizePasses = 6

// realizeShown renders the stand-in pieces near the rows a frame shows.
func (c *Pane) realizeShown() {
	for pass := 0; pass < maxRealizePasses && c.realizePass(); pass++ {
	}
}

type standIn struct {
	item, block int
	s           *mdStream
	row, n      int // the block's first row in its item (gap included), its rows
}

// realizePass renders the stand-ins in view; it reports whether it
// rendered any.
func (c *Pane) realizePass() bool {
	if len(c.items) == 0 || c.h <= 0 {
		return false
	}
	from, rows := c.viewTop(), c.h
	if !c.follow {
		from, _ = c.up(from, c.h)
		rows = 3 * c.h
	}
	var found []standIn
	row := from
	for n := 0; n < rows; n++ {
		if in, ok := c.standInAt(row); ok && (len(found) == 0 || found[len(found)-1] != in) {
			found = append(found, in)
		}
		next, moved := c.down(row, 1)
		if moved == 0 {
			break
		}
		row = next
	}
	// From the bottom up, so the rows of those left to do stay valid.
	for i := len(found) - 1; i >= 0; i-- {
		c.realize(found[i])
	}
	return len(found) > 0
}

// standInAt finds the stand-in block drawn at row p, if any.
func (c *Pane) standInAt(p pos) (standIn, bool) {
	ci := c.items[p.item]
	k := p.line - ci.gap
	if k <= 0 || len(ci.spans) == 0 {
		return standIn{}, false
	}
	c.render(ci)
	for i := len(ci.spans) - 1; i >= 0; i-- {
		sp := ci.spans[i]
		if k < sp.start {
			continue
		}
		block, start, n, ok := sp.s.placeholder(k - sp.start)
		if !ok {
			return standIn{}, false
		}
		return standIn{item: p.item, block: block, s: sp.s, row: ci.gap + sp.start + start, n: n}, true
	}
	return standIn{}, false
}

// realize renders one stand-in and keeps the view where it was.
func (c *Pane) realize(in standIn) {
	ci := c.items[in.item]
	before := c.height(in.item)
	if in.s.async {
		in.s.plainify(in.block) // rendered by a command (render_async.go)
	} else {
		in.s.realize(c.md, in.block)
	}
	ci.key = renderKey{} // lay the item out again; only the block renders
	delta := c.height(in.item) - before
	if c.follow || c.top.item != in.item || delta == 0 {
		return
	}
	// The rows below the block stay put, which is what was on screen
	// when the top is at or below it: scrolling up moves into stand-ins
	// from below.
	if c.top.line >= in.row {
		c.top.line = max(c.top.line+delta, in.row)
	}
}
