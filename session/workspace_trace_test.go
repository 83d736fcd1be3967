package session

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/parley-a2a/parley/config"
)

// The TUI's conversations carry trace context when the config says
// trace = true for their agent, each turn under the environment's parent
// when given; others carry none.
func TestWorkspaceTracesTheAgentsTheConfigSays(t *testing.T) {
	var log headerLog
	srv := log.serve(t)
	p := filepath.Join(t.TempDir(), "config.toml")
	body := "[[agents]]\nname = \"traced\"\nurl = \"" + srv.URL + "/v0.3/\"\ntrace = true\n\n[[agents]]\nname = \"plain\"\nurl = \"" + srv.URL + "/v0.1/\"\n"
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	w := NewWorkspace(WorkspaceOptions{Directory: testDirectory(DirectoryOptions{Config: cfg, ConfigPath: p}), Config: cfg, ConfigPath: p,
		TraceParent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"}, nil)
	for _, name := range []string{"traced", "plain"} {
		a := w.Find(name)
		cl, err := w.Resolve(context.Background(), a.Ref)
		w.Resolved(a, cl, err)
		if a.Conv == nil {
			t.Fatalf("%s: no conversation (%v)", name, err)
		}
		log.take()
		a.Conv.Send("hello")
		waitIdle(t, a.Conv)
		seen := log.take()
		if name == "plain" {
			for _, h := range seen {
				if h != "" {
					t.Errorf("traceparent %q sent to an agent without trace", h)
				}
			}
			continue
		}
		if trace := checkOneTurn(t, seen, 1); trace != "4bf92f3577b34da6a3ce929d0e0e4736" {
			t.Errorf("trace id %s, want the parent's", trace)
		}
	}
}
