package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/oauth2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
)

// Options configure a Manager.
type Options struct {
	// Getenv resolves env:VAR references; os.Getenv when nil.
	Getenv func(string) string
	// CredentialsPath is the credentials file; config.CredentialsPath()
	// when empty.
	CredentialsPath string
	// HTTPClient carries discovery and token requests; a2aclient's
	// default client when nil.
	HTTPClient *http.Client
	// CmdTimeout bounds cmd: credential commands; DefaultCmdTimeout
	// when zero.
	CmdTimeout time.Duration
}

// Manager holds everything parley knows about signing in during one run:
// the credentials file, the output of cmd: commands, credentials typed in
// (in memory only, unless saved), OAuth tokens and discovered endpoints.
// It is safe for concurrent use.
type Manager struct {
	o    Options
	file *CredFile
	sec  *secrets

	mu        sync.Mutex
	typed     map[string][]a2aclient.Authenticator
	tokens    map[string]*agentOAuth
	discovery map[string]*Metadata
}

// NewManager returns a manager; nothing is read until it is needed.
func NewManager(o Options) *Manager {
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	if o.CredentialsPath == "" {
		o.CredentialsPath = config.CredentialsPath()
	}
	if o.HTTPClient == nil {
		o.HTTPClient = a2aclient.DefaultHTTPClient()
	}
	return &Manager{
		o: o, file: OpenCredFile(o.CredentialsPath), sec: &secrets{getenv: o.Getenv, timeout: o.CmdTimeout},
		typed: map[string][]a2aclient.Authenticator{}, tokens: map[string]*agentOAuth{}, discovery: map[string]*Metadata{},
	}
}

// CredentialsPath is the credentials file this manager reads and writes.
func (m *Manager) CredentialsPath() string { return m.file.Path() }

// agentKey is a config entry's key: its URL's, or for an entry without
// one (built in code, not read from a file) its name.
func agentKey(a *config.Agent) string {
	if strings.TrimSpace(a.URL) == "" {
		return a.Name
	}
	return Key(a.URL)
}

// ForAgent builds the credentials of a config entry: its auth scheme
// with the secret from the environment, a command, or the credentials
// file; OAuth tokens (saved, or from client credentials); mutual TLS
// over base; and anything typed in during this run. A credential that is
// nowhere to be found is not an error: the agent's refusal will say what
// it wants, and the terminal UI will ask for it.
func (m *Manager) ForAgent(ctx context.Context, a *config.Agent, base *http.Client) (Setup, error) {
	who := fmt.Sprintf("agent %q", a.Name)
	key := agentKey(a)
	var s Setup
	hc, err := TLSClient(base, a.TLS)
	if err != nil {
		return s, fmt.Errorf("%s: %w", who, err)
	}
	s.HTTPClient = hc
	// Agents whose secret comes from the environment or a command never
	// need the credentials file, so a problem with it does not stop them.
	static := a.Token != "" && !isOAuth(a.Auth)
	saved, err := m.saved(key, !static)
	if err != nil {
		return s, fmt.Errorf("%s: %w", who, err)
	}
	switch kind := config.NormalizeAuth(a.Auth); kind {
	case config.AuthBearer, config.AuthBasic, config.AuthAPIKey:
		secret := saved.Token
		if a.Token != "" {
			if secret, err = m.sec.resolve(ctx, a.Token); err != nil {
				// A credential typed in this run stands in for one the
				// environment does not hold (the sign-in offered then).
				if !errors.As(err, new(*config.UnsetVariableError)) || len(m.typedFor(key)) == 0 {
					return s, fmt.Errorf("%s: its %s credential: %w", who, kind, err)
				}
				secret = ""
			}
		}
		if secret != "" {
			s.Auth = append(s.Auth, staticAuth(kind, a.Username, a.APIKeyIn, a.APIKeyName, secret))
		}
	case config.AuthOAuth2, config.AuthOIDC:
		ao := m.oauthFor(key, a, saved)
		if hc != nil {
			ao.mu.Lock()
			ao.hc = hc
			ao.mu.Unlock()
		}
		s.Bind = ao.bindCard
		s.Auth = append(s.Auth, ao.tok)
	case "":
		s.Auth = append(s.Auth, m.fromSaved(key, saved)...)
	}
	s.Auth = appendNew(s.Auth, m.typedFor(key)...)
	return s, nil
}

