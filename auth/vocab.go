package auth

import (
	"context"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/signin"
)

// The words of signing in live in package signin, so that session and ui
// can talk in them without depending on this package's machinery; auth
// keeps its old names for them.

type (
	Kind          = signin.Kind
	Choice        = signin.Choice
	Grant         = signin.Grant
	Setup         = signin.Setup
	SignInRequest = signin.Request
)

const (
	KindBearer = signin.KindBearer
	KindBasic  = signin.KindBasic
	KindAPIKey = signin.KindAPIKey
	KindOAuth  = signin.KindOAuth
	KindMTLS   = signin.KindMTLS

	GrantClientCredentials = signin.GrantClientCredentials
	GrantDeviceCode        = signin.GrantDeviceCode
	GrantAuthorizationCode = signin.GrantAuthorizationCode
)

// ErrNoClientID is signin.ErrNoClientID.
var ErrNoClientID = signin.ErrNoClientID

// Key is signin.Key.
func Key(url string) string { return signin.Key(url) }

// Choices is signin.Choices.
func Choices(a *a2aclient.Agent, challenge string) ([]Choice, int) {
	return signin.Choices(a, challenge)
}

// Needs is signin.Needs.
func Needs(a *a2aclient.Agent, challenge string) string { return signin.Needs(a, challenge) }

func requiredScopes(a *a2aclient.Agent) map[string][]string { return signin.RequiredScopes(a) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TypedEntry is what the credentials file keeps for a secret typed for
// way c.
func TypedEntry(c Choice, username, secret string) Entry {
	switch c.Kind {
	case KindBasic:
		return Entry{Auth: "basic", Username: username, Token: secret}
	case KindAPIKey:
		return Entry{Auth: "apikey", APIKeyName: c.APIKeyName, APIKeyIn: c.APIKeyIn, Token: secret}
	}
	return Entry{Auth: "bearer", Token: secret}
}

// ForSession is m as session's Workspace uses it (session.Credentials):
// sign-in flows come back as signin.Flow, typed secrets are kept by way.
func ForSession(m *Manager) Session { return Session{m} }

// Session adapts a Manager to the words of package signin.
type Session struct{ *Manager }

// StartSignIn begins an OAuth sign-in (Manager.StartSignIn).
func (s Session) StartSignIn(ctx context.Context, req signin.Request) (signin.Flow, error) {
	f, err := s.Manager.StartSignIn(ctx, req)
	if err != nil {
		return nil, err
	}
	return flow{f}, nil
}

// RememberTyped saves a secret typed for way c under key.
func (s Session) RememberTyped(key string, c Choice, username, secret string) error {
	return s.Remember(key, TypedEntry(c, username, secret))
}

// OpenBrowser opens a sign-in address in the person's browser
// (OpenBrowser).
func (Session) OpenBrowser(url string) error { return OpenBrowser(url) }

type flow struct{ s *SignIn }

func (f flow) Device() (code, uri, complete string, ok bool) {
	if d := f.s.Device; d != nil {
		return d.UserCode, d.VerificationURI, d.VerificationURIComplete, true
	}
	return "", "", "", false
}
func (f flow) URL() string                                               { return f.s.URL }
func (f flow) Wait(ctx context.Context) (a2aclient.Authenticator, error) { return f.s.Wait(ctx) }
func (f flow) Remember() error                                           { return f.s.Remember() }
func (f flow) Close()                                                    { f.s.Close() }
