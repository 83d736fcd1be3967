package session

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
)

// A refused task fetch is what Retry runs again after signing in, not
// the last message sent.
func TestRetryRunsTheRequestThatFailed(t *testing.T) {
	f := newFakeAgent(t, false)
	var signedIn atomic.Bool
	f.On("tasks/get", func(w http.ResponseWriter, c rpcCall) {
		reply(w, c, task("t1", "completed"))
	})
	guard := f.Srv.Config.Handler
	f.Srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.Header.Get("Authorization") != "Bearer ok" {
			w.Header().Set("WWW-Authenticate", `Bearer realm="fake"`)
			http.Error(w, "sign in", http.StatusUnauthorized)
			return
		}
		if r.Method == http.MethodPost {
			signedIn.Store(true)
		}
		guard.ServeHTTP(w, r)
	})
	cl, err := a2aclient.Resolve(context.Background(), f.Srv.URL, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := NewConversation(cl, "fake", nil)
	if err := c.Refresh(context.Background(), "t1"); err == nil {
		t.Fatal("the refresh was not refused")
	}
	items := c.Items()
	last := items[len(items)-1]
	var ae *a2aclient.AuthError
	if last.Kind != ItemError || !errors.As(last.Err, &ae) || ae.Challenge != `Bearer realm="fake"` {
		t.Fatalf("last item = %+v", last)
	}
	signed, _ := cl.WithAuth(a2aclient.BearerToken{Token: "ok"})
	c.SetClient(signed)
	if !c.Retry() {
		t.Fatal("nothing to retry")
	}
	// The fetch runs in the background, as the UI's commands do.
	for i := 0; i < 5000 && len(c.Tasks()) == 0; i++ {
		time.Sleep(2 * time.Millisecond)
	}
	ts := c.Tasks()
	if len(ts) != 1 || ts[0].State != a2aclient.StateCompleted || !signedIn.Load() {
		t.Errorf("after retry: tasks %+v", ts)
	}
	for _, m := range f.Methods() {
		if m != "tasks/get" {
			t.Errorf("the retry sent %s", m)
		}
	}
}

func TestExtendedCardAfterSignIn(t *testing.T) {
	f := newFakeAgent(t, false)
	f.On("agent/getAuthenticatedExtendedCard", func(w http.ResponseWriter, c rpcCall) {
		reply(w, c, map[string]any{"name": "fake", "description": "signed in", "version": "1.0.0", "protocolVersion": "0.3.0",
			"url": f.Srv.URL + "/rpc", "capabilities": map[string]any{}, "defaultInputModes": []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"},
			"skills": []any{map[string]any{"id": "echo", "name": "Echo", "description": "", "tags": []string{}},
				map[string]any{"id": "ledger", "name": "Ledger", "description": "members only", "tags": []string{}}}})
	})
	cl, err := a2aclient.Resolve(context.Background(), f.Srv.URL, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	same, ok, err := WithExtendedCard(context.Background(), cl)
	if same != cl || ok || err != nil {
		t.Fatalf("a card without the offer: %v %v", ok, err)
	}
	offered := *cl.Agent()
	offered.Capabilities.ExtendedCard = true
	cl2, err := a2aclient.NewClient(&offered, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ext, ok, err := WithExtendedCard(context.Background(), cl2)
	if err != nil || !ok || len(ext.Agent().Skills) != 2 || ext.Agent().Skills[1].ID != "ledger" {
		t.Fatalf("extended: %v %v %+v", ok, err, ext.Agent().Skills)
	}
}

// The directory builds credentials with the auth manager: a credential
// saved in the credentials file next to the config, for a config entry
// and for an agent known only by URL, both keyed by the agent's URL. A
// credential saved under the entry's name (as older versions did, and as
// a card-given name could claim) unlocks nothing.
func TestDirectoryUsesCredentialsFile(t *testing.T) {
	f := newFakeAgent(t, false)
	f.On("tasks/get", func(w http.ResponseWriter, c rpcCall) { reply(w, c, task("t1", "completed")) })
	g := newFakeAgent(t, false)
	g.On("tasks/get", func(w http.ResponseWriter, c rpcCall) { reply(w, c, task("t1", "completed")) })
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "config.toml")
	creds := auth.OpenCredFile(filepath.Join(dir, "credentials.toml"))
	_ = creds.Update("filed", func(e *auth.Entry) { *e = auth.Entry{Auth: "bearer", Token: "by-name"} })
	_ = creds.Update(f.Srv.URL, func(e *auth.Entry) { *e = auth.Entry{Auth: "bearer", Token: "from-file"} })
	_ = creds.Update(g.Srv.URL, func(e *auth.Entry) { *e = auth.Entry{Auth: "bearer", Token: "by-url"} })
	cfg := &config.Config{Agents: []config.Agent{{Name: "filed", URL: f.Srv.URL + "/", Auth: "bearer"}}}
	d := testDirectory(DirectoryOptions{Config: cfg, ConfigPath: cfgPath})
	ctx := context.Background()
	c, err := d.Client(ctx, "filed", Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Get(ctx, "t1", nil); err != nil {
		t.Fatal(err)
	}
	if e, key := d.Entry(f.Srv.URL + "/"); e == nil || key != f.Srv.URL {
		t.Errorf("Entry by URL = %v, %q; want the entry, keyed by its URL", e, key)
	}
	if e, key := d.Entry("filed"); e == nil || key != f.Srv.URL {
		t.Errorf("Entry by name = %v, %q; want the entry, keyed by its URL", e, key)
	}
	if e, key := d.Entry("http://elsewhere.example"); e != nil || key != "http://elsewhere.example" {
		t.Errorf("Entry of an unknown URL = %v, %q", e, key)
	}
	d2 := testDirectory(DirectoryOptions{ConfigPath: cfgPath})
	c2, err := d2.Client(ctx, g.Srv.URL, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c2.Get(ctx, "t1", nil); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(append(f.AuthHeaders(), g.AuthHeaders()...), ",")
	if !strings.Contains(got, "Bearer from-file") || !strings.Contains(got, "Bearer by-url") {
		t.Errorf("Authorization headers %s", got)
	}
	if strings.Contains(got, "by-name") {
		t.Errorf("a credential saved under a name reached an agent: %s", got)
	}
}

// A credential given by flag wins over the configured one.
func TestFlagCredentialWinsOverConfig(t *testing.T) {
	cfg := &config.Config{Agents: []config.Agent{{Name: "a", URL: "https://a.example", Auth: "bearer", Token: "env:T"}}}
	d := testDirectory(DirectoryOptions{Config: cfg, ConfigPath: filepath.Join(t.TempDir(), "config.toml"), Getenv: func(string) string { return "configured" }})
	tg, err := d.Target("a", Overrides{Headers: http.Header{"Authorization": {"Bearer flag"}}})
	if err != nil || len(tg.Options.Auth) != 0 || tg.Options.Headers.Get("Authorization") != "Bearer flag" {
		t.Errorf("with a flag: %+v, %v", tg, err)
	}
	tg, _ = d.Target("a", Overrides{Headers: http.Header{"X-Team": {"x"}}})
	if len(tg.Options.Auth) != 1 {
		t.Errorf("a plain header dropped the configured credential")
	}
}
