package auth

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
)

const hostileSecret = "svc-secret-never-leaves-a-7c1e"

// recorder is origin B: it records every request it gets, body and all,
// and answers each one as a willing authorization server would.
type recorder struct {
	srv  *httptest.Server
	mu   sync.Mutex
	seen []string // method, path, headers and body of each request
}

func newRecorder(t *testing.T, handle func(w http.ResponseWriter, r *http.Request)) *recorder {
	t.Helper()
	rec := &recorder{}
	rec.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rec.mu.Lock()
		rec.seen = append(rec.seen, r.Method+" "+r.URL.String()+" "+r.Header.Get("Authorization")+" "+string(body))
		rec.mu.Unlock()
		handle(w, r)
	}))
	t.Cleanup(rec.srv.Close)
	return rec
}

func (rec *recorder) requests() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return append([]string(nil), rec.seen...)
}

func issueToken(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(`{"access_token":"b-token","token_type":"bearer","expires_in":3600,"refresh_token":"b-refresh"}`))
}

// redirector is origin A: every request is sent on to target+path with
// the given status.
func redirector(t *testing.T, status int, target string) *httptest.Server {
	t.Helper()
	a := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target+r.URL.Path, status)
	}))
	t.Cleanup(a.Close)
	return a
}

// A token endpoint that answers 307 or 308 to another origin must not get
// parley to resend the token request (with the client secret in the
// form, after x/oauth2 falls back from the Basic header) to that origin:
// not for client credentials, a refresh, nor a device authorization.
func TestTokenEndpointRedirectKeepsSecretHome(t *testing.T) {
	for _, status := range []int{http.StatusTemporaryRedirect, http.StatusPermanentRedirect, http.StatusFound} {
		b := newRecorder(t, issueToken)
		a := redirector(t, status, b.srv.URL)
		c := &OAuthClient{ClientID: "svc", ClientSecret: hostileSecret, TokenURL: a.URL + "/token", DeviceURL: a.URL + "/device"}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)

		src, err := c.ClientCredentials()
		if err != nil {
			t.Fatal(err)
		}
		if tok, err := src.Token(); err == nil {
			t.Errorf("%d: client credentials got a token from the other origin: %q", status, tok.AccessToken)
		} else if !strings.Contains(err.Error(), "another origin") {
			t.Errorf("%d: client credentials error does not say why: %v", status, err)
		}
		expired := &oauth2.Token{AccessToken: "old", RefreshToken: "r1", Expiry: time.Now().Add(-time.Hour)}
		if tok, err := c.Refreshing(expired).Token(); err == nil {
			t.Errorf("%d: a refresh got a token from the other origin: %q", status, tok.AccessToken)
		}
		if _, err := c.StartDevice(ctx); err == nil {
			t.Errorf("%d: the device sign-in started at the other origin", status)
		}
		cancel()
		for _, r := range b.requests() {
			if strings.Contains(r, hostileSecret) || strings.Contains(r, "r1") {
				t.Errorf("%d: the other origin got a secret: %s", status, r)
			}
		}
		if n := len(b.requests()); n != 0 {
			t.Errorf("%d: the other origin saw %d token requests, want 0", status, n)
		}
	}
}

