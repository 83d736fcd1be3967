package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"golang.org/x/oauth2"

	"github.com/parley-a2a/parley/a2aclient"
)

// tokenRequestTimeout bounds one request to an authorization server
// (token, device authorization, discovery) from dial to the last byte of
// the answer, so a server that trickles its reply cannot hold parley.
const tokenRequestTimeout = 30 * time.Second

// tokenClient is base made fit for an authorization server: a deadline
// on the whole request, and no redirect that could carry the client
// secret, a code or a refresh token somewhere the person did not trust.
func tokenClient(base *http.Client) *http.Client {
	if base == nil {
		base = a2aclient.DefaultHTTPClient()
	}
	c := *base
	c.CheckRedirect = refuseRedirect
	if c.Timeout <= 0 || c.Timeout > tokenRequestTimeout {
		c.Timeout = tokenRequestTimeout
	}
	return &c
}

// refuseRedirect follows a redirect only for a GET (discovery) that stays
// on the origin it started at. A token or device request is a POST whose
// form holds the client secret (x/oauth2 moves it there when the Basic
// header fails); a 307 or 308 would resend that form, so it is never
// followed.
func refuseRedirect(req *http.Request, via []*http.Request) error {
	first := via[0]
	from, _ := a2aclient.Origin(first.URL.String())
	to, _ := a2aclient.Origin(req.URL.String())
	if from != to {
		return fmt.Errorf("the authorization server at %s redirected to another origin, %s, and parley does not follow it there; if you trust that server, name its address in the agent's config (token_url, device_url or issuer)", from, to)
	}
	if first.Method != http.MethodGet && first.Method != http.MethodHead {
		return fmt.Errorf("the authorization server at %s answered a sign-in request with a redirect, which parley does not follow; name the final address in the agent's config (token_url or device_url)", from)
	}
	if len(via) >= 10 {
		return errors.New("the authorization server redirected more than 10 times")
	}
	return nil
}

// contextSource is a token source whose requests run on the caller's
// context, so that --timeout, Ctrl-C and SIGTERM end a token request that
// hangs. oauth2's own sources keep the context they were built with.
type contextSource struct {
	mu    sync.Mutex
	tok   *oauth2.Token
	fetch func(ctx context.Context, last *oauth2.Token) (*oauth2.Token, error)
}

// Token serves oauth2.TokenSource for callers without a context; the
// request still has tokenClient's deadline.
func (s *contextSource) Token() (*oauth2.Token, error) {
	return s.TokenContext(context.Background())
}

// TokenContext returns the cached token while it is valid, else fetches
// a new one within ctx.
func (s *contextSource) TokenContext(ctx context.Context) (*oauth2.Token, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tok.Valid() {
		return s.tok, nil
	}
	tok, err := s.fetch(ctx, s.tok)
	if err != nil {
		return nil, err
	}
	s.tok = tok
	return tok, nil
}

// tokenWithContext asks src for a token within ctx when it can.
func tokenWithContext(ctx context.Context, src oauth2.TokenSource) (*oauth2.Token, error) {
	if cs, ok := src.(*contextSource); ok && ctx != nil {
		return cs.TokenContext(ctx)
	}
	return src.Token()
}
