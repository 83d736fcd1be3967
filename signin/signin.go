// Package signin is the vocabulary of signing in to an agent: the ways a
// card (or a refusal's challenge) allows, their kinds and OAuth grants,
// the key credentials are kept under, and the shapes of a sign-in
// request, an agent's credential setup and a flow under way. It holds no
// machinery: package auth implements it (credentials file, OAuth, the
// browser), and session and ui talk in these words without depending on
// auth. It imports only a2aclient, config, termsafe and the standard
// library.
package signin

import (
	"context"
	"errors"
	"net/http"
	neturl "net/url"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
)

// Grant is an OAuth 2.0 way of getting a token.
type Grant string

const (
	GrantClientCredentials Grant = "client_credentials"
	GrantDeviceCode        Grant = "device_code"
	GrantAuthorizationCode Grant = "authorization_code"
)

// Label is the grant as a person reads it.
func (g Grant) Label() string {
	switch g {
	case GrantClientCredentials:
		return "client credentials"
	case GrantDeviceCode:
		return "device code"
	case GrantAuthorizationCode:
		return "browser sign-in"
	}
	return string(g)
}

// ErrNoClientID means a sign-in cannot start without an OAuth client id,
// which no card carries; the person must give one.
var ErrNoClientID = errors.New("this sign-in needs an OAuth client id (client_id in the agent's config)")

// Key is how an agent is known to the credentials file and the caches:
// its URL, never a name. Names come from the config or, through a saved
// agent list, from a card; a card that calls itself "work" must not
// unlock what was saved for the work agent. The URL is written
// canonically (scheme and host in lower case, no default port, no
// trailing slash, no query or fragment), so that the URL of the config
// and the same URL typed on the command line are one agent. A reference
// that is not a URL is kept as it is.
func Key(url string) string {
	url = strings.TrimSpace(url)
	u, err := neturl.Parse(url)
	origin, ok := a2aclient.Origin(url)
	if err != nil || !ok {
		return url
	}
	return origin + strings.TrimRight(u.EscapedPath(), "/")
}

// Request asks for an OAuth sign-in to one agent.
type Request struct {
	// Key is the agent's Key (config name or URL).
	Key string
	// Entry is the agent's config entry, nil for an agent known by URL.
	Entry *config.Agent
	// Card is the agent's card, nil when it could not be read.
	Card *a2aclient.Agent
	// Choice is the way of signing in the person picked (KindOAuth).
	Choice Choice
	// ClientID is used when the config names none.
	ClientID string
}

// Setup is what an agent needs besides its URL.
type Setup struct {
	// Auth adds credentials to every request.
	Auth []a2aclient.Authenticator
	// HTTPClient is the agent's own client (mutual TLS, a private CA);
	// nil keeps the shared one.
	HTTPClient *http.Client
	// Bind, when set, learns the agent's card (BindCard).
	Bind func(*a2aclient.Agent)
}

// BindCard tells the setup the agent's card once it is fetched: OAuth
// endpoints and scopes may come from it.
func (s Setup) BindCard(a *a2aclient.Agent) {
	if s.Bind != nil && a != nil {
		s.Bind(a)
	}
}

// Flow is an OAuth sign-in under way: show the device code, or open the
// URL; then Wait, and Remember to keep the token.
type Flow interface {
	// Device is the device code to enter at uri (complete carries the
	// code in it, when the server gives one); ok is false for another
	// flow.
	Device() (code, uri, complete string, ok bool)
	// URL is the address to open for a browser sign-in, "" otherwise.
	URL() string
	// Wait blocks until the person signed in, the flow failed, or ctx
	// ends.
	Wait(ctx context.Context) (a2aclient.Authenticator, error)
	// Remember saves the token, and every refreshed one after it.
	Remember() error
	// Close abandons the flow (its listener, its polling).
	Close()
}
