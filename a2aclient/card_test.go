package a2aclient

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func loadCard(t *testing.T, name, cardURL string) *Agent {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "cards", name))
	if err != nil {
		t.Fatal(err)
	}
	a, err := ParseCard(raw, cardURL)
	if err != nil {
		t.Fatalf("ParseCard(%s): %v", name, err)
	}
	if string(a.Raw) != string(raw) || a.CardURL != cardURL {
		t.Errorf("%s: Raw or CardURL not kept", name)
	}
	return a
}

type ifaceWant struct {
	url     string
	binding Binding
	dialect Dialect
}

func checkInterfaces(t *testing.T, a *Agent, want []ifaceWant) {
	t.Helper()
	var got []ifaceWant
	for _, i := range a.Interfaces {
		got = append(got, ifaceWant{i.URL, i.Binding, i.Dialect})
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("interfaces:\n got  %v\n want %v", got, want)
	}
}

// hasWarning reports whether some warning contains every fragment.
func hasWarning(a *Agent, fragments ...string) bool {
	for _, w := range a.Warnings {
		all := true
		for _, f := range fragments {
			all = all && strings.Contains(w, f)
		}
		if all {
			return true
		}
	}
	return false
}

func schemeNamed(a *Agent, name string) *SecurityScheme {
	for i := range a.SecuritySchemes {
		if a.SecuritySchemes[i].Name == name {
			return &a.SecuritySchemes[i]
		}
	}
	return nil
}

func TestParseCardV10Sample(t *testing.T) {
	a := loadCard(t, "v10_georoute.json", "https://georoute-agent.example.com/.well-known/agent-card.json")
	if a.CardDialect != DialectV10 || a.ProtocolVersion != "1.0" {
		t.Errorf("dialect %q version %q", a.CardDialect, a.ProtocolVersion)
	}
	checkInterfaces(t, a, []ifaceWant{
		{"https://georoute-agent.example.com/a2a/v1", BindingJSONRPC, DialectV10},
		{"https://georoute-agent.example.com/a2a/grpc", BindingGRPC, DialectV10GRPC},
		{"https://georoute-agent.example.com/a2a/json", BindingREST, DialectV10REST},
	})
	if !a.Capabilities.Streaming || !a.Capabilities.PushNotifications || !a.Capabilities.ExtendedCard {
		t.Errorf("capabilities %+v", a.Capabilities)
	}
	g := schemeNamed(a, "google")
	if g == nil || g.Type != SchemeOpenIDConnect || g.OpenIDConnectURL != "https://accounts.google.com/.well-known/openid-configuration" {
		t.Errorf("google scheme %+v", g)
	}
	want := []SecurityRequirement{{"google": {"openid", "profile", "email"}}}
	if !reflect.DeepEqual(a.Security, want) {
		t.Errorf("security %v", a.Security)
	}
	if len(a.Skills) != 2 || a.Skills[0].ID != "route-optimizer-traffic" || len(a.Skills[0].Tags) != 5 {
		t.Fatalf("skills %+v", a.Skills)
	}
	// a2a-go writes scopes as a bare list rather than {"list": […]}.
	if !reflect.DeepEqual(a.Skills[0].Security, []SecurityRequirement{{"google": {"https://www.googleapis.com/auth/maps"}}}) {
		t.Errorf("skill security %v", a.Skills[0].Security)
	}
	if a.Provider == nil || a.Provider.Organization != "Example Geo Services Inc." || a.IconURL != "https://georoute-agent.example.com/icon.png" {
		t.Errorf("provider %+v icon %q", a.Provider, a.IconURL)
	}
	// parley speaks gRPC now: a well-formed card has nothing to warn of.
	if len(a.Warnings) != 0 {
		t.Errorf("warnings %q", a.Warnings)
	}
}

