package interop

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	a2a03 "github.com/a2aproject/a2a-go/a2a"
	srv03 "github.com/a2aproject/a2a-go/a2asrv"
	a2a2 "github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
	srv2 "github.com/a2aproject/a2a-go/v2/a2asrv"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/cli"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/internal/oauthtest"
	"github.com/parley-a2a/parley/session"
)

// a2a-go servers behind authentication middleware: the card is public and
// declares the schemes in the SDK's own encoding; every other request
// needs a credential the middleware checks. parley reads the schemes,
// is refused without credentials (naming the schemes), and gets through
// with each credential its config can hold.

const (
	authToken = "interop-bearer-7c1e"
	authKey   = "interop-key-52aa"
)

// guard lets a request through when allow says so; otherwise it answers
// 401 with a Bearer challenge, as an API gateway in front of an agent would.
func guard(next http.Handler, allow func(*http.Request) bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == wellKnownCardPath || allow(r) {
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Set("WWW-Authenticate", `Bearer realm="interop"`)
		http.Error(w, "credentials required", http.StatusUnauthorized)
	})
}

// staticAllow accepts the bearer token, or the API key in the header,
// the query parameter or the cookie the card names.
func staticAllow(r *http.Request) bool {
	if r.Header.Get("Authorization") == "Bearer "+authToken || r.Header.Get("X-API-Key") == authKey || r.URL.Query().Get("api_key") == authKey {
		return true
	}
	c, err := r.Cookie("session")
	return err == nil && c.Value == authKey
}

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// startSecuredV2 serves a2a-go/v2 (v1.0 JSON-RPC and HTTP+JSON, and on a
// port of its own gRPC v1.0 and v0.3) behind allow, with a card declaring
// bearer, API-key (header, query, cookie) and OAuth device-code schemes
// at idp. It returns the HTTP base URL and the gRPC endpoint.
func startSecuredV2(t *testing.T, idp string, allow func(*http.Request) bool) (string, string) {
	s := newScript()
	t.Cleanup(s.shutdown)
	handler := srv2.NewHandler(v2Executor{s: s}, srv2.WithLogger(quietLogger()))
	mux := http.NewServeMux()
	srv := httptest.NewServer(guard(mux, allow))
	t.Cleanup(srv.Close)
	mux.Handle(pathJSONRPC, srv2.NewJSONRPCHandler(handler))
	mux.Handle(pathREST+"/", http.StripPrefix(pathREST, srv2.NewRESTHandler(handler)))
	grpcAddr := serveSecuredGRPC(t, handler, allow)
	card := &a2a2.AgentCard{
		Name: "secured a2a-go/v2", Description: helpText, Version: "2.4.0",
		Capabilities:       a2a2.AgentCapabilities{Streaming: true},
		DefaultInputModes:  []string{"text/plain"},
		DefaultOutputModes: []string{"text/plain"},
		Skills:             []a2a2.AgentSkill{{ID: peerScenarioSkill, Name: "Scripted scenarios", Description: helpText, Tags: []string{"test"}}},
		SupportedInterfaces: []*a2a2.AgentInterface{
			{URL: srv.URL + pathJSONRPC, ProtocolBinding: a2a2.TransportProtocolJSONRPC, ProtocolVersion: a2a2.Version},
			{URL: srv.URL + pathREST, ProtocolBinding: a2a2.TransportProtocolHTTPJSON, ProtocolVersion: a2a2.Version},
			{URL: grpcAddr, ProtocolBinding: a2a2.TransportProtocolGRPC, ProtocolVersion: a2a2.Version},
			{URL: grpcAddr, ProtocolBinding: a2a2.TransportProtocolGRPC, ProtocolVersion: a2av0.Version},
		},
		SecuritySchemes: a2a2.NamedSecuritySchemes{
			"bearer":      a2a2.HTTPAuthSecurityScheme{Scheme: "Bearer"},
			"headerKey":   a2a2.APIKeySecurityScheme{Location: a2a2.APIKeySecuritySchemeLocationHeader, Name: "X-API-Key"},
			"queryKey":    a2a2.APIKeySecurityScheme{Location: "query", Name: "api_key"},
			"cookieKey":   a2a2.APIKeySecurityScheme{Location: a2a2.APIKeySecuritySchemeLocationCookie, Name: "session"},
			"device":      a2a2.OAuth2SecurityScheme{Flows: a2a2.DeviceCodeOAuthFlow{DeviceAuthorizationURL: idp + "/device", TokenURL: idp + "/token", Scopes: map[string]string{"agents:read": "read"}}},
			"credentials": a2a2.OAuth2SecurityScheme{Flows: a2a2.ClientCredentialsOAuthFlow{TokenURL: idp + "/token", Scopes: map[string]string{}}},
		},
		SecurityRequirements: a2a2.SecurityRequirementsOptions{{"bearer": {}}, {"headerKey": {}}, {"device": {"agents:read"}}},
	}
	mux.Handle(wellKnownCardPath, srv2.NewStaticAgentCardHandler(card))
	return srv.URL, grpcAddr
}

