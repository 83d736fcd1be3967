package auth

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"sync"

	"golang.org/x/oauth2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
)

// agentOAuth is one agent's OAuth sign-in: its settings from config, the
// card once known (endpoints and scopes), and the token it sends.
type agentOAuth struct {
	m        *Manager
	key      string
	settings config.OAuth
	oidc     bool
	tok      *OAuthToken
	// hc carries token requests when the agent has its own HTTP client
	// (a private CA, a client certificate), else the manager's.
	hc *http.Client

	mu   sync.Mutex
	card *a2aclient.Agent
}

// oauthFor returns the agent's OAuth state, kept across clients so that a
// token got once serves every later request. A change of settings starts
// afresh.
func (m *Manager) oauthFor(key string, a *config.Agent, saved Entry) *agentOAuth {
	key = Key(key)
	m.mu.Lock()
	defer m.mu.Unlock()
	if ao := m.tokens[key]; ao != nil && reflect.DeepEqual(ao.settings, a.OAuth) {
		return ao
	}
	ao := &agentOAuth{m: m, key: key, settings: a.OAuth, oidc: config.NormalizeAuth(a.Auth) == config.AuthOIDC}
	ao.tok = &OAuthToken{scheme: key}
	if st := saved.OAuth; st != nil && st.AccessToken != "" && (a.ClientID == "" || st.ClientID == a.ClientID) {
		tok := &oauth2.Token{AccessToken: st.AccessToken, RefreshToken: st.RefreshToken, TokenType: st.TokenType, Expiry: st.Expiry}
		c := &OAuthClient{ClientID: st.ClientID, TokenURL: st.TokenURL, Scopes: st.Scopes, HTTP: m.o.HTTPClient}
		ao.tok.last = tok
		ao.tok.lazy = func(ctx context.Context) (oauth2.TokenSource, error) {
			// A confidential client needs its secret to refresh.
			c.ClientSecret, _ = ao.clientSecret(ctx)
			c.HTTP = ao.httpClient()
			return c.Refreshing(tok), nil
		}
		ao.tok.save = func(t *oauth2.Token) error { return m.saveToken(key, c, t) }
	} else if ao.nonInteractive(saved) {
		ao.tok.lazy = ao.clientCredentials
	}
	m.tokens[key] = ao
	return ao
}

// nonInteractive reports whether the agent signs in on its own: the
// config asks for client credentials, or gives a client secret without
// naming a flow.
func (ao *agentOAuth) nonInteractive(saved Entry) bool {
	switch ao.settings.OAuthFlow {
	case config.FlowClientCredentials:
		return true
	case "":
		return ao.settings.ClientSecret != "" || saved.ClientSecret != ""
	}
	return false
}

func (ao *agentOAuth) bindCard(a *a2aclient.Agent) {
	ao.mu.Lock()
	ao.card = a
	ao.mu.Unlock()
}

// clientCredentials builds the client-credentials token source once the
// token endpoint is known; until then (the card is being fetched) it
// returns nil and requests go without a token.
func (ao *agentOAuth) clientCredentials(ctx context.Context) (oauth2.TokenSource, error) {
	scheme := ao.scheme(GrantClientCredentials)
	ao.mu.Lock()
	bound := ao.card != nil
	ao.mu.Unlock()
	if scheme == nil && !bound && ao.settings.TokenURL == "" && ao.settings.Issuer == "" {
		return nil, nil
	}
	c, err := ao.client(ctx, GrantClientCredentials, scheme)
	if err != nil {
		return nil, err
	}
	if c.ClientSecret == "" {
		return nil, fmt.Errorf("agent %q signs in with client credentials but has no client secret: set client_secret = \"env:VAR\" or \"cmd:…\", or save one in %s", ao.key, ao.m.CredentialsPath())
	}
	return c.ClientCredentials()
}

// scheme finds the card's scheme for this agent's OAuth sign-in: one
// offering the grant, else any OAuth or OpenID Connect scheme.
func (ao *agentOAuth) scheme(g Grant) *a2aclient.SecurityScheme {
	ao.mu.Lock()
	card := ao.card
	ao.mu.Unlock()
	if card == nil {
		return nil
	}
	var first *a2aclient.SecurityScheme
	for i := range card.SecuritySchemes {
		s := &card.SecuritySchemes[i]
		if s.Type != a2aclient.SchemeOAuth2 && s.Type != a2aclient.SchemeOpenIDConnect {
			continue
		}
		if first == nil {
			first = s
		}
		if flowFor(s, g) != nil {
			return s
		}
	}
	return first
}

