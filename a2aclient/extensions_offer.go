package a2aclient

import (
	"maps"
	"slices"
)

// ExtensionOffer is an extension the client activates only when the
// agent's card declares it (Options.Offers), as A2UI asks: URIs are the
// versions the client understands, the one it prefers (the newest)
// first, and the first of them the card declares is activated. Metadata
// says what every message the client sends carries in its metadata while
// that version is active (A2UI's a2uiClientCapabilities); nil for none.
type ExtensionOffer struct {
	URIs     []string
	Metadata func(uri string) map[string]any
}

// acceptOffers activates, for each offer, the newest version the card
// declares: it joins the extensions of every request, and its metadata
// that of every message sent. The options keep them, so a client
// WithAuth or WithCard derives activates the same.
func (c *Client) acceptOffers() {
	declared := map[string]bool{}
	for _, e := range c.agent.Capabilities.Extensions {
		declared[e.URI] = true
	}
	offers := c.opts.Offers
	c.opts.Offers = nil
	c.opts.Extensions = slices.Clone(c.opts.Extensions)
	for _, o := range offers {
		for _, uri := range o.URIs {
			if !declared[uri] {
				continue
			}
			if !slices.Contains(c.opts.Extensions, uri) {
				c.opts.Extensions = append(c.opts.Extensions, uri)
				c.t.extensions = append(c.t.extensions, uri)
			}
			if o.Metadata != nil {
				if c.opts.MessageMetadata == nil {
					c.opts.MessageMetadata = map[string]any{}
				}
				maps.Copy(c.opts.MessageMetadata, o.Metadata(uri))
			}
			break
		}
	}
}

// prepare fills in what a message needs before it goes: its id and role,
// and the metadata the activated extensions ask every message to carry
// (the caller's own keys win; the caller's map is not changed).
func (c *Client) prepare(req *SendRequest) {
	prepare(req)
	if len(c.opts.MessageMetadata) == 0 {
		return
	}
	md := maps.Clone(c.opts.MessageMetadata)
	maps.Copy(md, req.Message.Metadata)
	req.Message.Metadata = md
}
