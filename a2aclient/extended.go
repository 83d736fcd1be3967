package a2aclient

// WithCard returns a client for the same agent, endpoint and credentials
// that describes the agent with card: the authenticated extended card,
// fetched once signed in, which may list more skills. Where the card was
// found, its format, and the interfaces (when the extended card lists
// none) stay those of the public card; the original client is unchanged.
func (c *Client) WithCard(card *Agent) *Client {
	merged := *card
	if len(merged.Interfaces) == 0 {
		merged.Interfaces = c.agent.Interfaces
	}
	merged.CardURL = c.agent.CardURL
	if merged.CardDialect == DialectUnknown {
		merged.CardDialect = c.agent.CardDialect
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return &Client{agent: &merged, t: c.t, opts: c.opts, candidates: c.candidates, cur: c.cur, b: c.b, confirmed: c.confirmed, cardChoice: c.cardChoice, moved: c.moved}
}
