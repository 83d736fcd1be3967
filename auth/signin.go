package auth

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"golang.org/x/oauth2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
)

// SignIn is an OAuth sign-in under way. For a device code, show Device;
// for a browser sign-in, open URL; then Wait.
type SignIn struct {
	Grant  Grant
	Device *DeviceCode
	URL    string

	m      *Manager
	ao     *agentOAuth
	client *OAuthClient
	wait   func(context.Context) (*oauth2.Token, error)
	close  func()
	src    oauth2.TokenSource // client credentials: its own source
	once   sync.Once
}

// StartSignIn begins the flow the person chose: it asks the
// authorization server for a device code, or starts the loopback
// listener and builds the browser URL, or (client credentials) is ready
// to fetch the token.
func (m *Manager) StartSignIn(ctx context.Context, req SignInRequest) (*SignIn, error) {
	if req.Choice.Kind != KindOAuth {
		return nil, errors.New("this way of signing in takes a typed credential, not an OAuth flow")
	}
	entry := config.Agent{Name: req.Key, Auth: config.AuthOAuth2}
	if req.Entry != nil {
		entry = *req.Entry
	}
	if req.ClientID != "" {
		entry.ClientID = req.ClientID
	}
	if entry.ClientID == "" {
		return nil, ErrNoClientID
	}
	ao := m.oauthFor(req.Key, &entry, Entry{})
	if req.Card != nil {
		ao.bindCard(req.Card)
	}
	scheme := req.Choice.Scheme
	if scheme == nil {
		scheme = ao.scheme(req.Choice.Grant)
	}
	c, err := ao.client(ctx, req.Choice.Grant, scheme)
	if err != nil {
		return nil, err
	}
	s := &SignIn{Grant: req.Choice.Grant, m: m, ao: ao, client: c, close: func() {}}
	switch req.Choice.Grant {
	case GrantClientCredentials:
		if c.ClientSecret == "" {
			return nil, fmt.Errorf("the client-credentials sign-in needs a client secret: set client_secret in the agent's config or save one in %s", m.CredentialsPath())
		}
		src, err := c.ClientCredentials()
		if err != nil {
			return nil, err
		}
		s.src = src
		s.wait = func(ctx context.Context) (*oauth2.Token, error) {
			tok, err := tokenWithContext(ctx, src)
			if err != nil {
				return nil, fmt.Errorf("could not sign in with client credentials: %w", describeOAuthErr(err))
			}
			return tok, nil
		}
	case GrantDeviceCode:
		d, err := c.StartDevice(ctx)
		if err != nil {
			return nil, err
		}
		s.Device = d
		s.wait = func(ctx context.Context) (*oauth2.Token, error) { return c.WaitDevice(ctx, d) }
	case GrantAuthorizationCode:
		a, err := c.StartAuthCode(ctx)
		if err != nil {
			return nil, err
		}
		s.URL = a.URL
		s.wait, s.close = a.Wait, a.Close
	default:
		return nil, fmt.Errorf("parley cannot sign in with the %s flow", req.Choice.Grant)
	}
	return s, nil
}

// Wait completes the sign-in and returns the agent's credential: its
// token from now on, refreshed when it expires. It is kept for the rest
// of the run; Remember saves it.
func (s *SignIn) Wait(ctx context.Context) (a2aclient.Authenticator, error) {
	defer s.Close()
	tok, err := s.wait(ctx)
	if err != nil {
		return nil, err
	}
	src := s.src
	if src == nil {
		src = s.client.Refreshing(tok)
	}
	t := s.ao.tok
	t.mu.Lock()
	t.src, t.last, t.lazy = src, tok, nil
	t.mu.Unlock()
	s.m.UseTyped(s.ao.key, t)
	return t, nil
}

// Remember saves the token, and every refreshed one after it, in the
// credentials file so that the next run starts signed in.
func (s *SignIn) Remember() error {
	var first error
	s.ao.tok.saveTo(func(tok *oauth2.Token) error {
		err := s.m.saveToken(s.ao.key, s.client, tok)
		if first == nil {
			first = err
		}
		return err
	})
	return first
}

// Close abandons a sign-in that is still waiting (esc in the UI).
func (s *SignIn) Close() {
	s.once.Do(s.close)
}
