package a2aclient

// preferFirst moves the interfaces in dialect d to the front, keeping
// their order and the others'. An agent whose card misleads (VoltAgent's
// has no protocol version and the shape of a v0.1 card, yet it speaks
// v0.3) is then spoken to at once in the dialect it answered in last
// time, instead of after a failed try of each one before it.
func preferFirst(cands []Interface, d Dialect) []Interface {
	if d == DialectUnknown {
		return cands
	}
	out := make([]Interface, 0, len(cands))
	for _, i := range cands {
		if i.Dialect == d {
			out = append(out, i)
		}
	}
	for _, i := range cands {
		if i.Dialect != d {
			out = append(out, i)
		}
	}
	return out
}

// Learned returns the dialect the agent has answered in, and whether it
// has answered at all: what is worth remembering for the next time.
func (c *Client) Learned() (Dialect, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.candidates[c.cur].Dialect, c.confirmed
}