func flowFor(s *a2aclient.SecurityScheme, g Grant) *a2aclient.OAuthFlow {
	if s == nil {
		return nil
	}
	switch g {
	case GrantClientCredentials:
		return s.Flows.ClientCredentials
	case GrantDeviceCode:
		return s.Flows.DeviceCode
	case GrantAuthorizationCode:
		return s.Flows.AuthorizationCode
	}
	return nil
}

// client assembles a flow's endpoints and scopes: the config wins, then
// the card's flow, then what discovery (OpenID Connect or RFC 8414
// metadata) says.
func (ao *agentOAuth) client(ctx context.Context, g Grant, scheme *a2aclient.SecurityScheme) (*OAuthClient, error) {
	s := ao.settings
	c := &OAuthClient{ClientID: s.ClientID, Scopes: s.Scopes, RedirectPort: s.RedirectPort, HTTP: ao.httpClient()}
	if f := flowFor(scheme, g); f != nil {
		c.AuthURL, c.TokenURL, c.DeviceURL, c.RefreshURL = f.AuthorizationURL, f.TokenURL, f.DeviceAuthorizationURL, f.RefreshURL
	}
	override(&c.AuthURL, s.AuthURL)
	override(&c.TokenURL, s.TokenURL)
	override(&c.DeviceURL, s.DeviceURL)
	doc := ""
	switch {
	case s.Issuer != "":
		doc = DiscoveryURL(s.Issuer)
	case scheme != nil && scheme.OpenIDConnectURL != "":
		doc = scheme.OpenIDConnectURL
	case scheme != nil && scheme.OAuth2MetadataURL != "":
		doc = scheme.OAuth2MetadataURL
	}
	if doc != "" && missing(c, g) {
		md, err := ao.m.discover(ctx, ao.httpClient(), doc)
		if err != nil {
			return nil, err
		}
		fill(&c.AuthURL, md.AuthorizationEndpoint)
		fill(&c.TokenURL, md.TokenEndpoint)
		fill(&c.DeviceURL, md.DeviceAuthorizationEndpoint)
	}
	if len(c.Scopes) == 0 && scheme != nil {
		c.Scopes = requiredScopes(ao.cardSnapshot())[scheme.Name]
	}
	if (ao.oidc || scheme != nil && scheme.Type == a2aclient.SchemeOpenIDConnect) && !contains(c.Scopes, "openid") {
		c.Scopes = append([]string{"openid"}, c.Scopes...)
	}
	secret, err := ao.clientSecret(ctx)
	if err != nil {
		return nil, err
	}
	c.ClientSecret = secret
	return c, nil
}

func (ao *agentOAuth) httpClient() *http.Client {
	ao.mu.Lock()
	defer ao.mu.Unlock()
	if ao.hc != nil {
		return ao.hc
	}
	return ao.m.o.HTTPClient
}

func (ao *agentOAuth) cardSnapshot() *a2aclient.Agent {
	ao.mu.Lock()
	defer ao.mu.Unlock()
	return ao.card
}

// clientSecret reads the client secret from its reference or the
// credentials file; "" for a public client.
func (ao *agentOAuth) clientSecret(ctx context.Context) (string, error) {
	if ref := ao.settings.ClientSecret; ref != "" {
		v, err := ao.m.sec.resolve(ctx, ref)
		if err != nil {
			return "", fmt.Errorf("agent %q, its client secret: %w", ao.key, err)
		}
		return v, nil
	}
	e, _, err := ao.m.file.Get(ao.key)
	if err != nil {
		return "", err
	}
	return e.ClientSecret, nil
}

func missing(c *OAuthClient, g Grant) bool {
	switch g {
	case GrantDeviceCode:
		return c.TokenURL == "" || c.DeviceURL == ""
	case GrantAuthorizationCode:
		return c.TokenURL == "" || c.AuthURL == ""
	}
	return c.TokenURL == ""
}

func override(dst *string, v string) {
	if v != "" {
		*dst = v
	}
}

func fill(dst *string, v string) {
	if *dst == "" {
		*dst = v
	}
}

// discover fetches discovery documents once per run.
func (m *Manager) discover(ctx context.Context, hc *http.Client, doc string) (*Metadata, error) {
	m.mu.Lock()
	md := m.discovery[doc]
	m.mu.Unlock()
	if md != nil {
		return md, nil
	}
	md, err := Discover(ctx, hc, doc)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	m.discovery[doc] = md
	m.mu.Unlock()
	return md, nil
}