// The same through the manager, as a configured agent signs in: the
// card names A's token endpoint, A redirects to B.
func TestClientCredentialsCardRedirectKeepsSecretHome(t *testing.T) {
	b := newRecorder(t, issueToken)
	a := redirector(t, http.StatusTemporaryRedirect, b.srv.URL)
	m := NewManager(Options{CredentialsPath: filepath.Join(t.TempDir(), "c.toml"), Getenv: func(string) string { return hostileSecret }})
	entry := &config.Agent{Name: "svc", URL: a.URL, Auth: "oauth2", OAuth: config.OAuth{ClientID: "svc", ClientSecret: "env:S"}}
	setup, err := m.ForAgent(context.Background(), entry, nil)
	if err != nil {
		t.Fatal(err)
	}
	setup.BindCard(&a2aclient.Agent{SecuritySchemes: []a2aclient.SecurityScheme{{Name: "corp", Type: a2aclient.SchemeOAuth2,
		Flows: a2aclient.OAuthFlows{ClientCredentials: &a2aclient.OAuthFlow{TokenURL: a.URL + "/token"}}}}})
	r := httptest.NewRequest(http.MethodPost, a.URL+"/", nil)
	if _, err := setup.Auth[0].Apply(r); err == nil {
		t.Errorf("a token came from the other origin: %q", r.Header.Get("Authorization"))
	}
	if reqs := b.requests(); len(reqs) != 0 {
		t.Errorf("the other origin got token requests: %q", reqs)
	}
}

// discoveryDoc answers as an authorization server at base.
func discoveryDoc(issuer, base string) func(w http.ResponseWriter, r *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/token") {
			issueToken(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]string{"issuer": issuer, "token_endpoint": base + "/token"})
	}
}

// A card's discovery URL at A that redirects to B's discovery document
// must not make B's token endpoint the agent's: the secret would go to B.
func TestDiscoveryRefusesCrossOriginRedirect(t *testing.T) {
	var b *recorder
	b = newRecorder(t, func(w http.ResponseWriter, r *http.Request) { discoveryDoc(b.srv.URL, b.srv.URL)(w, r) })
	a := redirector(t, http.StatusFound, b.srv.URL)
	doc := a.URL + "/.well-known/openid-configuration"
	if md, err := Discover(context.Background(), http.DefaultClient, doc); err == nil {
		t.Errorf("discovery followed a redirect to another origin: token endpoint %s", md.TokenEndpoint)
	} else if !strings.Contains(err.Error(), "another origin") {
		t.Errorf("the error does not say why: %v", err)
	}

	m := NewManager(Options{CredentialsPath: filepath.Join(t.TempDir(), "c.toml"), Getenv: func(string) string { return hostileSecret }})
	entry := &config.Agent{Name: "svc", URL: a.URL, Auth: "oauth2", OAuth: config.OAuth{ClientID: "svc", ClientSecret: "env:S"}}
	setup, err := m.ForAgent(context.Background(), entry, nil)
	if err != nil {
		t.Fatal(err)
	}
	setup.BindCard(&a2aclient.Agent{SecuritySchemes: []a2aclient.SecurityScheme{{Name: "sso", Type: a2aclient.SchemeOpenIDConnect, OpenIDConnectURL: doc}}})
	if _, err := setup.Auth[0].Apply(httptest.NewRequest(http.MethodPost, a.URL+"/", nil)); err == nil {
		t.Error("the agent got a token by way of another origin's discovery document")
	}
	for _, r := range b.requests() {
		if strings.Contains(r, hostileSecret) {
			t.Errorf("the other origin got the secret: %s", r)
		}
	}
}

// A discovery document must name the issuer it was fetched from (OpenID
// Connect Discovery 4.3, RFC 8414 3.3); one claiming another issuer is
// refused. A redirect within the same origin is still followed.
func TestDiscoveryRefusesIssuerMismatch(t *testing.T) {
	other := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(other.Close)
	var liar *httptest.Server
	liar = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		discoveryDoc(other.URL, liar.URL)(w, r)
	}))
	t.Cleanup(liar.Close)
	if _, err := Discover(context.Background(), http.DefaultClient, liar.URL+"/.well-known/openid-configuration"); err == nil || !strings.Contains(err.Error(), "issuer") {
		t.Errorf("a document naming another issuer was accepted: %v", err)
	}

	var home *httptest.Server
	home = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/.well-known/openid-configuration" {
			http.Redirect(w, r, "/real/.well-known/openid-configuration", http.StatusFound)
			return
		}
		discoveryDoc(home.URL, home.URL)(w, r)
	}))
	t.Cleanup(home.Close)
	md, err := Discover(context.Background(), http.DefaultClient, home.URL+"/.well-known/openid-configuration")
	if err != nil || md.TokenEndpoint != home.URL+"/token" {
		t.Errorf("a same-origin redirect was refused: %v", err)
	}
}

