package session

import (
	"context"
	"errors"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/signin"
)

// What signing in to an agent needs, for a front end that must not know
// package auth: the ways its card (or the challenge of a refusal)
// allows, the one to offer first, a typed secret made into a credential,
// the OAuth flows, and keeping a credential in the credentials file.

// ErrNoClientID says an OAuth sign-in needs a client id that neither the
// card nor the config gives; ask the person for one and start again.
var ErrNoClientID = signin.ErrNoClientID

// SignInWay is one way to sign in to an agent, as offered to a person.
type SignInWay struct{ c signin.Choice }

// Label names the way: "OAuth 2.0 device code (auth.example.com)".
func (w SignInWay) Label() string { return w.c.Label }

// Display is the label with the card's words about it, for a list.
func (w SignInWay) Display() string { return w.c.Display() }

// What names the secret to type: "bearer token", "API key", "password".
func (w SignInWay) What() string { return w.c.What() }

// Typed says the person types the credential in.
func (w SignInWay) Typed() bool { return w.c.Typed() }

// Basic says the way takes a user name before the password.
func (w SignInWay) Basic() bool { return w.c.Kind == signin.KindBasic }

// OAuth says the way is an OAuth 2.0 / OpenID Connect flow (Start).
func (w SignInWay) OAuth() bool { return w.c.Kind == signin.KindOAuth }

// MTLS says the way is a client certificate, set in the config only.
func (w SignInWay) MTLS() bool { return w.c.Kind == signin.KindMTLS }

// SignIn is what signing in to one agent needs.
type SignIn struct {
	// Ways are the ways to sign in; Preferred is the one to offer first.
	Ways      []SignInWay
	Preferred int
	// Challenge is the WWW-Authenticate of the refusal, if any.
	Challenge string
	// Username is the config's user name for basic auth, if any.
	Username string

	key   string
	entry *config.Agent
	card  *a2aclient.Agent
	mgr   Credentials
}

// SignIn prepares signing in to agent a; challenge is the
// WWW-Authenticate of a refusal ("" for none).
func (w *Workspace) SignIn(a *Agent, challenge string) *SignIn {
	var card *a2aclient.Agent
	if a.Client != nil {
		card = a.Client.Agent()
	}
	return w.SignInTo(a.Ref, card, challenge)
}

// SignInTo prepares signing in to the agent named ref, whose card is
// card (nil when it could not be had).
func (w *Workspace) SignInTo(ref string, card *a2aclient.Agent, challenge string) *SignIn {
	entry, key := w.dir.Entry(ref)
	choices, pref := signin.Choices(card, challenge)
	s := &SignIn{Preferred: pref, Challenge: challenge, key: key, entry: entry, card: card, mgr: w.dir.Auth()}
	for _, c := range choices {
		s.Ways = append(s.Ways, SignInWay{c})
	}
	if entry != nil {
		s.Username = entry.Username
	}
	return s
}

// Key is where the agent's credentials are kept (its URL).
func (s *SignIn) Key() string { return s.key }

// CredentialsPath is the credentials file a saved credential goes to.
func (s *SignIn) CredentialsPath() string { return s.mgr.CredentialsPath() }

// Typed makes a typed secret, for way, into a credential.
func (s *SignIn) Typed(way int, username, secret string) Credential {
	c := s.Ways[way].c
	mgr, key := s.mgr, s.key
	return Credential{auth: c.Authenticator(username, secret), save: func() error {
		return mgr.RememberTyped(key, c, username, secret)
	}}
}

// Start begins the OAuth flow of way: it asks the authorization server
// for a device code, or starts the loopback listener and builds the
// browser URL. clientID is used when the config names none;
// ErrNoClientID says one is needed. It blocks.
func (s *SignIn) Start(ctx context.Context, way int, clientID string) (*SignInFlow, error) {
	return s.start(ctx, s.Ways[way].c, clientID)
}

func (s *SignIn) start(ctx context.Context, c signin.Choice, clientID string) (*SignInFlow, error) {
	f, err := s.mgr.StartSignIn(ctx, signin.Request{Key: s.key, Entry: s.entry, Card: s.card, Choice: c, ClientID: clientID})
	if err != nil {
		return nil, err
	}
	return &SignInFlow{f: f}, nil
}

// SignInFlow is an OAuth sign-in under way: show the device code, or
// open the URL; then Wait.
type SignInFlow struct{ f signin.Flow }

// Device is the device code to enter at uri (complete carries the code
// in it, when the server gives one); ok is false for another flow.
func (f *SignInFlow) Device() (code, uri, complete string, ok bool) {
	return f.f.Device()
}

// URL is the address to open for a browser sign-in, "" for another flow.
func (f *SignInFlow) URL() string { return f.f.URL() }

// Wait blocks until the person signed in, the flow failed, or ctx ends.
func (f *SignInFlow) Wait(ctx context.Context) (Credential, error) {
	a, err := f.f.Wait(ctx)
	if err != nil {
		return Credential{}, err
	}
	return Credential{auth: a, save: f.f.Remember}, nil
}

// Close abandons the flow (its listener, its polling).
func (f *SignInFlow) Close() { f.f.Close() }

// Credential is a credential a person gave, not yet put to use
// (Workspace.ApplyCredential).
type Credential struct {
	auth a2aclient.Authenticator
	save func() error
}

// Save keeps the credential in the credentials file, private to the
// user (an OAuth token is refreshed from there when it expires). It
// blocks.
func (c Credential) Save() error {
	if c.save == nil {
		return errors.New("nothing to save")
	}
	return c.save()
}

// SavedCredentials says which of keys have a credential saved. It
// blocks.
func (w *Workspace) SavedCredentials(keys []string) []string {
	var found []string
	for _, k := range keys {
		if ok, err := w.dir.Auth().Saved(k); err == nil && ok {
			found = append(found, k)
		}
	}
	return found
}

// Forget removes the credentials saved under keys. It blocks.
func (w *Workspace) Forget(keys []string) error {
	for _, k := range keys {
		if err := w.dir.Auth().Forget(k); err != nil {
			return err
		}
	}
	return nil
}

// CredentialsPath is the credentials file.
func (w *Workspace) CredentialsPath() string { return w.dir.Auth().CredentialsPath() }

// OpenBrowser opens a sign-in address in the person's browser, through
// the directory's credentials machinery.
func (w *Workspace) OpenBrowser(url string) error { return w.dir.Auth().OpenBrowser(url) }

// Pick picks the way to sign in for a command line (parley login): the
// OAuth flow named by grant, else the card's preferred OAuth way, else
// the preferred way. A flow the card does not name is offered all the
// same, as a way of its own: the config's endpoints may serve it. An
// empty grant takes the config entry's oauth_flow.
func (s *SignIn) Pick(grant signin.Grant) int {
	if grant == "" && s.entry != nil {
		grant = signin.Grant(s.entry.OAuthFlow) // config spells flows as auth names them
	}
	if grant != "" {
		for i, w := range s.Ways {
			if w.c.Kind == signin.KindOAuth && w.c.Grant == grant {
				return i
			}
		}
		s.Ways = append(s.Ways, SignInWay{signin.Choice{Kind: signin.KindOAuth, Grant: grant, Label: "OAuth 2.0 " + grant.Label()}})
		return len(s.Ways) - 1
	}
	if !s.Ways[s.Preferred].OAuth() {
		for i, w := range s.Ways {
			if w.OAuth() {
				return i
			}
		}
	}
	return s.Preferred
}
