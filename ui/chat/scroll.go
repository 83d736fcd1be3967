package chat

// Scrolling works on anchors (pos): moving n rows renders at most the
// items those rows cross, never the whole transcript.

// height is an item's rows: its gap and its rendered lines.
func (c *Pane) height(i int) int {
	ci := c.items[i]
	return ci.gap + c.render(ci).n
}

// up moves p up by n rows, stopping at the first row; it returns the new
// row and how many rows it moved.
func (c *Pane) up(p pos, n int) (pos, int) {
	moved := 0
	for n > 0 {
		if p.line >= n {
			p.line -= n
			moved += n
			break
		}
		if p.item == 0 {
			moved += p.line
			p.line = 0
			break
		}
		n -= p.line + 1
		moved += p.line + 1
		p.item--
		p.line = c.height(p.item) - 1
	}
	return p, moved
}

// down moves p down by n rows, stopping at the last row.
func (c *Pane) down(p pos, n int) (pos, int) {
	moved := 0
	for n > 0 {
		h := c.height(p.item)
		if p.line+n < h {
			p.line += n
			moved += n
			break
		}
		if p.item == len(c.items)-1 {
			moved += h - 1 - p.line
			p.line = h - 1
			break
		}
		step := h - p.line
		n -= step
		moved += step
		p.item++
		p.line = 0
	}
	return p, moved
}

// clamp keeps p on an existing row: items shrink (an error folds its
// details) and the transcript may have been replaced.
func (c *Pane) clamp(p pos) pos {
	if len(c.items) == 0 {
		return pos{}
	}
	p.item = min(max(p.item, 0), len(c.items)-1)
	p.line = min(max(p.line, 0), c.height(p.item)-1)
	return p
}

func (c *Pane) lastRow() pos {
	i := len(c.items) - 1
	return pos{i, c.height(i) - 1}
}

// viewTop is the first row shown.
func (c *Pane) viewTop() pos {
	if len(c.items) == 0 {
		return pos{}
	}
	if c.follow {
		p, _ := c.up(c.lastRow(), c.h-1)
		return p
	}
	return c.clamp(c.top)
}

// settle starts following again once the last row is on screen, which
// also clears the "new below" count.
func (c *Pane) settle() {
	if c.follow || len(c.items) == 0 {
		c.follow, c.newBelow = true, 0
		return
	}
	c.top = c.clamp(c.top)
	if bottom, _ := c.down(c.top, c.h-1); bottom == c.lastRow() && !c.win.after {
		c.follow, c.newBelow = true, 0
	}
}

func (c *Pane) scrollUp(n int) {
	c.dir, c.toStart = -1, false
	c.scroll(c.up, n)
}

func (c *Pane) scrollDown(n int) {
	c.dir, c.toStart = 1, false
	c.scroll(c.down, n)
}

// scroll moves the view n rows with move (c.up or c.down) and stops
// following the newest item.
func (c *Pane) scroll(move func(pos, int) (pos, int), n int) {
	if len(c.items) == 0 {
		return
	}
	from := c.viewTop()
	c.top, _ = move(from, n)
	c.top = c.holdAtReads(from, c.top)
	c.follow = false
	c.settle()
	c.keepSelectionInView()
}

// distance counts the rows from a down to b (a before b), giving up at
// limit.
func (c *Pane) distance(a, b pos, limit int) int {
	if a.item == b.item {
		return b.line - a.line
	}
	d := c.height(a.item) - a.line
	for i := a.item + 1; i < b.item && d < limit; i++ {
		d += c.height(i)
	}
	return min(d+b.line, limit)
}

func (c *Pane) headRow(i int) pos { return pos{i, c.items[i].gap} }
func (c *Pane) endRow(i int) pos  { return pos{i, c.height(i) - 1} }

// selectUp moves up: within a tall selected item it scrolls a row at a
// time until its header shows, then selects the item above, revealing
// it whole or, if it is tall, half a screen of it.
func (c *Pane) selectUp() {
	if c.sel < 0 {
		return
	}
	top := c.viewTop()
	if c.headRow(c.sel).before(top) {
		c.scrollUp(1)
		return
	}
	if c.sel == 0 {
		return
	}
	c.sel--
	if head := c.headRow(c.sel); head.before(top) {
		c.scrollUp(c.distance(head, top, c.h/2+1))
	}
}

// selectDown mirrors selectUp; past the last item it follows the bottom.
func (c *Pane) selectDown() {
	if c.sel < 0 {
		return
	}
	bottom, _ := c.down(c.viewTop(), c.h-1)
	if bottom.before(c.endRow(c.sel)) {
		c.scrollDown(1)
		return
	}
	if c.sel == len(c.items)-1 {
		if !c.win.after { // else the items below are being read
			c.follow, c.newBelow = true, 0
		}
		return
	}
	c.sel++
	if end := c.endRow(c.sel); bottom.before(end) {
		need := c.distance(bottom, c.headRow(c.sel), c.h)
		c.scrollDown(max(need, c.distance(bottom, end, c.h/2+1)))
	}
}

func (c *Pane) home() {
	if len(c.items) == 0 {
		return
	}
	c.follow, c.top, c.sel = false, pos{}, 0
	c.settle()
}

// End selects the last item and follows the bottom again: a message
// sent shows with its reply, wherever the user had scrolled (and
// whatever window of a stored transcript was read).
func (c *Pane) End() {
	c.rejoin()
	c.dropAllRanges()
	c.follow, c.newBelow, c.sel = true, 0, len(c.items)-1
}

// keepSelectionInView moves the selection onto the screen after a scroll
// took it off: to the first item whose header shows (or the item at the
// top) when it went off the top, the last such item when off the bottom.
func (c *Pane) keepSelectionInView() {
	if c.sel < 0 {
		return
	}
	top := c.viewTop()
	bottom, _ := c.down(top, c.h-1)
	switch {
	case c.endRow(c.sel).before(top):
		c.sel = top.item
		if top.line > c.items[top.item].gap && top.item < bottom.item {
			c.sel++
		}
	case bottom.before(c.headRow(c.sel)):
		c.sel = bottom.item
		if bottom.line < c.items[bottom.item].gap && bottom.item > top.item {
			c.sel--
		}
	}
}