// startSecuredV03 serves a2a-go v0.3.15 JSON-RPC behind allow, with the
// v0.3 forms of the schemes ("in", "security").
func startSecuredV03(t *testing.T, allow func(*http.Request) bool) string {
	s := newScript()
	t.Cleanup(s.shutdown)
	handler := srv03.NewHandler(v03Executor{s: s}, srv03.WithLogger(quietLogger()))
	mux := http.NewServeMux()
	srv := httptest.NewServer(guard(mux, allow))
	t.Cleanup(srv.Close)
	mux.Handle(pathJSONRPC, srv03.NewJSONRPCHandler(handler))
	card := &a2a03.AgentCard{
		Name: "secured a2a-go v0.3", Description: helpText, URL: srv.URL + pathJSONRPC,
		PreferredTransport: a2a03.TransportProtocolJSONRPC, ProtocolVersion: string(a2a03.Version), Version: "0.3.15",
		Capabilities:       a2a03.AgentCapabilities{Streaming: true},
		DefaultInputModes:  []string{"text/plain"},
		DefaultOutputModes: []string{"text/plain"},
		Skills:             []a2a03.AgentSkill{{ID: peerScenarioSkill, Name: "Scripted scenarios", Description: helpText, Tags: []string{"test"}}},
		SecuritySchemes: a2a03.NamedSecuritySchemes{
			"bearer":    a2a03.HTTPAuthSecurityScheme{Scheme: "bearer"},
			"headerKey": a2a03.APIKeySecurityScheme{In: a2a03.APIKeySecuritySchemeInHeader, Name: "X-API-Key"},
		},
		Security: []a2a03.SecurityRequirements{{"bearer": {}}, {"headerKey": {}}},
	}
	mux.Handle(wellKnownCardPath, srv03.NewStaticAgentCardHandler(card))
	return srv.URL
}

func authDirectory(t *testing.T, agents []config.Agent, env map[string]string) *session.Directory {
	cfgPath := filepath.Join(t.TempDir(), "config.toml")
	getenv := func(k string) string { return env[k] }
	return session.NewDirectory(session.DirectoryOptions{
		Config: &config.Config{Agents: agents}, ConfigPath: cfgPath, Getenv: getenv,
		Auth: cli.Credentials(cfgPath, getenv, nil),
	})
}

func sendMessage(t *testing.T, d *session.Directory, ref string, dialect a2aclient.Dialect) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := d.Client(ctx, ref, session.Overrides{Dialect: dialect})
	if err != nil {
		return err
	}
	res, err := c.Send(ctx, a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart(scenarioMessage)}}})
	if err != nil {
		return err
	}
	if res.Message == nil || !strings.Contains(res.Message.Text(), scenarioMessage) {
		t.Errorf("%s: reply %+v", ref, res)
	}
	return nil
}

func TestAuthSchemesFromSDKCards(t *testing.T) {
	v2, _ := startSecuredV2(t, "https://idp.example.com", staticAllow)
	v03 := startSecuredV03(t, staticAllow)
	ctx := context.Background()
	for _, tc := range []struct {
		url  string
		want []string
	}{
		{v2, []string{`HTTP bearer token (scheme "bearer")`, `API key in header X-API-Key (scheme "headerKey")`,
			`OAuth 2.0 device code (idp.example.com) (scheme "device") with scopes agents:read`, "its reply asks for Bearer"}},
		{v03, []string{`HTTP bearer token (scheme "bearer")`, `API key in header X-API-Key (scheme "headerKey")`}},
	} {
		c, err := a2aclient.Resolve(ctx, tc.url, a2aclient.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Send(ctx, a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart(scenarioMessage)}}})
		var ae *a2aclient.AuthError
		if !errors.As(err, &ae) || ae.StatusCode != 401 {
			t.Fatalf("%s: without credentials: %v", tc.url, err)
		}
		needs := auth.Needs(c.Agent(), ae.Challenge)
		for _, w := range tc.want {
			if !strings.Contains(needs, w) {
				t.Errorf("%s: Needs = %q\nmissing %q", c.Agent().Name, needs, w)
			}
		}
	}
	// The v1.0 card's API-key schemes in the query and the cookie (the SDK
	// writes the scheme map in key order).
	c, _ := a2aclient.Resolve(ctx, v2, a2aclient.Options{})
	cs, _ := auth.Choices(c.Agent(), "")
	var where []string
	for _, ch := range cs {
		if ch.Kind == auth.KindAPIKey {
			where = append(where, ch.APIKeyIn+":"+ch.APIKeyName)
		}
	}
	if strings.Join(where, " ") != "cookie:session header:X-API-Key query:api_key" {
		t.Errorf("API key choices %v", where)
	}
}

