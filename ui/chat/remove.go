package chat

// remove takes the item at idx out of the transcript (an artifact that
// emptied, session.Item.Emptied), keeping the selection and the view's
// top on the items they were on.
func (c *Pane) remove(idx int) {
	c.items = append(c.items[:idx], c.items[idx+1:]...)
	c.reindex()
	c.setGap(idx)
	if c.sel > idx || c.sel == len(c.items) {
		c.sel--
	}
	switch {
	case c.top.item > idx:
		c.top.item--
	case c.top.item == idx:
		c.top.line = 0
	}
}
