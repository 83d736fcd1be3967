package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"golang.org/x/oauth2"

	"github.com/parley-a2a/parley/a2aclient"
)

// OAuthToken sends an OAuth access token as "Authorization: Bearer …". It
// caches the token in memory with its expiry and, when it expires, gets a
// new one from its source: a refresh with the refresh token, or a new
// client-credentials grant. New tokens may be saved to the credentials
// file so the next run starts signed in.
type OAuthToken struct {
	mu     sync.Mutex
	src    oauth2.TokenSource
	last   *oauth2.Token
	save   func(*oauth2.Token) error
	lazy   func(ctx context.Context) (oauth2.TokenSource, error)
	scheme string
}

// NewOAuthToken sends tokens from src. scheme names the card's scheme,
// for messages.
func NewOAuthToken(src oauth2.TokenSource, scheme string) *OAuthToken {
	return &OAuthToken{src: src, scheme: scheme}
}

// Token returns the current token, getting or refreshing it as needed.
func (o *OAuthToken) Token(ctx context.Context) (*oauth2.Token, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.src == nil && o.lazy != nil {
		src, err := o.lazy(ctx)
		if err != nil {
			return nil, &setupError{err}
		}
		o.src = src
	}
	if o.src == nil {
		return nil, nil
	}
	tok, err := tokenWithContext(ctx, o.src)
	if err != nil {
		return nil, err
	}
	if o.save != nil && (o.last == nil || o.last.AccessToken != tok.AccessToken) {
		// A failed save loses only the convenience of the next run.
		_ = o.save(tok)
	}
	o.last = tok
	return tok, nil
}

// Apply sets the Authorization header. Without a token (not signed in
// yet) it sets nothing, and the agent's refusal leads to a sign-in. A
// token that cannot be had or refreshed is an authentication error, so
// the command line exits 5 and the terminal UI offers to sign in again.
func (o *OAuthToken) Apply(r *http.Request) (a2aclient.Applied, error) {
	tok, err := o.Token(r.Context())
	if err != nil && r.Context().Err() != nil {
		// Cut short by --timeout or a signal: not a refusal.
		return a2aclient.Applied{}, fmt.Errorf("the access token request was cut short: %w", r.Context().Err())
	}
	var se *setupError
	if errors.As(err, &se) {
		// A missing secret or endpoint is the config's problem, not a
		// refusal: signing in again would not help.
		return a2aclient.Applied{}, se.err
	}
	if err != nil {
		return a2aclient.Applied{}, fmt.Errorf("%w: could not get an access token for scheme %q: %v", a2aclient.ErrAuthenticationRequired, o.scheme, describeOAuthErr(err))
	}
	if tok == nil {
		return a2aclient.Applied{}, nil
	}
	r.Header.Set("Authorization", tok.Type()+" "+tok.AccessToken)
	return a2aclient.Applied{Headers: []string{"Authorization"}}, nil
}

// setupError is a sign-in that could not even be attempted.
type setupError struct{ err error }

func (e *setupError) Error() string { return e.err.Error() }
func (e *setupError) Unwrap() error { return e.err }

// saveTo makes every new token go to fn (the credentials file).
func (o *OAuthToken) saveTo(fn func(*oauth2.Token) error) {
	o.mu.Lock()
	o.save = fn
	last := o.last
	o.mu.Unlock()
	if last != nil {
		_ = fn(last)
	}
}
