package ui

// drawMemo keeps a drawing between frames: the composer's box, the
// footer's keys and the side panes' boxes are each drawn again only when
// what they are drawn from (the key) changed. A key holds everything the
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
