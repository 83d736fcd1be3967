package a2aclient

import (
	"context"
	"slices"
)

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
	merged.Signature = CardSignature{} // checked by VerifyExtendedCard, against the public card's
	name, origins := c.publicName, c.publicOrigins
	if name == "" && origins == nil {
		name = c.agent.Name
		for _, i := range c.agent.Interfaces {
			origins = append(origins, endpointOrigin(i.URL))
		}
		if o, ok := Origin(c.agent.CardURL); ok {
			origins = append(origins, o)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return &Client{agent: &merged, t: c.t, opts: c.opts, candidates: c.candidates, cur: c.cur, b: c.b, confirmed: c.confirmed, cardChoice: c.cardChoice, moved: c.moved,
		publicName: name, publicOrigins: origins}
}

// VerifyExtendedCard checks the signatures of the extended card c
// describes (a client WithCard made) and keeps, as its Signature, what a
// person may be told of it, given public, what the public card's check
// found. The public card chose the endpoint the extended card came
// from, so the extended card verifies only when the public card did,
// with a key from the same key set, and it is the same agent (its name)
// on the same origins (its interfaces): an extended card is no better
// than the card that led to it, and one that names another agent or
// endpoint is not the card that was checked.
func (c *Client) VerifyExtendedCard(ctx context.Context, public CardSignature) CardSignature {
	own := c.VerifyCard(ctx)
	c.sigMu.Lock()
	defer c.sigMu.Unlock()
	c.agent.Signature = extendedSignature(public, own, c.publicName, c.publicOrigins, c.agent)
	return c.agent.Signature
}

// extendedSignature is the extended card's signature as shown.
func extendedSignature(public, own CardSignature, name string, origins []string, ext *Agent) CardSignature {
	if own.Status != SignatureVerified {
		return own
	}
	switch {
	case public.Status == SignatureInvalid:
		return invalid("the extended card is signed, but the public card that named its endpoint is not valid: %s", public.Reason)
	case public.Status != SignatureVerified:
		// The public card's own outcome (unsigned, unchecked): no ✓.
		return CardSignature{Status: public.Status, Reason: public.Reason}
	case own.KeyURL != public.KeyURL:
		return invalid("the extended card is signed with a key from %s, not from %s, whose key signed the public card", redactURL(own.KeyURL), redactURL(public.KeyURL))
	case ext.Name != name:
		return invalid("the extended card names the agent %q, the public card %q", truncate(ext.Name, 60), truncate(name, 60))
	}
	for _, i := range ext.Interfaces {
		if !slices.Contains(origins, endpointOrigin(i.URL)) {
			return invalid("the extended card lists an endpoint on %s, an origin the public card does not name", truncate(i.URL, 80))
		}
	}
	return own
}

// endpointOrigin is an endpoint's origin, or the endpoint as written
// when it has none parley reads (a gRPC host:port).
func endpointOrigin(u string) string {
	if o, ok := Origin(u); ok {
		return o
	}
	return u
}
