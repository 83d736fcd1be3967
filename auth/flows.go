package auth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"html"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"

	"github.com/parley-a2a/parley/termsafe"
)

// OAuthClient is what every flow needs: who parley signs in as and where
// the authorization server is. HTTP carries the token requests; it never
// carries agent credentials.
type OAuthClient struct {
	ClientID     string
	ClientSecret string
	Scopes       []string
	AuthURL      string
	TokenURL     string
	RefreshURL   string // when the card names one apart from TokenURL
	DeviceURL    string
	RedirectPort int
	HTTP         *http.Client
}

func (c *OAuthClient) config(redirect string) *oauth2.Config {
	return &oauth2.Config{
		ClientID: c.ClientID, ClientSecret: c.ClientSecret, Scopes: c.Scopes, RedirectURL: redirect,
		Endpoint: oauth2.Endpoint{AuthURL: c.AuthURL, TokenURL: c.TokenURL, DeviceAuthURL: c.DeviceURL},
	}
}

// httpContext makes oauth2 use c.HTTP, made fit for an authorization
// server (tokenClient): a deadline per request and no redirect to
// another origin. Without it oauth2 would use http.DefaultClient, which
// follows any redirect.
func (c *OAuthClient) httpContext(ctx context.Context) context.Context {
	return context.WithValue(ctx, oauth2.HTTPClient, tokenClient(c.HTTP))
}

// ClientCredentials returns a token source for the client-credentials
// grant; it asks for a new token whenever the last one expires.
func (c *OAuthClient) ClientCredentials() (oauth2.TokenSource, error) {
	if c.TokenURL == "" {
		return nil, errors.New("the client-credentials sign-in has no token endpoint (set token_url or issuer in the agent's config)")
	}
	cc := &clientcredentials.Config{ClientID: c.ClientID, ClientSecret: c.ClientSecret, TokenURL: c.TokenURL, Scopes: c.Scopes}
	return &contextSource{fetch: func(ctx context.Context, _ *oauth2.Token) (*oauth2.Token, error) {
		return tokenLife(cc.Token(c.httpContext(ctx)))
	}}, nil
}

// Refreshing returns a token source that starts from tok and refreshes
// it with its refresh token when it expires.
func (c *OAuthClient) Refreshing(tok *oauth2.Token) oauth2.TokenSource {
	cfg := c.config("")
	if c.RefreshURL != "" {
		cfg.Endpoint.TokenURL = c.RefreshURL
	}
	return &contextSource{tok: tok, fetch: func(ctx context.Context, last *oauth2.Token) (*oauth2.Token, error) {
		// oauth2's refresher keeps the refresh token when the server
		// sends no new one.
		return tokenLife(cfg.TokenSource(c.httpContext(ctx), last).Token())
	}}
}

// AuthCode is an authorization-code sign-in in progress: the person opens
// URL in a browser; the authorization server sends the browser back to
// parley's loopback listener with a code, which Wait exchanges.
type AuthCode struct {
	URL string

	c        *OAuthClient
	cfg      *oauth2.Config
	verifier string
	ln       net.Listener
	srv      *http.Server
	result   chan codeResult
	once     sync.Once
}

type codeResult struct {
	code string
	err  error
}

// StartAuthCode listens on a loopback port (RFC 8252) and returns the URL
// to open. PKCE (S256) is always used.
func (c *OAuthClient) StartAuthCode(ctx context.Context) (*AuthCode, error) {
	if c.AuthURL == "" || c.TokenURL == "" {
		return nil, errors.New("the browser sign-in needs an authorization endpoint and a token endpoint, and the agent's card and config name none")
	}
	if !plainAddress(c.AuthURL) {
		return nil, errors.New("the browser sign-in's address (the card's authorizationUrl) is not a plain http(s) address: it holds control, invisible or bidi characters; tell the agent's operator, or set auth_url in the agent's config")
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(c.RedirectPort)))
	if err != nil {
		return nil, fmt.Errorf("could not listen for the browser's return on 127.0.0.1:%d: %w", c.RedirectPort, err)
	}
	redirect := fmt.Sprintf("http://%s/callback", ln.Addr().String())
	a := &AuthCode{c: c, cfg: c.config(redirect), verifier: oauth2.GenerateVerifier(), ln: ln, result: make(chan codeResult, 1)}
	state := randomState()
	a.URL = a.cfg.AuthCodeURL(state, oauth2.S256ChallengeOption(a.verifier))
	mux := http.NewServeMux()
	mux.HandleFunc("/callback", func(w http.ResponseWriter, r *http.Request) { a.callback(w, r, state) })
	a.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = a.srv.Serve(ln) }()
	return a, nil
}

func (a *AuthCode) callback(w http.ResponseWriter, r *http.Request, state string) {
	q := r.URL.Query()
	var res codeResult
	switch {
	case q.Get("state") != state:
		// Not our sign-in (or a forged request): ignore it and keep waiting.
		http.Error(w, "This sign-in link is not the one parley is waiting for.", http.StatusBadRequest)
		return
	case q.Get("error") != "":
		msg := termsafe.Line(q.Get("error"))
		if d := termsafe.Line(q.Get("error_description")); d != "" {
			msg += ": " + d
		}
		res.err = fmt.Errorf("the authorization server refused the sign-in (%s)", clip(msg, 200))
	case q.Get("code") == "":
		res.err = errors.New("the authorization server sent the browser back without a code")
	default:
		res.code = q.Get("code")
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	page := "Signed in. You can close this tab and return to parley."
	if res.err != nil {
		page = "Sign-in failed: " + res.err.Error()
	}
	fmt.Fprintf(w, "<!doctype html><title>parley</title><p>%s</p>", html.EscapeString(page))
	a.once.Do(func() { a.result <- res })
}

// Wait waits for the browser to come back, then exchanges the code.
func (a *AuthCode) Wait(ctx context.Context) (*oauth2.Token, error) {
	defer a.Close()
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case res := <-a.result:
		if res.err != nil {
			return nil, res.err
		}
		tok, err := tokenLife(a.cfg.Exchange(a.c.httpContext(ctx), res.code, oauth2.VerifierOption(a.verifier)))
		if err != nil {
			return nil, fmt.Errorf("could not exchange the sign-in code for a token: %w", describeOAuthErr(err))
		}
		return tok, nil
	}
}

// Close stops listening.
func (a *AuthCode) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = a.srv.Shutdown(ctx)
}

func randomState() string {
	var b [24]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// describeOAuthErr words an oauth2 error for a person: the server's error
// code and description, without echoing the response body (which could
// hold a token in a confused server's reply).
func describeOAuthErr(err error) error {
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		return err
	}
	msg := "the authorization server refused"
	if re.Response != nil {
		msg = fmt.Sprintf("the authorization server answered HTTP %d", re.Response.StatusCode)
	}
	if re.ErrorCode != "" {
		msg += " " + termsafe.Line(re.ErrorCode)
	}
	if re.ErrorDescription != "" {
		msg += ": " + clip(termsafe.Line(re.ErrorDescription), 200)
	}
	return errors.New(msg)
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return strings.TrimSpace(s)
}
