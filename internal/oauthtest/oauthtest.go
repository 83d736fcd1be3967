// Package oauthtest is a real OAuth 2.0 / OpenID Connect authorization
// server for tests, started in-process: github.com/go-oauth2/oauth2/v4
// with a minimal device authorization grant added on top. Only tests
// import it, so go-oauth2 never reaches the parley binary.
package oauthtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	oauth2srv "github.com/go-oauth2/oauth2/v4"
	"github.com/go-oauth2/oauth2/v4/errors"
	"github.com/go-oauth2/oauth2/v4/manage"
	"github.com/go-oauth2/oauth2/v4/models"
	"github.com/go-oauth2/oauth2/v4/server"
	"github.com/go-oauth2/oauth2/v4/store"
)

// The server is github.com/go-oauth2/oauth2/v4, run in-process: its own authorize and token endpoints do the
// authorization-code grant with PKCE (S256, enforced), client
// credentials and refresh-token rotation. go-oauth2 has no device
// authorization grant (RFC 8628), so the test adds a minimal one on top:
// a device endpoint that hands out codes, and the device grant on the
// token endpoint, which answers authorization_pending until the test
// approves the user code and then issues a real go-oauth2 token (with a
// refresh token the go-oauth2 refresh grant accepts). Discovery is an
// OpenID Connect document naming those endpoints.
// Clients the server knows.
const (
	PublicClient = "parley-test"       // a public client: device and authorization code
	SvcClient    = "svc"               // a confidential client: client credentials
	SvcSecret    = "svc-secret-4f1d2c" // its secret
	User         = "alice"             // who signs in
)

// Server is a running authorization server.
type Server struct {
	t   testing.TB
	srv *httptest.Server
	URL string
	os  *server.Server
	mgr *manage.Manager

	mu        sync.Mutex
	devices   map[string]*device // by device_code
	grants    []string           // grant_type of every token request, in order
	onPending func(userCode string)
	mis       Misbehaviour
}

type device struct {
	userCode string
	clientID string
	scope    string
	approved bool
	denied   bool
}

// Start starts the authorization server on a loopback port. accessExp is
// how long access tokens live: under x/oauth2's ten-second early-expiry
// margin, every use refreshes, which is what refresh tests want.
func Start(t testing.TB, accessExp time.Duration) *Server {
	t.Helper()
	mgr := manage.NewDefaultManager()
	mgr.MustTokenStorage(store.NewMemoryTokenStore())
	cfg := &manage.Config{AccessTokenExp: accessExp, RefreshTokenExp: time.Hour, IsGenerateRefresh: true}
	mgr.SetAuthorizeCodeTokenCfg(cfg)
	mgr.SetPasswordTokenCfg(cfg) // the device grant issues its tokens as this grant
	mgr.SetClientTokenCfg(&manage.Config{AccessTokenExp: accessExp})
	// Refresh tokens rotate (the old one is revoked), but an access token
	// stays good until it expires, as most servers do: with every use
	// refreshing, requests in flight would otherwise carry revoked tokens.
	mgr.SetRefreshTokenCfg(&manage.RefreshingConfig{AccessTokenExp: accessExp, RefreshTokenExp: time.Hour,
		IsGenerateRefresh: true, IsRemoveAccess: false, IsRemoveRefreshing: true})
	// RFC 8252: a loopback redirect may use any port.
	mgr.SetValidateURIHandler(func(base, redirect string) error {
		b, err1 := url.Parse(base)
		r, err2 := url.Parse(redirect)
		if err1 != nil || err2 != nil || b.Hostname() != r.Hostname() {
			return errors.ErrInvalidRedirectURI
		}
		return nil
	})
	clients := store.NewClientStore()
	_ = clients.Set(PublicClient, &models.Client{ID: PublicClient, Domain: "http://127.0.0.1", Public: true})
	_ = clients.Set(SvcClient, &models.Client{ID: SvcClient, Secret: SvcSecret, Domain: "http://127.0.0.1"})
	mgr.MapClientStorage(clients)

	os := server.NewServer(&server.Config{
		TokenType:                   "Bearer",
		AllowedResponseTypes:        []oauth2srv.ResponseType{oauth2srv.Code},
		AllowedGrantTypes:           []oauth2srv.GrantType{oauth2srv.AuthorizationCode, oauth2srv.ClientCredentials, oauth2srv.Refreshing},
		AllowedCodeChallengeMethods: []oauth2srv.CodeChallengeMethod{oauth2srv.CodeChallengeS256},
		ForcePKCE:                   true,
	}, mgr)
	// x/oauth2 sends client credentials in a basic header first, then in
	// the form; accept both.
	os.SetClientInfoHandler(func(r *http.Request) (string, string, error) {
		if id, secret, err := server.ClientBasicHandler(r); err == nil {
			return id, secret, nil
		}
		return server.ClientFormHandler(r)
	})
	// The person is signed in at the authorization server and consents.
	os.SetUserAuthorizationHandler(func(http.ResponseWriter, *http.Request) (string, error) { return User, nil })

	p := &Server{t: t, os: os, mgr: mgr, devices: map[string]*device{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/openid-configuration", p.discovery)
	mux.HandleFunc("/authorize", func(w http.ResponseWriter, r *http.Request) {
		if err := os.HandleAuthorizeRequest(w, r); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
		}
	})
	mux.HandleFunc("/token", p.token)
	mux.HandleFunc("/device", p.deviceAuthorization)
	p.srv = httptest.NewServer(mux)
	p.URL = p.srv.URL
	t.Cleanup(p.srv.Close)
	return p
}

func (p *Server) discovery(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"issuer":                           p.URL,
		"authorization_endpoint":           p.URL + "/authorize",
		"token_endpoint":                   p.URL + "/token",
		"device_authorization_endpoint":    p.URL + "/device",
		"grant_types_supported":            []string{"authorization_code", "client_credentials", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"},
		"code_challenge_methods_supported": []string{"S256"},
		"scopes_supported":                 []string{"openid", "agents:read"},
	})
}

