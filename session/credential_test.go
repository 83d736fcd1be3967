package session

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// A credential typed for an agent whose card sends messages to another
// origin is not put to use there: ApplyCredential returns the signed
// client with a ForeignOriginError naming that origin, and nothing has
// reached it. Once the origin is trusted it applies cleanly.
func TestApplyCredentialStopsAtAForeignOrigin(t *testing.T) {
	agent := newFakeAgent(t, false) // the endpoint, on its own origin
	card := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, map[string]any{
			"name": "split", "version": "1.0.0", "protocolVersion": "0.3.0",
			"url": agent.Srv.URL + "/rpc", "preferredTransport": "JSONRPC",
			"capabilities": map[string]any{}, "defaultInputModes": []string{"text/plain"},
			"defaultOutputModes": []string{"text/plain"}, "skills": []any{},
		})
	}))
	t.Cleanup(card.Close)
	d := testDirectory(DirectoryOptions{ConfigPath: filepath.Join(t.TempDir(), "config.toml")})
	cl, err := a2aclient.Resolve(context.Background(), card.URL, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	signed, err := d.applyCredential(card.URL, cl, a2aclient.BearerToken{Token: "secret"}, "split")
	var fe *a2aclient.ForeignOriginError
	if !errors.As(err, &fe) || signed == nil {
		t.Fatalf("ApplyCredential = %v, %v; want the signed client and a ForeignOriginError", signed, err)
	}
	if want, _ := a2aclient.Origin(agent.Srv.URL); fe.Origin != want || fe.Agent != "split" {
		t.Errorf("the error names %q for %q, want %q for split", fe.Origin, fe.Agent, want)
	}
	for _, h := range agent.AuthHeaders() {
		if h != "" {
			t.Fatalf("the credential reached the foreign origin: %q", h)
		}
	}
	d.TrustOrigin(card.URL, fe.Origin)
	cl2, err := d.Client(context.Background(), card.URL, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.applyCredential(card.URL, cl2, a2aclient.BearerToken{Token: "secret"}, "split"); err != nil {
		t.Errorf("once trusted, the credential does not apply: %v", err)
	}
}

// Without a client yet (a card whose fetch was refused), the credential
// is kept for the agent's next client.
func TestApplyCredentialWithoutAClientKeepsIt(t *testing.T) {
	agent := newFakeAgent(t, false)
	d := testDirectory(DirectoryOptions{ConfigPath: filepath.Join(t.TempDir(), "config.toml")})
	if cl, err := d.applyCredential(agent.Srv.URL, nil, a2aclient.BearerToken{Token: "kept"}, "fake"); cl != nil || err != nil {
		t.Fatalf("applyCredential(nil client) = %v, %v", cl, err)
	}
	agent.On("tasks/get", func(w http.ResponseWriter, c rpcCall) { reply(w, c, task("t1", "completed")) })
	cl, err := d.Client(context.Background(), agent.Srv.URL, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cl.Get(context.Background(), "t1", nil); err != nil {
		t.Fatal(err)
	}
	hs := agent.AuthHeaders()
	if len(hs) == 0 || hs[len(hs)-1] != "Bearer kept" {
		t.Errorf("the next client does not send the kept credential: %q", hs)
	}
}
