package oauthtest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/parley-a2a/parley/demoagent"
)

// SecuredAgent serves parley's demo agent (A2A v1.0 JSON-RPC) behind this
// server's tokens. Its card is public and offers an OAuth 2.0 scheme
// "sso" with the device-code, authorization-code and client-credentials
// flows at this server, asking for scope agents:read; it also offers the
// authenticated extended card. It returns the agent's base URL.
func (p *Server) SecuredAgent(t testing.TB, opts demoagent.Options) string {
	t.Helper()
	demo := demoagent.New(opts).Handler()
	mux := http.NewServeMux()
	var base string
	mux.HandleFunc("/.well-known/agent-card.json", func(w http.ResponseWriter, r *http.Request) {
		flow := func(extra map[string]any) map[string]any {
			f := map[string]any{"tokenUrl": p.URL + "/token", "scopes": map[string]string{"agents:read": "Talk to the agent"}}
			for k, v := range extra {
				f[k] = v
			}
			return f
		}
		card := map[string]any{
			"name": "secured demo", "description": "The demo agent behind OAuth 2.0.", "version": "1.0.0",
			"supportedInterfaces": []any{map[string]any{"url": base + "/v1.0/jsonrpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}},
			"capabilities":        map[string]any{"streaming": true, "extendedAgentCard": true},
			"defaultInputModes":   []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"},
			"securitySchemes": map[string]any{"sso": map[string]any{"oauth2SecurityScheme": map[string]any{
				"description": "Single sign-on.",
				"flows": map[string]any{
					"deviceCode":        flow(map[string]any{"deviceAuthorizationUrl": p.URL + "/device"}),
					"authorizationCode": flow(map[string]any{"authorizationUrl": p.URL + "/authorize", "pkceRequired": true}),
					"clientCredentials": flow(nil),
				},
			}}},
			"securityRequirements": []any{map[string]any{"schemes": map[string]any{"sso": map[string]any{"list": []string{"agents:read"}}}}},
			"skills":               []any{map[string]any{"id": "chat", "name": "Chat", "description": "Anything the demo agent does.", "tags": []string{"demo"}}},
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(card)
	})
	mux.Handle("/", p.Protect(demo))
	srv := httptest.NewServer(mux)
	base = srv.URL
	t.Cleanup(srv.Close)
	return base
}