func TestParseCardV10Security(t *testing.T) {
	a := loadCard(t, "v10_secure.json", "https://ledger.example.com/.well-known/agent-card.json")
	checkInterfaces(t, a, []ifaceWant{
		{"https://ledger.example.com/a2a/rest", BindingREST, DialectV10REST},
		{"https://ledger.example.com/a2a/rpc", BindingJSONRPC, DialectV10},
	})
	if a.Interfaces[0].Tenant != "acme" || a.Interfaces[0].ProtocolVersion != "1.0" {
		t.Errorf("interface %+v", a.Interfaces[0])
	}
	names := []string{}
	for _, s := range a.SecuritySchemes {
		names = append(names, s.Name)
	}
	if !reflect.DeepEqual(names, []string{"device", "key", "bearer", "mtls"}) {
		t.Errorf("schemes not in card order: %v", names)
	}
	dev := schemeNamed(a, "device")
	flow := dev.Flows.DeviceCode
	if dev.Type != SchemeOAuth2 || flow == nil || flow.DeviceAuthorizationURL != "https://auth.example.com/device" ||
		flow.TokenURL != "https://auth.example.com/token" || flow.Scopes["ledger:write"] != "Change the ledger" ||
		dev.OAuth2MetadataURL == "" || dev.Description != "Sign in on another device." {
		t.Errorf("device scheme %+v flow %+v", dev, flow)
	}
	if k := schemeNamed(a, "key"); k.Type != SchemeAPIKey || k.In != "header" || k.ParamName != "X-Ledger-Key" {
		t.Errorf("api key scheme %+v", k)
	}
	if b := schemeNamed(a, "bearer"); b.Type != SchemeHTTP || b.Scheme != "Bearer" || b.BearerFormat != "JWT" {
		t.Errorf("bearer scheme %+v", b)
	}
	if m := schemeNamed(a, "mtls"); m.Type != SchemeMutualTLS {
		t.Errorf("mtls scheme %+v", m)
	}
	want := []SecurityRequirement{{"device": {"ledger:read"}}, {"key": {}, "mtls": {}}}
	if !reflect.DeepEqual(a.Security, want) {
		t.Errorf("requirements %v", a.Security)
	}
	if !reflect.DeepEqual(a.Skills[1].Security, []SecurityRequirement{{"device": {"ledger:write"}}}) {
		t.Errorf("skill requirements %v", a.Skills[1].Security)
	}
	if !a.Capabilities.ExtendedCard || len(a.Warnings) != 0 {
		t.Errorf("extended %v warnings %q", a.Capabilities.ExtendedCard, a.Warnings)
	}
}

func TestParseCardHybridPrefersV10(t *testing.T) {
	a := loadCard(t, "v10_hybrid.json", "http://127.0.0.1:9999/.well-known/agent-card.json")
	if a.CardDialect != DialectV10 || a.ProtocolVersion != "0.3.0" {
		t.Errorf("dialect %q version %q", a.CardDialect, a.ProtocolVersion)
	}
	checkInterfaces(t, a, []ifaceWant{
		{"http://127.0.0.1:9999/v1", BindingJSONRPC, DialectV10},
		{"http://127.0.0.1:9999/v03", BindingJSONRPC, DialectV03},
		{"http://127.0.0.1:9999/v03/rest", BindingREST, DialectV03REST},
		{"http://127.0.0.1:9999/legacy", BindingJSONRPC, DialectV03},
	})
	if b := schemeNamed(a, "bearer"); b == nil || b.Type != SchemeHTTP || b.Scheme != "bearer" {
		t.Errorf("bearer %+v", b)
	}
	if !reflect.DeepEqual(a.Security, []SecurityRequirement{{"bearer": {}}}) {
		t.Errorf("security %v (securityRequirements wins over security)", a.Security)
	}
	if !a.Capabilities.ExtendedCard || !a.Capabilities.Streaming {
		t.Errorf("capabilities %+v", a.Capabilities)
	}
	if len(a.Warnings) != 0 {
		t.Errorf("loopback http should not warn: %q", a.Warnings)
	}
}

func TestParseCardV03Sample(t *testing.T) {
	a := loadCard(t, "v03_georoute.json", "https://georoute-agent.example.com/.well-known/agent-card.json")
	if a.CardDialect != DialectV03 || a.ProtocolVersion != "0.3.0" {
		t.Errorf("dialect %q version %q", a.CardDialect, a.ProtocolVersion)
	}
	checkInterfaces(t, a, []ifaceWant{
		{"https://georoute-agent.example.com/a2a/v1", BindingJSONRPC, DialectV03},
		{"https://georoute-agent.example.com/a2a/grpc", BindingGRPC, DialectV03GRPC},
		{"https://georoute-agent.example.com/a2a/json", BindingREST, DialectV03REST},
	})
	p := schemeNamed(a, "partner")
	if p == nil || p.Type != SchemeOAuth2 || p.Flows.ClientCredentials == nil || p.Flows.ClientCredentials.Scopes["routes"] != "Plan routes" ||
		p.Flows.AuthorizationCode == nil || p.Flows.AuthorizationCode.AuthorizationURL != "https://partners.example.com/authorize" ||
		p.OAuth2MetadataURL == "" {
		t.Errorf("partner %+v", p)
	}
	if c := schemeNamed(a, "cert"); c == nil || c.Type != SchemeMutualTLS {
		t.Errorf("cert %+v", c)
	}
	want := []SecurityRequirement{{"google": {"openid", "profile", "email"}}, {"partner": {"routes"}}}
	if !reflect.DeepEqual(a.Security, want) {
		t.Errorf("security %v", a.Security)
	}
	if !reflect.DeepEqual(a.Skills[0].Security, []SecurityRequirement{{"partner": {"routes"}}}) {
		t.Errorf("skill security %v", a.Skills[0].Security)
	}
	if !a.Capabilities.ExtendedCard {
		t.Error("supportsAuthenticatedExtendedCard not read")
	}
	// parley speaks gRPC now: a well-formed card has nothing to warn of.
	if len(a.Warnings) != 0 {
		t.Errorf("warnings %q", a.Warnings)
	}
}

