package a2aclient

import (
	"net/http"
	"slices"
	"strings"
)

// The header that carries the extensions a client activates, and that
// the agent echoes with the ones it used, is its dialect's
// (dialectFacts.extensionHeader): A2A v1.0 names it A2A-Extensions (a
// service parameter, a2a-extensions in gRPC metadata); v0.2 and v0.3
// named it X-A2A-Extensions; v0.1 and the gateway dialect have none.

// ExtensionsSupported reports whether dialect d can carry extensions.
func ExtensionsSupported(d Dialect) bool { return facts(d).extensionHeader != "" }

// setExtensions adds the activated extensions to a request of dialect d,
// comma-separated in one header as the specification asks.
func (t *transport) setExtensions(h http.Header, d Dialect) {
	if name := facts(d).extensionHeader; name != "" && len(t.extensions) > 0 {
		h.Set(name, strings.Join(t.extensions, ","))
	}
}

// Extensions returns the extension URIs the client activates on every
// request (Options.Extensions). The gRPC bindings send the same header
// lower-cased as metadata (a2a-extensions, x-a2a-extensions for v0.3).
func (c *Client) Extensions() []string { return slices.Clone(c.t.extensions) }

// noteActivated records which extensions the agent says it activated,
// from the reply to a request that asked for some.
func (t *transport) noteActivated(hreq *http.Request, resp *http.Response) {
	for _, name := range extensionHeaders {
		if hreq.Header.Get(name) == "" {
			continue
		}
		t.recordActivated(resp.Header.Values(name))
		return
	}
}

// recordActivated keeps the URIs an agent's reply confirmed, from header
// or metadata values that may each hold a comma-separated list.
func (t *transport) recordActivated(values []string) {
	var got []string
	for _, v := range values {
		for _, uri := range strings.Split(v, ",") {
			if uri = strings.TrimSpace(uri); uri != "" && !slices.Contains(got, uri) {
				got = append(got, uri)
			}
		}
	}
	t.mu.Lock()
	t.activated = got
	t.mu.Unlock()
}

// ActivatedExtensions lists the extensions the agent confirmed, in its
// reply's A2A-Extensions header, on the last request that asked for
// some; nil before any.
func (c *Client) ActivatedExtensions() []string {
	c.t.mu.Lock()
	defer c.t.mu.Unlock()
	return slices.Clone(c.t.activated)
}

// MissingRequiredExtensions lists the extensions the card says are
// required that the client does not activate.
func (c *Client) MissingRequiredExtensions() []Extension {
	var out []Extension
	for _, e := range c.agent.Capabilities.Extensions {
		if e.Required && !slices.Contains(c.t.extensions, e.URI) {
			out = append(out, e)
		}
	}
	return out
}