// Every credential parley's config can hold gets through the middleware,
// on every binding.
func TestAuthCredentialsThroughMiddleware(t *testing.T) {
	v2, v2GRPC := startSecuredV2(t, "https://idp.example.com", staticAllow)
	grpcOrigin := []string{"http://" + v2GRPC}
	v03 := startSecuredV03(t, staticAllow)
	env := map[string]string{"TOKEN": authToken, "KEY": authKey}
	for _, tc := range []struct {
		name    string
		url     string
		dialect a2aclient.Dialect
		agent   config.Agent
	}{
		{"v1.0 JSON-RPC bearer", v2, a2aclient.DialectV10, config.Agent{Auth: "bearer", Token: "env:TOKEN"}},
		{"v1.0 REST bearer", v2, a2aclient.DialectV10REST, config.Agent{Auth: "bearer", Token: "env:TOKEN"}},
		{"v1.0 REST header key", v2, a2aclient.DialectV10REST, config.Agent{Auth: "apikey", APIKeyName: "X-API-Key", Token: "env:KEY"}},
		{"v1.0 JSON-RPC query key", v2, a2aclient.DialectV10, config.Agent{Auth: "apikey", APIKeyIn: "query", APIKeyName: "api_key", Token: "env:KEY"}},
		{"v1.0 JSON-RPC cookie key", v2, a2aclient.DialectV10, config.Agent{Auth: "apikey", APIKeyIn: "cookie", APIKeyName: "session", Token: "cmd:echo " + authKey}},
		{"v0.3 JSON-RPC bearer", v03, a2aclient.DialectV03, config.Agent{Auth: "bearer", Token: "env:TOKEN"}},
		{"v0.3 JSON-RPC header key", v03, a2aclient.DialectV03, config.Agent{Auth: "apikey", APIKeyName: "X-API-Key", Token: "env:KEY"}},
		// gRPC: the same credentials as metadata, to the gRPC origin the
		// entry trusts.
		{"v1.0 gRPC bearer", v2, a2aclient.DialectV10GRPC, config.Agent{Auth: "bearer", Token: "env:TOKEN", TrustedOrigins: grpcOrigin}},
		{"v1.0 gRPC header key", v2, a2aclient.DialectV10GRPC, config.Agent{Auth: "apikey", APIKeyName: "X-API-Key", Token: "env:KEY", TrustedOrigins: grpcOrigin}},
		{"v1.0 gRPC query key", v2, a2aclient.DialectV10GRPC, config.Agent{Auth: "apikey", APIKeyIn: "query", APIKeyName: "api_key", Token: "env:KEY", TrustedOrigins: grpcOrigin}},
		{"v1.0 gRPC cookie key", v2, a2aclient.DialectV10GRPC, config.Agent{Auth: "apikey", APIKeyIn: "cookie", APIKeyName: "session", Token: "cmd:echo " + authKey, TrustedOrigins: grpcOrigin}},
		{"v0.3 gRPC bearer", v2, a2aclient.DialectV03GRPC, config.Agent{Auth: "bearer", Token: "env:TOKEN", TrustedOrigins: grpcOrigin}},
		{"v0.3 gRPC header key", v2, a2aclient.DialectV03GRPC, config.Agent{Auth: "apikey", APIKeyName: "X-API-Key", Token: "env:KEY", TrustedOrigins: grpcOrigin}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := tc.agent
			a.Name, a.URL = "peer", tc.url
			if err := sendMessage(t, authDirectory(t, []config.Agent{a}, env), "peer", tc.dialect); err != nil {
				t.Fatal(err)
			}
			// The same agent with a wrong credential is refused.
			bad := map[string]string{"TOKEN": "wrong", "KEY": "wrong"}
			if strings.HasPrefix(a.Token, "env:") {
				var ae *a2aclient.AuthError
				if err := sendMessage(t, authDirectory(t, []config.Agent{a}, bad), "peer", tc.dialect); !errors.As(err, &ae) {
					t.Errorf("a wrong credential: %v", err)
				} else if s := ae.Schemes(); len(s) != 1 || s[0] != "Bearer" {
					t.Errorf("the challenge's schemes: %q (from %q)", s, ae.Challenge)
				}
			}
		})
	}
}

// OAuth client credentials against the go-oauth2 server, with a2a-go
// behind a resource-server check of the token: endpoints and scopes come
// from the SDK-encoded card.
func TestAuthOAuthClientCredentialsToSDK(t *testing.T) {
	p := oauthtest.Start(t, time.Hour)
	var allowed http.Handler = http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	check := p.Protect(allowed)
	allow := func(r *http.Request) bool {
		rec := httptest.NewRecorder()
		check.ServeHTTP(rec, r)
		return rec.Code == http.StatusOK
	}
	url, grpcAddr := startSecuredV2(t, p.URL, allow)
	d := authDirectory(t, []config.Agent{{Name: "svc", URL: url, Auth: "oauth2", TrustedOrigins: []string{"http://" + grpcAddr},
		OAuth: config.OAuth{ClientID: oauthtest.SvcClient, ClientSecret: "env:SECRET"}}}, map[string]string{"SECRET": oauthtest.SvcSecret})
	for _, dl := range []a2aclient.Dialect{a2aclient.DialectV10, a2aclient.DialectV10REST, a2aclient.DialectV10GRPC} {
		if err := sendMessage(t, d, "svc", dl); err != nil {
			t.Fatalf("%s: %v", dl, err)
		}
	}
	if g := p.GrantLog(); len(g) != 1 || g[0] != "client_credentials" {
		t.Errorf("grants %v (one token serves both clients)", g)
	}
}
