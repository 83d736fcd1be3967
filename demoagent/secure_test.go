package demoagent

import (
	"net/http"
	"testing"
)

func TestSecureRequiresCredentials(t *testing.T) {
	srv := newServer(t)
	u := srv.URL + "/secure/"
	params := obj{"message": obj{"messageId": "m", "role": "user", "parts": []any{obj{"kind": "text", "text": "hello"}}}}

	// The card stays public.
	must(t, getJSON(t, u+".well-known/agent-card.json")["name"] != nil, "card")

	for name, h := range map[string]http.Header{
		"none":        nil,
		"wrong token": {"Authorization": {"Bearer nope"}},
		"wrong key":   {"X-Api-Key": {"nope"}},
		"basic":       {"Authorization": {"Basic ZGVtbzpkZW1v"}},
	} {
		resp := do(t, http.MethodPost, u, rpcReq("message/send", params), h)
		must(t, resp.StatusCode == http.StatusUnauthorized, "%s: status %d", name, resp.StatusCode)
		must(t, resp.Header.Get("WWW-Authenticate") == `Bearer realm="parley-demo"`, "%s: challenge %q", name, resp.Header.Get("WWW-Authenticate"))
	}
	// The extended card needs credentials like every other call.
	resp := do(t, http.MethodPost, u, rpcReq("agent/getAuthenticatedExtendedCard", nil), nil)
	must(t, resp.StatusCode == http.StatusUnauthorized, "extended card without credentials: %d", resp.StatusCode)

	for name, h := range map[string]http.Header{
		"bearer":           {"Authorization": {"Bearer demo-token"}},
		"bearer lowercase": {"Authorization": {"bearer demo-token"}},
		"api key":          {"X-Api-Key": {"demo-key"}},
	} {
		m := rpc(t, u, "message/send", params, h)
		must(t, m["error"] == nil && str(m, "result", "status", "state") == "completed", "%s: %v", name, m)
	}
	m := rpc(t, u, "agent/getAuthenticatedExtendedCard", nil, http.Header{"Authorization": {"Bearer demo-token"}})
	must(t, m["error"] == nil && len(list(m, "result", "skills")) > len(skills), "extended card %v", m)
}
