package session

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
)

func TestDirectoryTargets(t *testing.T) {
	cfg := &config.Config{Agents: []config.Agent{{
		Name: "work", URL: "https://work.example/a2a", Dialect: "v0.3-rest",
		Headers: config.Headers{"X-Team": "parley", "X-Api-Key": "env:KEY"},
		Auth:    "bearer", Token: "env:TOKEN", MaxEventSize: 1 << 20,
	}}}
	env := map[string]string{"KEY": "k", "TOKEN": "t"}
	d := testDirectory(DirectoryOptions{Config: cfg, ConfigPath: "/cfg.toml", Getenv: func(k string) string { return env[k] }})

	for _, ref := range []string{"work", "https://work.example/a2a/"} {
		tg, err := d.Target(ref, Overrides{Headers: http.Header{"X-Team": {"cli"}}})
		if err != nil {
			t.Fatalf("%s: %v", ref, err)
		}
		o := tg.Options
		if tg.Name != "work" || tg.URL != "https://work.example/a2a" || o.Dialect != a2aclient.DialectV03REST || o.MaxEventSize != 1<<20 {
			t.Errorf("%s: target = %+v", ref, tg)
		}
		if o.Headers.Get("X-Team") != "cli" || o.Headers.Get("X-Api-Key") != "k" {
			t.Errorf("%s: headers = %v (the flag should win over the config)", ref, o.Headers)
		}
		if len(o.Auth) != 1 || o.Auth[0] != (a2aclient.BearerToken{Token: "t"}) {
			t.Errorf("%s: auth = %#v", ref, o.Auth)
		}
	}

	tg, err := d.Target("http://other.example", Overrides{Dialect: a2aclient.DialectV01})
	if err != nil || tg.Name != "" || tg.Options.Dialect != a2aclient.DialectV01 || len(tg.Options.Auth) != 0 {
		t.Errorf("bare URL = %+v, %v", tg, err)
	}

	_, err = d.Target("wrok", Overrides{})
	if !errors.Is(err, ErrUnknownAgent) || !strings.Contains(err.Error(), "/cfg.toml") {
		t.Errorf("unknown name = %v", err)
	}

	delete(env, "TOKEN")
	if _, err := d.Target("work", Overrides{}); err == nil || !strings.Contains(err.Error(), "TOKEN is not set") {
		t.Errorf("unset credential = %v", err)
	}

	cfg.Agents[0].Dialect = "v9"
	env["TOKEN"] = "t"
	if _, err := d.Target("work", Overrides{}); err == nil || !strings.Contains(err.Error(), `unknown dialect "v9"`) {
		t.Errorf("bad dialect = %v", err)
	}
}

func TestDirectoryCachesClientsAndSendsCredentials(t *testing.T) {
	f := newFakeAgent(t, true)
	f.On("tasks/get", func(w http.ResponseWriter, c rpcCall) { reply(w, c, task("t1", "completed")) })
	cfg := &config.Config{Agents: []config.Agent{{Name: "fake", URL: f.Srv.URL, Auth: "bearer", Token: "env:T"}}}
	d := testDirectory(DirectoryOptions{Config: cfg, Getenv: func(string) string { return "secret" }})
	ctx := context.Background()
	c1, err := d.Client(ctx, "fake", Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	c2, err := d.Client(ctx, f.Srv.URL, Overrides{})
	if err != nil || c1 != c2 {
		t.Errorf("the same agent by name and URL gave different clients (%v)", err)
	}
	c3, err := d.Client(ctx, "fake", Overrides{Headers: http.Header{"X-Extra": {"1"}}})
	if err != nil || c3 == c1 {
		t.Errorf("different headers should get their own client (%v)", err)
	}
	if _, err := c1.Get(ctx, "t1", nil); err != nil {
		t.Fatal(err)
	}
	auth := f.AuthHeaders()
	for i, a := range auth {
		if a != "Bearer secret" {
			t.Errorf("request %d carried Authorization %q", i, a)
		}
	}
	if len(auth) != 3 { // two card fetches, one get
		t.Errorf("%d requests, want 3", len(auth))
	}
}
