package a2aclient

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// fetchAgent finds and parses the agent card for target, which may be the
// card's own URL or a base URL. It looks only where the named agent's card
// can be: the URL itself when it names a card; otherwise the well-known
// paths under the URL's path, then the URL itself. Never the origin's
// root for a URL with a path: that card is another agent's. Only a
// location that has nothing (404, 405, 410, or an HTML page, which is how
// many sites answer every path) moves on to the next; a card that is
// there but refused (too large, not JSON, not a card) is an error naming
// its URL. A card found after another location had nothing says which
// card parley used, and a card reached through a redirect is read as the
// card of the origin it came from.
func fetchAgent(ctx context.Context, t *transport, target string) (*Agent, error) {
	urls, err := cardURLs(target)
	if err != nil {
		return nil, err
	}
	var tried []string
	var lastErr error
	for _, u := range urls {
		raw, final, err := fetchCard(ctx, t, u)
		if err == nil {
			var agent *Agent
			agent, err = parseCard(raw, final)
			if err == nil {
				noteWhere(agent, target, u, final, tried)
				return agent, nil
			}
		}
		var ae *AuthError
		var te *TransportError
		switch {
		case errors.As(err, &ae) || errors.As(err, &te) || ctx.Err() != nil:
			return nil, err // no other path will do better
		case !cardMissing(err):
			return nil, &CardError{URL: u, Err: err}
		}
		tried = append(tried, redactURL(u))
		lastErr = err
	}
	return nil, fmt.Errorf("%w at %s (tried %s; last: %v)", ErrNoCard, redactURL(target), strings.Join(tried, ", "), lastErr)
}

// CardError is a card that is there but cannot be used: too large, not
// JSON, not a card, or an error status. It is an ErrNoCard too.
type CardError struct {
	URL string
	Err error
}

func (e *CardError) Error() string {
	var pe *ProtocolError
	if errors.As(e.Err, &pe) {
		return pe.What // "not an agent card: URL is …", URL and why
	}
	return fmt.Sprintf("the agent card at %s cannot be used: %v", redactURL(e.URL), e.Err)
}

func (e *CardError) Unwrap() []error { return []error{ErrNoCard, e.Err} }

// cardMissing reports whether err means there is no card at a location,
// as opposed to a card that is there but cannot be used.
func cardMissing(err error) bool {
	var he *HTTPError
	if errors.As(err, &he) {
		switch he.StatusCode {
		case http.StatusNotFound, http.StatusMethodNotAllowed, http.StatusGone:
			return true
		}
		return false
	}
	var pe *ProtocolError
	return errors.As(err, &pe) && strings.Contains(pe.What, "is an HTML page")
}

// noteWhere tells, in the card's warnings, where a card came from when it
// is not where the user pointed: another well-known path, or another
// origin after a redirect.
//
// The other well-known name under the same path is the same agent's card
// (older servers serve only agent.json), so that is a warning of the
// card; a redirect to another origin is also the CardNote, which the
// commands and the TUI show when they use the agent.
func noteWhere(a *Agent, target, asked, final string, tried []string) {
	if len(tried) > 0 && asked != strings.TrimSpace(target) {
		a.Warnings = append(a.Warnings, fmt.Sprintf("No card at %s; parley used the card at %s.", strings.Join(tried, ", "), redactURL(final)))
	}
	from, _ := Origin(asked)
	if to, ok := Origin(final); ok && to != from {
		a.CardNote = fmt.Sprintf("The card at %s redirected to %s; parley reads it as a card of %s, not of %s.", redactURL(asked), redactURL(final), to, from)
		a.Warnings = append(a.Warnings, a.CardNote)
	}
}

// cardURLs lists where to look for the card, most specific first: the URL
// alone when it names a JSON document, else the well-known paths under
// the URL's path, then the URL itself.
func cardURLs(target string) ([]string, error) {
	u, err := url.Parse(strings.TrimSpace(target))
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("%q is not an http(s) URL of an agent", sanitizeLine(target))
	}
	if strings.HasSuffix(u.Path, ".json") || strings.HasSuffix(u.Path, "/agent-card") || strings.Contains(u.Path, "/.well-known/") {
		out := []string{u.String()}
		// The other well-known name beside it is the same agent's card
		// under its older (or newer) name.
		for _, p := range wellKnownCards {
			if !strings.HasSuffix(u.Path, p) {
				continue
			}
			for _, other := range wellKnownCards {
				if other != p {
					v := *u
					v.Path = strings.TrimSuffix(u.Path, p) + other
					out = append(out, v.String())
				}
			}
		}
		return out, nil
	}
	var out []string
	base := strings.TrimSuffix(u.Path, "/")
	for _, p := range wellKnownCards {
		v := *u
		v.Path = base + p
		out = append(out, v.String())
	}
	return append(out, u.String()), nil
}

// fetchCard returns the card's bytes and the URL they came from after
// any redirect.
func fetchCard(ctx context.Context, t *transport, u string) (raw []byte, final string, err error) {
	// A busy agent did not serve the card: asking again is safe.
	err = t.retryBusy(ctx, "fetch the agent card", func() error {
		raw, final, err = fetchCardOnce(ctx, t, u)
		return err
	})
	return raw, final, err
}

func fetchCardOnce(ctx context.Context, t *transport, u string) ([]byte, string, error) {
	resp, err := t.do(ctx, request{op: "fetch the agent card", method: http.MethodGet, url: u, header: http.Header{"Accept": {"application/json"}}})
	if err != nil {
		return nil, "", err
	}
	final := u
	if r := resp.Request; r != nil && r.Response != nil && r.URL != nil {
		// Redirected: the card is the last URL's, less any API key parley
		// put in its query.
		v := *r.URL
		if q, ok := r.Context().Value(credQueryKey{}).(*credHeaderSet); ok && v.RawQuery != "" {
			vals := v.Query()
			for _, n := range q.list() {
				vals.Del(n)
			}
			v.RawQuery = vals.Encode()
		}
		final = v.String()
	}
	raw, err := t.readBody("fetch the agent card", u, resp)
	return raw, final, err
}

// candidates orders the interfaces to try: the card's own preference,
// then, for JSON-RPC and gRPC endpoints, the other versions of the same
// binding at the same URL (servers often speak an older or newer version
// than their card says). A forced dialect narrows the list to that dialect.
func candidates(agent *Agent, forced Dialect) []Interface {
	var out []Interface
	seen := map[string]bool{}
	add := func(i Interface) {
		key := string(i.Dialect) + " " + i.URL
		if i.Dialect == DialectUnknown || seen[key] {
			return
		}
		if forced != DialectUnknown && i.Dialect != forced {
			return
		}
		seen[key] = true
		out = append(out, i)
	}
	for _, i := range agent.Interfaces {
		add(i)
	}
	for _, i := range agent.Interfaces {
		// The binding's alternate dialects (dialectFacts.alternate), in
		// the order of Dialects. Over gRPC a server answers "unknown
		// service" for the other version's service name: its other
		// version is tried before leaving the endpoint.
		for _, d := range Dialects {
			if f := facts(d); f.alternate && f.binding == i.Binding {
				alt := i
				alt.Dialect = d
				add(alt)
			}
		}
	}
	if forced != DialectUnknown && len(out) == 0 && len(agent.Interfaces) > 0 {
		// The user knows better than the card: speak the forced dialect
		// at the card's first endpoint.
		alt := agent.Interfaces[0]
		alt.Dialect = forced
		out = append(out, alt)
	}
	return out
}