func TestParseCardV02(t *testing.T) {
	a := loadCard(t, "v025_card.json", "http://localhost:10000/.well-known/agent.json")
	if a.CardDialect != DialectV02 {
		t.Errorf("dialect %q", a.CardDialect)
	}
	checkInterfaces(t, a, []ifaceWant{{"http://localhost:10000/", BindingJSONRPC, DialectV02}})
	k := schemeNamed(a, "apiKey")
	if k == nil || k.Type != SchemeAPIKey || k.In != "header" || k.ParamName != "X-API-Key" || k.Description != "Key from the dashboard." {
		t.Errorf("api key %+v", k)
	}
	if len(a.Warnings) != 0 {
		t.Errorf("warnings %q", a.Warnings)
	}

	// v0.2.0 had no protocolVersion; securitySchemes gives it away.
	b := loadCard(t, "v020_card.json", "http://localhost:10002/.well-known/agent.json")
	if b.CardDialect != DialectV02 || len(b.Warnings) != 0 {
		t.Errorf("dialect %q warnings %q", b.CardDialect, b.Warnings)
	}
	checkInterfaces(t, b, []ifaceWant{{"http://localhost:10002/", BindingJSONRPC, DialectV02}})
	if s := schemeNamed(b, "basic"); s == nil || s.Type != SchemeHTTP || s.Scheme != "basic" {
		t.Errorf("basic %+v", s)
	}
}

func TestParseCardV01(t *testing.T) {
	a := loadCard(t, "v01_card.json", "https://maps-agent.google.com/.well-known/agent.json")
	if a.CardDialect != DialectV01 {
		t.Errorf("dialect %q", a.CardDialect)
	}
	checkInterfaces(t, a, []ifaceWant{{"https://maps-agent.google.com", BindingJSONRPC, DialectV01}})
	b := schemeNamed(a, "Bearer")
	if b == nil || b.Type != SchemeHTTP || b.Scheme != "bearer" || b.Description != "Obtain a token from the console." {
		t.Errorf("bearer %+v", b)
	}
	if k := schemeNamed(a, "ApiKey"); k == nil || k.Type != SchemeNamed {
		t.Errorf("ApiKey %+v", k)
	}
	want := []SecurityRequirement{{"Bearer": {}}, {"ApiKey": {}}}
	if !reflect.DeepEqual(a.Security, want) {
		t.Errorf("security %v", a.Security)
	}
	if len(a.Warnings) != 0 {
		t.Errorf("warnings %q", a.Warnings)
	}
}

func TestParseCardGateway(t *testing.T) {
	a := loadCard(t, "gateway_single.json", "http://127.0.0.1:3000/.well-known/agent-card.json")
	if a.CardDialect != DialectGateway || !a.Capabilities.TaskManagement || !a.Capabilities.AgentDiscovery {
		t.Errorf("dialect %q caps %+v", a.CardDialect, a.Capabilities)
	}
	checkInterfaces(t, a, []ifaceWant{{"http://127.0.0.1:3000/v1/a2a/agents/assistant", BindingREST, DialectGateway}})
	if len(a.Warnings) != 0 {
		t.Errorf("warnings %q", a.Warnings)
	}

	m := loadCard(t, "gateway_multi.json", "https://gw.example.com/.well-known/agent-card.json")
	checkInterfaces(t, m, []ifaceWant{{"https://gw.example.com/v1/a2a/agents", BindingREST, DialectGateway}})
}