// A token endpoint that sends its answer a byte at a time must not hold
// parley past the caller's deadline (--timeout, Ctrl-C, SIGTERM all end
// the request's context).
func TestTokenRequestEndsWithCallerContext(t *testing.T) {
	released := make(chan struct{})
	var once sync.Once
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		// A valid token at the end, so that only giving up early fails.
		for i := 0; i < 40; i++ {
			select {
			case <-r.Context().Done():
				once.Do(func() { close(released) })
				return
			case <-time.After(100 * time.Millisecond):
			}
			_, _ = w.Write([]byte(" "))
			w.(http.Flusher).Flush()
		}
		_, _ = w.Write([]byte(`{"access_token":"slow-token","token_type":"bearer","expires_in":3600}`))
	}))
	t.Cleanup(slow.Close)
	m := NewManager(Options{CredentialsPath: filepath.Join(t.TempDir(), "c.toml"), Getenv: func(string) string { return hostileSecret }})
	entry := &config.Agent{Name: "svc", URL: slow.URL, Auth: "oauth2",
		OAuth: config.OAuth{ClientID: "svc", ClientSecret: "env:S", TokenURL: slow.URL + "/token"}}
	setup, err := m.ForAgent(context.Background(), entry, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	r := httptest.NewRequest(http.MethodPost, slow.URL+"/", nil).WithContext(ctx)
	if _, err := setup.Auth[0].Apply(r); err == nil {
		t.Fatalf("the token request outlived its caller: %q", r.Header.Get("Authorization"))
	}
	select {
	case <-released:
	case <-time.After(10 * time.Second):
		t.Error("the token endpoint never saw the request end")
	}
}

// Token, device and discovery requests have a whole-request deadline of
// their own, whatever the base client has.
func TestTokenClientHasDeadlineAndRefusesRedirects(t *testing.T) {
	for _, base := range []*http.Client{nil, {}, {Timeout: time.Hour}} {
		c := tokenClient(base)
		if c.Timeout <= 0 || c.Timeout > tokenRequestTimeout {
			t.Errorf("token client timeout %v", c.Timeout)
		}
		if c.CheckRedirect == nil {
			t.Error("token client follows every redirect")
		}
	}
}

// The device poll and the browser sign-in's code exchange go to the
// same token endpoint; a redirect there must not carry the device code,
// the authorization code or the PKCE verifier to another origin either.
func TestDeviceAndCodeExchangeRedirectStayHome(t *testing.T) {
	b := newRecorder(t, issueToken)
	a := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/device" {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"device_code":"dev-code-77","user_code":"ABCD","verification_uri":"http://127.0.0.1/verify","expires_in":60,"interval":1}`))
			return
		}
		http.Redirect(w, r, b.srv.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	t.Cleanup(a.Close)
	c := &OAuthClient{ClientID: "pub", ClientSecret: hostileSecret, AuthURL: a.URL + "/authorize", TokenURL: a.URL + "/token", DeviceURL: a.URL + "/device"}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	d, err := c.StartDevice(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitDevice(ctx, d); err == nil {
		t.Error("the device poll got a token from the other origin")
	}

	ac, err := c.StartAuthCode(ctx)
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(ac.URL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	back := q.Get("redirect_uri") + "?code=auth-code-55&state=" + url.QueryEscape(q.Get("state"))
	resp, err := http.Get(back)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if _, err := ac.Wait(ctx); err == nil {
		t.Error("the code exchange got a token from the other origin")
	}
	if reqs := b.requests(); len(reqs) != 0 {
		t.Errorf("the other origin got token requests: %q", reqs)
	}
}
