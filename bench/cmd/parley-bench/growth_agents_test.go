//go:build linux

package main

import (
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/config"
)

// TestAgentsConfigParses: the config the agents' growth point writes
// holds n agents, each named once, each on loopback, and parley's own
// reader takes it.
func TestAgentsConfigParses(t *testing.T) {
	cards, err := startCards()
	if err != nil {
		t.Fatal(err)
	}
	defer cards.Close()
	path := filepath.Join(t.TempDir(), "parley", "config.toml")
	if err := writeAgentsConfig(path, cards.urls(100)); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Agents) != 100 {
		t.Fatalf("%d agents configured, want 100", len(cfg.Agents))
	}
	names, urls := map[string]bool{}, map[string]bool{}
	for _, a := range cfg.Agents {
		u, err := url.Parse(a.URL)
		if err != nil || u.Hostname() != "127.0.0.1" {
			t.Errorf("agent %q at %q: not on loopback", a.Name, a.URL)
		}
		names[a.Name], urls[a.URL] = true, true
	}
	if len(names) != 100 || len(urls) != 100 {
		t.Errorf("%d names and %d URLs for 100 agents, want each once", len(names), len(urls))
	}
}

// TestCardsServeEachAgent: each configured agent's card is served at its
// own path, names that agent and its own endpoint, and the server counts
// the agents whose card was asked for.
func TestCardsServeEachAgent(t *testing.T) {
	cards, err := startCards()
	if err != nil {
		t.Fatal(err)
	}
	defer cards.Close()
	urls := cards.urls(3)
	done := cards.expect(3)
	for i, u := range urls {
		resp, err := http.Get(u + "/.well-known/agent-card.json")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), `"url":"`+u+`/"`) || !strings.Contains(string(b), agentName(i)) {
			t.Errorf("card of %s: %d %s", u, resp.StatusCode, b)
		}
	}
	select {
	case <-done:
	default:
		t.Error("three cards served and the server did not say all were")
	}
	if resp, err := http.Get(cards.url + "/nothing"); err == nil {
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("a path of no card: %d, want 404", resp.StatusCode)
		}
	}
}
