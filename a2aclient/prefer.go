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

// Learned returns what the agent taught about its dialect, once it has
// answered (ok): the dialect it answered in when that is not the one its
// card chooses, DialectUnknown when the card's choice answered. A dialect
// the user forced teaches nothing (ok is false): remembered, it would
// outlive the reason it was forced.
func (c *Client) Learned() (d Dialect, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.confirmed || c.opts.Dialect != DialectUnknown {
		return DialectUnknown, false
	}
	if d = c.candidates[c.cur].Dialect; d == c.cardChoice {
		return DialectUnknown, true
	}
	return d, true
}
