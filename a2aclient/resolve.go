package a2aclient

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Well-known card paths, newest first: v0.3 and v1.0 serve agent-card.json,
// older servers (and many current ones) only agent.json.
var wellKnownCards = []string{"/.well-known/agent-card.json", "/.well-known/agent.json"}

// fetchAgent finds and parses the agent card for target, which may be the
// card's own URL or a base URL.
func fetchAgent(ctx context.Context, t *transport, target string) (*Agent, error) {
	urls, err := cardURLs(target)
	if err != nil {
		return nil, err
	}
	var tried []string
	var lastErr, parseErr error
	for _, u := range urls {
		raw, err := fetchCard(ctx, t, u)
		if err != nil {
			var ae *AuthError
			var te *TransportError
			if errors.As(err, &ae) || errors.As(err, &te) || ctx.Err() != nil {
				return nil, err // no other path will do better
			}
			tried = append(tried, redactURL(u))
			lastErr = err
			continue
		}
		agent, err := parseCard(raw, u)
		if err != nil {
			// A document that is not a card says more than the 404s of
			// the paths tried after it, so it is the one reported.
			tried = append(tried, redactURL(u))
			lastErr, parseErr = err, err
			continue
		}
		return agent, nil
	}
	if parseErr != nil {
		lastErr = parseErr
	}
	return nil, fmt.Errorf("%w at %s (tried %s; last: %v)", ErrNoCard, redactURL(target), strings.Join(tried, ", "), lastErr)
}

// cardURLs lists where to look for the card, most specific first: the URL
// itself when it names a JSON document, the well-known paths under the
// URL's path, then under the host's root, then the URL itself.
func cardURLs(target string) ([]string, error) {
	u, err := url.Parse(strings.TrimSpace(target))
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("%q is not an http(s) URL of an agent", sanitizeLine(target))
	}
	var out []string
	add := func(s string) {
		for _, x := range out {
			if x == s {
				return
			}
		}
		out = append(out, s)
	}
	looksLikeCard := strings.HasSuffix(u.Path, ".json") || strings.HasSuffix(u.Path, "/agent-card") || strings.Contains(u.Path, "/.well-known/")
	if looksLikeCard {
		add(u.String())
	}
	base := strings.TrimSuffix(u.Path, "/")
	for _, p := range wellKnownCards {
		v := *u
		v.Path = base + p
		add(v.String())
	}
	if base != "" {
		for _, p := range wellKnownCards {
			v := *u
			v.Path = p
			v.RawQuery = ""
			add(v.String())
		}
	}
	if !looksLikeCard {
		add(u.String())
	}
	return out, nil
}

func fetchCard(ctx context.Context, t *transport, u string) ([]byte, error) {
	resp, err := t.do(ctx, request{op: "fetch the agent card", method: http.MethodGet, url: u, header: http.Header{"Accept": {"application/json"}}})
	if err != nil {
		return nil, err
	}
	return t.readBody("fetch the agent card", u, resp)
}

// candidates orders the interfaces to try: the card's own preference,
// then, for JSON-RPC endpoints, the other JSON-RPC dialects at the same
// URL (servers often speak an older or newer version than their card
// says). A forced dialect narrows the list to that dialect.
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
		if i.Binding != BindingJSONRPC {
			continue
		}
		for _, d := range []Dialect{DialectV10, DialectV03, DialectV01} {
			alt := i
			alt.Dialect = d
			add(alt)
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