// appendNew appends what list does not hold yet: a sign-in made in this
// run is both the agent's OAuth token and a typed-in credential.
func appendNew(list []a2aclient.Authenticator, more ...a2aclient.Authenticator) []a2aclient.Authenticator {
	for _, a := range more {
		dup := false
		for _, b := range list {
			if p, ok := a.(*OAuthToken); ok && b == a2aclient.Authenticator(p) {
				dup = true
			}
		}
		if !dup {
			list = append(list, a)
		}
	}
	return list
}

// ForURL builds the credentials of an agent known only by URL: what was
// saved for it and what was typed in during this run.
func (m *Manager) ForURL(url string) (Setup, error) {
	url = Key(url)
	saved, err := m.saved(url, true)
	if err != nil {
		return Setup{}, err
	}
	s := Setup{Auth: m.fromSaved(url, saved)}
	s.Auth = appendNew(s.Auth, m.typedFor(url)...)
	return s, nil
}

func (m *Manager) saved(key string, needed bool) (Entry, error) {
	if !needed {
		return Entry{}, nil
	}
	e, _, err := m.file.Get(key)
	return e, err
}

// fromSaved turns a credentials-file entry into authenticators.
func (m *Manager) fromSaved(key string, e Entry) []a2aclient.Authenticator {
	var out []a2aclient.Authenticator
	if e.Token != "" {
		out = append(out, staticAuth(config.NormalizeAuth(e.Auth), e.Username, e.APIKeyIn, e.APIKeyName, e.Token))
	}
	if e.OAuth != nil && e.OAuth.AccessToken != "" {
		ao := m.oauthFor(key, &config.Agent{Name: key, OAuth: config.OAuth{ClientID: e.OAuth.ClientID, TokenURL: e.OAuth.TokenURL, Scopes: e.OAuth.Scopes}}, e)
		out = append(out, ao.tok)
	}
	return out
}

func staticAuth(kind, username, in, name, secret string) a2aclient.Authenticator {
	switch kind {
	case config.AuthBasic:
		return a2aclient.BasicAuth{Username: username, Password: secret}
	case config.AuthAPIKey:
		return a2aclient.APIKey{In: in, Name: name, Value: secret}
	}
	return a2aclient.BearerToken{Token: secret}
}

func isOAuth(auth string) bool {
	k := config.NormalizeAuth(auth)
	return k == config.AuthOAuth2 || k == config.AuthOIDC
}

// UseTyped keeps a credential typed in for this run, so that clients
// built for the agent later (a retried card fetch) carry it too.
func (m *Manager) UseTyped(key string, a a2aclient.Authenticator) {
	key = Key(key)
	m.mu.Lock()
	m.typed[key] = append(m.typed[key], a)
	m.mu.Unlock()
}

func (m *Manager) typedFor(key string) []a2aclient.Authenticator {
	key = Key(key)
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]a2aclient.Authenticator(nil), m.typed[key]...)
}

// Remember saves a typed credential in the credentials file.
func (m *Manager) Remember(key string, e Entry) error {
	return m.file.Update(Key(key), func(old *Entry) {
		old.Auth, old.Token, old.Username, old.APIKeyName, old.APIKeyIn = e.Auth, e.Token, e.Username, e.APIKeyName, e.APIKeyIn
	})
}

// saveToken writes an OAuth token (and how to refresh it) to the file.
func (m *Manager) saveToken(key string, c *OAuthClient, tok *oauth2.Token) error {
	refreshURL := c.TokenURL
	if c.RefreshURL != "" {
		refreshURL = c.RefreshURL
	}
	return m.file.Update(key, func(e *Entry) {
		st := &SavedToken{AccessToken: tok.AccessToken, RefreshToken: tok.RefreshToken, TokenType: tok.TokenType,
			Expiry: tok.Expiry.UTC(), TokenURL: refreshURL, ClientID: c.ClientID, Scopes: c.Scopes}
		if st.RefreshToken == "" && e.OAuth != nil {
			st.RefreshToken = e.OAuth.RefreshToken // a refresh may keep the old refresh token
		}
		e.OAuth = st
	})
}
