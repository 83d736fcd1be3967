package demoagent

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

func TestServeOnLoopback(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	base, err := New(Options{Name: "test agent"}).Serve(ctx, "127.0.0.1:0")
	must(t, err == nil, "serve: %v", err)
	must(t, strings.HasPrefix(base, "http://127.0.0.1:"), "base %q", base)
	card := getJSON(t, base+"/.well-known/agent-card.json")
	must(t, card["name"] == "test agent", "name %v", card["name"])
	must(t, str(card, "supportedInterfaces", 0, "url") == base+"/v1.0/jsonrpc", "card urls follow the listener: %v", card["supportedInterfaces"])

	_, err = New(Options{}).Serve(ctx, "127.0.0.1:-1")
	must(t, err != nil, "bad address accepted")
}

func TestIndexAndUnknownPaths(t *testing.T) {
	srv := newServer(t)
	resp := do(t, http.MethodGet, srv.URL+"/", nil, nil)
	must(t, resp.StatusCode == 200 && strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain"), "index %d", resp.StatusCode)
	for _, p := range []string{"/nope", "/v0.1/nope", "/v0.3/nope", "/v1.0/nope", "/gateway/nope", "/secure/nope"} {
		resp := do(t, http.MethodGet, srv.URL+p, nil, nil)
		must(t, resp.StatusCode == http.StatusNotFound, "%s: status %d", p, resp.StatusCode)
	}
}
