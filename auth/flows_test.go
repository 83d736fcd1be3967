package auth

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/internal/oauthtest"
)

func testManager(t *testing.T) (*Manager, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "parley", "credentials.toml")
	return NewManager(Options{CredentialsPath: path, Getenv: func(string) string { return "" }}), path
}

func oidcCard(p *oauthtest.Server, schemeName string) *a2aclient.Agent {
	return &a2aclient.Agent{
		Name: "secured",
		SecuritySchemes: []a2aclient.SecurityScheme{{
			Name: schemeName, Type: a2aclient.SchemeOpenIDConnect, OpenIDConnectURL: p.URL + "/.well-known/openid-configuration",
		}},
		Security: []a2aclient.SecurityRequirement{{schemeName: {"agents:read"}}},
	}
}

func TestDiscovery(t *testing.T) {
	p := oauthtest.Start(t, time.Hour)
	md, err := Discover(context.Background(), http.DefaultClient, DiscoveryURL(p.URL))
	if err != nil {
		t.Fatal(err)
	}
	if md.TokenEndpoint != p.URL+"/token" || md.AuthorizationEndpoint != p.URL+"/authorize" || md.DeviceAuthorizationEndpoint != p.URL+"/device" {
		t.Errorf("metadata = %+v", md)
	}
	if got := DiscoveryURL("https://id.example.com/.well-known/oauth-authorization-server"); got != "https://id.example.com/.well-known/oauth-authorization-server" {
		t.Errorf("a .well-known URL changed: %s", got)
	}
	bad := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"token_endpoint":"javascript:alert(1)"}`))
	}))
	defer bad.Close()
	if _, err := Discover(context.Background(), http.DefaultClient, bad.URL); err == nil || !strings.Contains(err.Error(), "not an http(s) URL") {
		t.Errorf("a hostile endpoint was accepted: %v", err)
	}
}

func TestClientCredentialsFromConfigAndCard(t *testing.T) {
	p := oauthtest.Start(t, time.Hour)
	m := NewManager(Options{CredentialsPath: filepath.Join(t.TempDir(), "c.toml"), Getenv: func(k string) string {
		return map[string]string{"SVC_SECRET": oauthtest.SvcSecret}[k]
	}})
	entry := &config.Agent{Name: "svc", URL: "http://agent.invalid", Auth: "oauth2",
		OAuth: config.OAuth{ClientID: oauthtest.SvcClient, ClientSecret: "env:SVC_SECRET"}}
	setup, err := m.ForAgent(context.Background(), entry, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Before the card is known there is no token endpoint: the card
	// fetch goes without a token instead of failing.
	r := httptest.NewRequest(http.MethodGet, "http://agent.invalid/.well-known/agent-card.json", nil)
	if _, err := setup.Auth[0].Apply(r); err != nil || r.Header.Get("Authorization") != "" {
		t.Fatalf("before the card: %v, %q", err, r.Header.Get("Authorization"))
	}
	setup.BindCard(&a2aclient.Agent{SecuritySchemes: []a2aclient.SecurityScheme{{Name: "corp", Type: a2aclient.SchemeOAuth2,
		Flows: a2aclient.OAuthFlows{ClientCredentials: &a2aclient.OAuthFlow{TokenURL: p.URL + "/token", Scopes: map[string]string{"agents:read": ""}}}}}})
	applied, err := setup.Auth[0].Apply(r)
	if err != nil {
		t.Fatal(err)
	}
	h := r.Header.Get("Authorization")
	if !strings.HasPrefix(h, "Bearer ") || !p.Valid(strings.TrimPrefix(h, "Bearer ")) || len(applied.Headers) != 1 {
		t.Fatalf("Authorization = %q (applied %v); the server does not accept it", h, applied)
	}
	// Cached: a second request does not ask again.
	r2 := httptest.NewRequest(http.MethodGet, "http://agent.invalid/", nil)
	_, _ = setup.Auth[0].Apply(r2)
	if r2.Header.Get("Authorization") != h || len(p.GrantLog()) != 1 {
		t.Errorf("the token was not cached: grants %v", p.GrantLog())
	}
	// The same agent resolved again shares the token.
	again, _ := m.ForAgent(context.Background(), entry, nil)
	r3 := httptest.NewRequest(http.MethodGet, "http://agent.invalid/", nil)
	_, _ = again.Auth[0].Apply(r3)
	if r3.Header.Get("Authorization") != h {
		t.Error("a new client for the agent asked for a new token")
	}
}

func TestClientCredentialsWrongSecretIsAuthError(t *testing.T) {
	p := oauthtest.Start(t, time.Hour)
	m, _ := testManager(t)
	m.o.Getenv = func(string) string { return "wrong" }
	m.sec.getenv = m.o.Getenv
	entry := &config.Agent{Name: "svc", Auth: "oauth2", OAuth: config.OAuth{ClientID: oauthtest.SvcClient, ClientSecret: "env:S", TokenURL: p.URL + "/token"}}
	setup, err := m.ForAgent(context.Background(), entry, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = setup.Auth[0].Apply(httptest.NewRequest(http.MethodGet, "http://agent.invalid/", nil))
	if !errorsIs(err, a2aclient.ErrAuthenticationRequired) || !strings.Contains(err.Error(), "invalid_client") || strings.Contains(err.Error(), "wrong") {
		t.Errorf("err = %v", err)
	}
}

func TestDeviceCodeFlowWithRefresh(t *testing.T) {
	t.Parallel()
	p := oauthtest.Start(t, 5*time.Second) // under oauth2's margin: every use refreshes
	m, path := testManager(t)
	card := &a2aclient.Agent{SecuritySchemes: []a2aclient.SecurityScheme{{Name: "device", Type: a2aclient.SchemeOAuth2,
		Flows: a2aclient.OAuthFlows{DeviceCode: &a2aclient.OAuthFlow{DeviceAuthorizationURL: p.URL + "/device", TokenURL: p.URL + "/token",
			Scopes: map[string]string{"agents:read": "read"}}}}}}
	choices, pref := Choices(card, "")
	if len(choices) != 1 || choices[pref].Grant != GrantDeviceCode || !strings.Contains(choices[pref].Label, "device code (127.0.0.1") {
		t.Fatalf("choices = %+v", choices)
	}
	// The person approves after the first poll found the code pending.
	p.ApproveWhenPolled(true)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, err := m.StartSignIn(ctx, SignInRequest{Key: "dev", Card: card, Choice: choices[pref], ClientID: oauthtest.PublicClient})
	if err != nil {
		t.Fatal(err)
	}
	if s.Device == nil || s.Device.UserCode == "" || !strings.HasPrefix(s.Device.VerificationURI, p.URL) {
		t.Fatalf("device = %+v", s.Device)
	}
	a, err := s.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Remember(); err != nil {
		t.Fatal(err)
	}
	first := applyToken(t, a)
	second := applyToken(t, a)
	if first == second || !p.Valid(second) {
		t.Errorf("the expired token was not refreshed (or the new one is refused)")
	}
	if g := p.GrantLog(); !containsStr(g, "refresh_token") || !containsStr(g, "urn:ietf:params:oauth:grant-type:device_code") {
		t.Errorf("grants = %v", g)
	}
	// The refreshed token went to the credentials file, privately, and a
	// new run starts signed in from it.
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("credentials file: %v, %v", st, err)
	}
	e, _, _ := OpenCredFile(path).Get("dev")
	if e.OAuth == nil || e.OAuth.AccessToken != second || e.OAuth.RefreshToken == "" || e.OAuth.Expiry.IsZero() || e.OAuth.ClientID != oauthtest.PublicClient {
		t.Fatalf("saved = %+v", e.OAuth)
	}
	next, _ := testManagerAt(t, path)
	setup, err := next.ForURL("dev")
	if err != nil || len(setup.Auth) != 1 {
		t.Fatalf("ForURL = %+v, %v", setup, err)
	}
	if tok := applyToken(t, setup.Auth[0]); !p.Valid(tok) || tok == second {
		t.Errorf("the next run's token %q is not a fresh, valid one", tok)
	}
}

func TestDeviceCodeDenied(t *testing.T) {
	t.Parallel()
	p := oauthtest.Start(t, time.Hour)
	m, _ := testManager(t)
	p.ApproveWhenPolled(false)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, err := m.StartSignIn(ctx, SignInRequest{Key: "dev", Card: oidcCard(p, "oidc"),
		Choice: Choice{Kind: KindOAuth, Grant: GrantDeviceCode}, ClientID: oauthtest.PublicClient})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Wait(ctx)
	if err == nil || !strings.Contains(err.Error(), "access_denied") || !strings.Contains(err.Error(), "The user said no.") {
		t.Errorf("err = %v", err)
	}
}

func TestAuthorizationCodePKCEWithDiscoveryAndRefresh(t *testing.T) {
	p := oauthtest.Start(t, 5*time.Second)
	m, _ := testManager(t)
	card := oidcCard(p, "oidc")
	choices, pref := Choices(card, "")
	if choices[pref].Grant != GrantAuthorizationCode || !strings.Contains(choices[pref].Label, "OpenID Connect browser sign-in") {
		t.Fatalf("choices = %+v (preferred %d)", choices, pref)
	}
	entry := &config.Agent{Name: "maps", Auth: "oidc", OAuth: config.OAuth{ClientID: oauthtest.PublicClient}}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s, err := m.StartSignIn(ctx, SignInRequest{Key: "maps", Entry: entry, Card: card, Choice: choices[pref]})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.URL, "code_challenge_method=S256") || !strings.Contains(s.URL, "code_challenge=") ||
		!strings.Contains(s.URL, "redirect_uri=http%3A%2F%2F127.0.0.1%3A") || !strings.Contains(s.URL, "scope=openid+agents%3Aread") {
		t.Fatalf("authorization URL %s", s.URL)
	}
	go oauthtest.Browser(t, s.URL)
	a, err := s.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	first := applyToken(t, a)
	second := applyToken(t, a)
	if first == second || !p.Valid(second) {
		t.Error("no refresh with the refresh token")
	}
	// The config entry resolved later carries the signed-in token.
	setup, err := m.ForAgent(ctx, entry, nil)
	if err != nil {
		t.Fatal(err)
	}
	if tok := applyToken(t, setup.Auth[0]); !p.Valid(tok) {
		t.Errorf("the agent's later clients are not signed in")
	}
}

func TestAuthorizationCodeWrongStateIgnored(t *testing.T) {
	p := oauthtest.Start(t, time.Hour)
	m, _ := testManager(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s, err := m.StartSignIn(ctx, SignInRequest{Key: "maps", Card: oidcCard(p, "oidc"),
		Choice: Choice{Kind: KindOAuth, Grant: GrantAuthorizationCode}, ClientID: oauthtest.PublicClient})
	if err != nil {
		t.Fatal(err)
	}
	redirect := s.URL[strings.Index(s.URL, "redirect_uri=")+len("redirect_uri="):]
	redirect, _, _ = strings.Cut(redirect, "&")
	redirect = strings.NewReplacer("%3A", ":", "%2F", "/").Replace(redirect)
	oauthtest.LoopbackOnly(t, redirect)
	resp, err := http.Get(redirect + "?code=forged&state=not-ours")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a forged callback got HTTP %d", resp.StatusCode)
	}
	// esc: the sign-in is abandoned and the port closed.
	waitCtx, stop := context.WithCancel(ctx)
	stop()
	if _, err := s.Wait(waitCtx); err == nil {
		t.Error("Wait after cancel succeeded")
	}
	if _, err := http.Get(redirect); err == nil {
		t.Error("the loopback listener is still open after the sign-in ended")
	}
}

func TestSignInNeedsClientID(t *testing.T) {
	m, _ := testManager(t)
	_, err := m.StartSignIn(context.Background(), SignInRequest{Key: "x", Choice: Choice{Kind: KindOAuth, Grant: GrantDeviceCode}})
	if err != ErrNoClientID {
		t.Errorf("err = %v", err)
	}
}

func testManagerAt(t *testing.T, path string) (*Manager, string) {
	return NewManager(Options{CredentialsPath: path, Getenv: func(string) string { return "" }}), path
}

func applyToken(t *testing.T, a a2aclient.Authenticator) string {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, "http://agent.invalid/", nil)
	if _, err := a.Apply(r); err != nil {
		t.Fatal(err)
	}
	h := r.Header.Get("Authorization")
	if !strings.HasPrefix(h, "Bearer ") {
		t.Fatalf("Authorization = %q", h)
	}
	return strings.TrimPrefix(h, "Bearer ")
}

func containsStr(list []string, s string) bool { return contains(list, s) }

func errorsIs(err, target error) bool { return errors.Is(err, target) }
