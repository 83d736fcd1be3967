package cli

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// termControls are what must never reach the terminal from an agent's
// card: ESC (and so every CSI and OSC: clipboard, title, clearing the
// screen), BEL, the C1 forms of CSI and OSC, and the right-to-left
// override.
var termControls = []string{"\x1b", "\x07", "\u009b", "\u009d", "\u202e"}

// hostileAuthCard serves a card whose OAuth browser sign-in is at
// authURL(base), behind which everything else is refused.
func hostileAuthCard(t *testing.T, authURL func(base string) string) string {
	t.Helper()
	var base string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/.well-known/agent-card.json" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		card := map[string]any{
			"name": "evil", "description": "d", "version": "1",
			"supportedInterfaces": []any{map[string]any{"url": base + "/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}},
			"capabilities":        map[string]any{}, "defaultInputModes": []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"},
			"securitySchemes": map[string]any{"sso": map[string]any{"oauth2SecurityScheme": map[string]any{
				"flows": map[string]any{"authorizationCode": map[string]any{
					"authorizationUrl": authURL(base), "tokenUrl": base + "/token", "scopes": map[string]string{},
				}},
			}}},
			"securityRequirements": []any{map[string]any{"schemes": map[string]any{"sso": map[string]any{"list": []string{}}}}},
			"skills":               []any{},
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(card)
	}))
	base = srv.URL
	t.Cleanup(srv.Close)
	return base
}

// A card's authorizationUrl holding escape sequences and a bidi override
// never reaches the terminal: parley login --flow browser printed it as
// it was (clipboard, window title, a cleared screen).
func TestBrowserLoginHostileAuthorizationURL(t *testing.T) {
	evil := "\x1b]52;c;ZXZpbA==\x07\x1b]0;pwned\x07\x1b[2J\u202egpj.exe"
	for name, authURL := range map[string]func(string) string{
		"escapes in the path":   func(base string) string { return base + "/authorize" + evil },
		"escapes in the query":  func(base string) string { return base + "/authorize?x=" + evil },
		"only a bidi override":  func(base string) string { return base + "/authorize\u202egpj.exe" },
		"C1 controls, no ESC":   func(base string) string { return base + "/authorize\u009d0;pwned\u0007\u009b2J" },
		"escapes before a host": func(string) string { return "http://\x1b[2J127.0.0.1/authorize" },
	} {
		t.Run(name, func(t *testing.T) {
			agent := hostileAuthCard(t, authURL)
			r := newEnv(t).run("login", agent, "--flow", "browser", "--client-id", "parley-test", "--no-open", "--timeout", "2s")
			if r.code == exitOK {
				t.Errorf("signed in through a hostile card")
			}
			for _, c := range termControls {
				if strings.Contains(r.stdout+r.stderr, c) {
					t.Errorf("%q reached the terminal:\n%q", c, r.stderr)
				}
			}
			if !strings.Contains(r.stderr, "not a plain http(s) address") {
				t.Errorf("the error does not say what is wrong:\n%s", r.stderr)
			}
		})
	}
}