func TestParseCardWarnings(t *testing.T) {
	a := loadCard(t, "warnings_card.json", "http://agent.example.net/.well-known/agent-card.json")
	checkInterfaces(t, a, []ifaceWant{
		{"http://agent.example.net/rpc", BindingJSONRPC, DialectV03},
		{"https://agent.example.net/grpc", BindingGRPC, DialectV03GRPC},
		{"wss://agent.example.net/ws", Binding("WEBSOCKET"), DialectUnknown},
	})
	for _, w := range [][]string{
		{"no description"},
		{"defaultOutputModes", "string", "array"},
		{"http://", "agent.example.net", "unencrypted"},
		{"WEBSOCKET"},
		{"Additional interface 3", "no url"},
		{"Skill id", `"a"`, "more than once"},
		{"Skill 3", "Nameless", "no id"},
		{"Skill 4", "not an object"},
		{"missing", "does not define"},
	} {
		if !hasWarning(a, w...) {
			t.Errorf("no warning with %q in %q", w, a.Warnings)
		}
	}
	if len(a.Skills) != 3 {
		t.Errorf("skills %d", len(a.Skills))
	}
}

func TestParseCardShapes(t *testing.T) {
	cases := []struct {
		name    string
		card    string
		dialect Dialect
		ifaces  []ifaceWant
		warn    []string
	}{
		{"relative url", `{"name":"a","description":"d","url":"/rpc","version":"1","protocolVersion":"0.3.0","capabilities":{},"defaultInputModes":[],"defaultOutputModes":[],"skills":[]}`,
			DialectV03, []ifaceWant{{"https://h.example/rpc", BindingJSONRPC, DialectV03}}, nil},
		{"missing url falls back to origin", `{"name":"a","protocolVersion":"0.3.0"}`,
			DialectV03, []ifaceWant{{"https://h.example/", BindingJSONRPC, DialectV03}}, []string{"no url", "origin"}},
		{"v0.3 REST preferred", `{"name":"a","url":"https://h.example/v1","preferredTransport":"HTTP+JSON","protocolVersion":"0.3.0"}`,
			DialectV03, []ifaceWant{{"https://h.example/v1", BindingREST, DialectV03REST}}, nil},
		{"0.2.9 with transports", `{"name":"a","url":"https://h.example/a","protocolVersion":"0.2.9","additionalInterfaces":[{"url":"https://h.example/b","transport":"HTTP+JSON"}]}`,
			DialectV02, []ifaceWant{{"https://h.example/a", BindingJSONRPC, DialectV02}, {"https://h.example/b", BindingREST, DialectV03REST}}, nil},
		{"v0.3 fields without version", `{"name":"a","url":"https://h.example/a","preferredTransport":"JSONRPC"}`,
			DialectV03, []ifaceWant{{"https://h.example/a", BindingJSONRPC, DialectV03}}, []string{"no protocolVersion"}},
		{"bare card guesses v0.1", `{"name":"a","url":"https://h.example/a"}`,
			DialectV01, []ifaceWant{{"https://h.example/a", BindingJSONRPC, DialectV01}}, []string{"guesses v0.1"}},
		{"bare card with media types guesses v0.2", `{"name":"a","url":"https://h.example/a","defaultInputModes":["text/plain"]}`,
			DialectV02, []ifaceWant{{"https://h.example/a", BindingJSONRPC, DialectV02}}, []string{"guesses v0.2"}},
		{"v0.1 authentication null", `{"name":"a","url":"https://h.example/a","authentication":null}`,
			DialectV01, []ifaceWant{{"https://h.example/a", BindingJSONRPC, DialectV01}}, nil},
		{"version 1.0 without supportedInterfaces", `{"name":"a","url":"https://h.example/a","protocolVersion":"1.0","preferredTransport":"HTTP+JSON"}`,
			DialectV10, []ifaceWant{{"https://h.example/a", BindingREST, DialectV10REST}}, []string{"no supportedInterfaces"}},
		{"v1.0 interface without version", `{"name":"a","supportedInterfaces":[{"url":"https://h.example/a","protocolBinding":"jsonrpc"}]}`,
			DialectV10, []ifaceWant{{"https://h.example/a", BindingJSONRPC, DialectV10}}, []string{"assumes 1.0"}},
		{"v1.0 interface for 0.3 REST", `{"name":"a","supportedInterfaces":[{"url":"https://h.example/a","protocolBinding":"HTTP+JSON","protocolVersion":"0.3"}]}`,
			DialectV10, []ifaceWant{{"https://h.example/a", BindingREST, DialectV03REST}}, nil},
		{"odd field types survive", `{"name":"a","url":"https://h.example/a","protocolVersion":"0.3.0","skills":{"x":1},"capabilities":"yes","securitySchemes":[1]}`,
			DialectV03, []ifaceWant{{"https://h.example/a", BindingJSONRPC, DialectV03}}, []string{"capabilities is a string"}},
		{"gateway without flags", `{"name":"g","url":"/v1/a2a/agents/x/message:send"}`,
			DialectGateway, []ifaceWant{{"https://h.example/v1/a2a/agents/x", BindingREST, DialectGateway}}, nil},
		{"A2A server under a gateway-like path", `{"name":"a","url":"/v1/a2a/agents/x","protocolVersion":"0.3.0"}`,
			DialectV03, []ifaceWant{{"https://h.example/v1/a2a/agents/x", BindingJSONRPC, DialectV03}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, err := ParseCard([]byte(c.card), "https://h.example/.well-known/agent-card.json")
			if err != nil {
				t.Fatal(err)
			}
			if a.CardDialect != c.dialect {
				t.Errorf("dialect %q, want %q", a.CardDialect, c.dialect)
			}
			checkInterfaces(t, a, c.ifaces)
			if len(c.warn) > 0 && !hasWarning(a, c.warn...) {
				t.Errorf("no warning with %q in %q", c.warn, a.Warnings)
			}
		})
	}
}