func (p *Server) token(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	p.mu.Lock()
	p.grants = append(p.grants, r.PostForm.Get("grant_type"))
	p.mu.Unlock()
	if r.PostForm.Get("grant_type") == "urn:ietf:params:oauth:grant-type:device_code" {
		p.deviceToken(w, r)
		return
	}
	p.misbehavingTokens(w, r, func(w http.ResponseWriter, r *http.Request) { _ = p.os.HandleTokenRequest(w, r) })
}

func (p *Server) deviceAuthorization(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	id := r.PostForm.Get("client_id")
	if u, _, ok := r.BasicAuth(); ok {
		id, _ = url.QueryUnescape(u)
	}
	if id != PublicClient {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client"})
		return
	}
	code, user := randHex(16), strings.ToUpper(randHex(2)+"-"+randHex(2))
	p.mu.Lock()
	p.devices[code] = &device{userCode: user, clientID: id, scope: r.PostForm.Get("scope")}
	p.mu.Unlock()
	writeJSON(w, http.StatusOK, withFields(map[string]any{
		"device_code": code, "user_code": user,
		"verification_uri":          p.URL + "/activate",
		"verification_uri_complete": p.URL + "/activate?user_code=" + user,
		"expires_in":                600, "interval": 1,
	}, p.misbehaviour().Device))
}

func (p *Server) deviceToken(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	d := p.devices[r.PostForm.Get("device_code")]
	var pending func(string)
	if d != nil && !d.approved && !d.denied {
		pending = p.onPending
	}
	p.mu.Unlock()
	switch {
	case d == nil:
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant"})
		return
	case d.denied:
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "access_denied", "error_description": "The user said no."})
		return
	case pending != nil:
		pending(d.userCode)
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "authorization_pending"})
		return
	}
	ti, err := p.mgr.GenerateAccessToken(r.Context(), oauth2srv.PasswordCredentials,
		&oauth2srv.TokenGenerateRequest{ClientID: d.clientID, UserID: User, Scope: d.scope, Request: r})
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "server_error"})
		return
	}
	p.mu.Lock()
	delete(p.devices, r.PostForm.Get("device_code"))
	p.mu.Unlock()
	w.Header().Set("Cache-Control", "no-store")
	p.writeToken(w, p.os.GetTokenData(ti))
}

// OnPending is called with the user code each time a device poll finds
// the code not yet approved; a test approves from there.
func (p *Server) OnPending(fn func(userCode string)) {
	p.mu.Lock()
	p.onPending = fn
	p.mu.Unlock()
}

// ApproveWhenPolled approves (or denies) every device code at its first
// poll, as a person quick at the other device would.
func (p *Server) ApproveWhenPolled(yes bool) {
	p.OnPending(func(code string) { go p.Approve(code, yes) })
}

// Approve is the person entering the user code and saying yes (or no).
func (p *Server) Approve(userCode string, yes bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, d := range p.devices {
		if d.userCode == userCode {
			d.approved, d.denied = yes, !yes
		}
	}
}

// GrantLog returns the grant types of the token requests so far.
func (p *Server) GrantLog() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.grants...)
}

// Valid reports whether the server accepts token as a live access token.
func (p *Server) Valid(token string) bool {
	r := httptest.NewRequest(http.MethodGet, "/api", nil)
	r.Header.Set("Authorization", "Bearer "+token)
	ti, err := p.os.ValidationBearerToken(r)
	return err == nil && ti != nil
}

// Protect wraps h so that it needs a token this server issued, the way a
// resource server (an agent) checks one; a refusal carries a Bearer
// challenge.
func (p *Server) Protect(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := p.os.ValidationBearerToken(r); err != nil {
			w.Header().Set("WWW-Authenticate", `Bearer realm="oauthtest", error="invalid_token"`)
			http.Error(w, "sign in first", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// Browser follows an authorization URL the way a browser would: to the
// authorize endpoint, then the redirect back to parley's loopback port.
func Browser(t testing.TB, authURL string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, authURL, nil)
	resp, err := (&http.Client{}).Do(req)
	if err != nil {
		t.Errorf("browser: %v", err)
		return
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("browser landed on HTTP %d", resp.StatusCode)
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// LoopbackOnly fails the test if raw is not on a loopback address.
func LoopbackOnly(t testing.TB, raw string) {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if ip := net.ParseIP(u.Hostname()); ip == nil || !ip.IsLoopback() {
		t.Fatalf("%s is not on a loopback address", raw)
	}
}
