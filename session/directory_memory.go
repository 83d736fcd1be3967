package session

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/credname"
	"github.com/parley-a2a/parley/termsafe"
)

// resolve fetches t's card and builds its client, with what the memory
// knows of the agent: the dialect it answered in last time is tried
// first, and a URL that serves no card (a base URL, an endpoint) leads
// to the card the user gave once for it, on the same origin.
func (d *Directory) resolve(ctx context.Context, t *Target) (*a2aclient.Client, error) {
	var known *KnownAgent
	if d.o.Memory != nil && t.Options.Dialect == a2aclient.DialectUnknown {
		if k, ok := d.o.Memory.RecallAgent(t.URL); ok && sameOrigin(k.CardURL, t.URL) {
			known = &k
			if dl, ok := a2aclient.ParseDialect(string(k.Dialect)); ok {
				t.Options.Prefer = dl
			}
		}
	}
	c, err := a2aclient.Resolve(ctx, t.URL, t.Options)
	if err != nil && errors.Is(err, a2aclient.ErrNoCard) && known != nil && known.CardURL != t.URL {
		noCard := err
		c, err = a2aclient.Resolve(ctx, known.CardURL, t.Options)
		if err == nil && sameAgentURL(known.Endpoint, t.URL) && !sameAgentURL(c.Endpoint().URL, t.URL) {
			// Recalled as this endpoint's card, it sends elsewhere now:
			// another agent's, whatever it said before.
			_ = c.Close()
			return nil, fmt.Errorf("%w; the card parley was given for it before (%s) now sends messages to %s, so parley did not use it",
				noCard, redactedURL(known.CardURL), redactedURL(c.Endpoint().URL))
		}
		if err == nil {
			// Say which card stands in for the one that is not there.
			a := c.Agent()
			a.CardNote = strings.TrimSpace(fmt.Sprintf("No card at %s; parley used the card at %s, which it was given for this agent before. %s", t.URL, known.CardURL, a.CardNote))
			a.Warnings = append(a.Warnings, a.CardNote)
		}
	}
	return c, err
}

// Remember records, in the memory, the dialect c's agent answered in,
// once it has answered. Errors are not the caller's concern: the next
// time only costs the tries this time did.
func (d *Directory) Remember(c *a2aclient.Client) {
	if d.o.Memory == nil || c == nil {
		return
	}
	dl, ok := c.Learned()
	if !ok || c.Agent().CardURL == "" {
		return
	}
	_ = d.o.Memory.RememberAgent(KnownAgent{CardURL: c.Agent().CardURL, Endpoint: c.Endpoint().URL, Dialect: dl})
}

// sameAgentURL reports whether two URLs name one agent.
func sameAgentURL(a, b string) bool {
	ia, okA := a2aclient.IdentityOf(a, "")
	ib, okB := a2aclient.IdentityOf(b, "")
	return okA && okB && ia == ib
}

// redactedURL is a URL for a message, without what may be a secret.
func redactedURL(u string) string { return termsafe.Line(credname.RedactURL(u)) }

// sameOrigin reports whether two URLs share scheme, host and port.
func sameOrigin(a, b string) bool {
	ua, err1 := url.Parse(a)
	ub, err2 := url.Parse(b)
	return err1 == nil && err2 == nil && ua.Scheme == ub.Scheme && ua.Host == ub.Host && ua.Host != ""
}