func TestParseCardRejectsNonCards(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"html", "<!DOCTYPE html><html><body>Welcome</body></html>", "HTML page"},
		{"not json", "hello", "not JSON"},
		{"array", `[{"name":"a"}]`, "JSON array"},
		{"empty", "  ", "empty"},
		{"other json", `{"error":"not found"}`, "neither a name nor an endpoint"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseCard([]byte(c.body), "https://h.example/x")
			var pe *ProtocolError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a ProtocolError", err)
			}
			if !strings.Contains(err.Error(), "not an agent card") || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q lacks %q", err, c.want)
			}
		})
	}
	big := `{"name":"` + strings.Repeat("x", maxCardSize) + `"}`
	if _, err := ParseCard([]byte(big), ""); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("oversized card: %v", err)
	}
}

func TestParseCardKeepsHostileStrings(t *testing.T) {
	a, err := ParseCard([]byte(`{"name":"evil\u001b]52;c;aGk=\u0007","url":"https://h.example/"}`), "")
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "evil\x1b]52;c;aGk=\x07" {
		t.Errorf("name changed: %q", a.Name)
	}
}

// cardServer serves a card at the given paths and 404 elsewhere.
func cardServer(t *testing.T, card string, paths ...string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, p := range paths {
			if r.URL.Path == p {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(card))
				return
			}
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

const minimalV03 = `{"protocolVersion":"0.3.0","name":"Found","description":"d","url":"/rpc","version":"1","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}`

func TestResolveFindsCard(t *testing.T) {
	cases := []struct {
		name   string
		paths  []string
		target string // appended to the server URL
	}{
		{"agent-card.json only", []string{"/.well-known/agent-card.json"}, ""},
		{"agent.json only", []string{"/.well-known/agent.json"}, "/"},
		{"prefixed path", []string{"/team/bot/.well-known/agent-card.json"}, "/team/bot"},
		{"prefixed agent.json", []string{"/team/bot/.well-known/agent.json"}, "/team/bot/"},
		{"card URL given", []string{"/cards/found.json"}, "/cards/found.json"},
		// A prefixed target's card is never the origin's root card, which
		// is another agent's: TestHostileTargetPathNeverFallsBackToRoot.
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := cardServer(t, minimalV03, c.paths...)
			cl, err := Resolve(context.Background(), srv.URL+c.target, Options{})
			if err != nil {
				t.Fatal(err)
			}
			a := cl.Agent()
			if a.Name != "Found" || a.CardURL != srv.URL+c.paths[0] {
				t.Errorf("name %q card URL %q", a.Name, a.CardURL)
			}
			// The endpoint is relative to where the card was found.
			want := srv.URL + "/rpc"
			if len(a.Interfaces) != 1 || a.Interfaces[0].URL != want {
				t.Errorf("interfaces %+v, want %s", a.Interfaces, want)
			}
			if e := cl.Endpoint(); e.URL != want || e.Dialect != DialectV03 {
				t.Errorf("endpoint %+v", e)
			}
		})
	}
}

func TestFetchAgentClearErrors(t *testing.T) {
	html := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<!doctype html><html><body>Our product</body></html>"))
	}))
	defer html.Close()
	_, err := fetchAgent(context.Background(), newTransport(Options{}), html.URL+"/")
	if !errors.Is(err, ErrNoCard) || !strings.Contains(err.Error(), "HTML page") {
		t.Errorf("HTML site: %v", err)
	}

	notCard := cardServer(t, `{"status":"ok","uptime":3}`, "/.well-known/agent-card.json", "/.well-known/agent.json")
	_, err = fetchAgent(context.Background(), newTransport(Options{}), notCard.URL)
	if !errors.Is(err, ErrNoCard) || !strings.Contains(err.Error(), "not an agent card") {
		t.Errorf("non-card JSON: %v", err)
	}
}
