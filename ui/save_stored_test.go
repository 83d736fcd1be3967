package ui

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/session"
)

// An agent listed only because a resumed task was with it (left running
// by `parley send URL`) is marked as from a stored conversation, and `w`
// leaves it out of the config: the user never added it. Before, `w`
// wrote it to the file next to the user's agents. Adding its URL is the
// user's word that it is theirs; `w` saves it then.
//
// The config's agent is unreachable, and its failure sets the status
// line whenever it comes. The test holds its card request until the
// resume was seen and then waits for it to fail, so no status the test
// waits on can be overwritten by it (before, it flaked under load when
// the failure came after "Resumed …" or after "Saved agents to").
func TestSaveLeavesOutAgentsFromStoredConversations(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "config.toml")
	release := make(chan struct{})
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	home := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
		http.NotFound(w, r)
	}))
	t.Cleanup(func() { free(); home.Close() })
	if err := os.WriteFile(p, []byte("[[agents]]\n  name = \"home\"\n  url = \""+home.URL+"/\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	store := openStore(t)
	var stored string
	a := startApp(t, appOptions{noWelcome: true, store: store, cfg: cfg, configDir: dir,
		demo:   demoagent.Options{ChunkDelay: 20 * time.Millisecond},
		agents: func(string) []string { return nil },
		prepare: func(url string) int64 {
			stored = url + "/v0.3/"
			leaveRunning(t, store, stored, stored)
			return 0
		}})
	a.waitScreen("Resumed 1 unfinished task from last time.")
	free()
	a.waitState("every card fetched or failed", func(m *Model) bool {
		for _, e := range m.entries {
			if e.Status == session.AgentResolving {
				return false
			}
		}
		return len(m.entries) == 2
	})
	a.inspect(func(m *Model) {
		for _, e := range m.entries {
			if e.Stored != (e.Ref == stored) {
				t.Errorf("agent %q marked stored=%v", e.Ref, e.Stored)
			}
			if e.Stored {
				m.agents.Point(e)
			}
		}
		m.setFocus(focusAgents)
	})
	a.waitScreen("From a stored")
	a.key("w")
	var status string
	a.waitState("the save reported", func(m *Model) bool {
		status = m.status
		return strings.HasPrefix(m.status, "Saved agents to")
	})
	b, _ := os.ReadFile(p)
	if !strings.Contains(string(b), `name = "home"`) || strings.Contains(string(b), "v0.3") {
		t.Fatalf("w saved:\n%s", b)
	}
	if !strings.Contains(status, "left out 1 agent from stored conversations") {
		t.Errorf("the status says %q; want a word on the agent left out", status)
	}

	a.inspect(func(m *Model) {
		n := len(m.entries)
		m.addAgent(strings.TrimSuffix(stored, "/"))
		if len(m.entries) != n {
			t.Error("adding a listed agent's URL added another")
		}
		if !strings.HasPrefix(m.status, "Kept parley demo") {
			t.Errorf("adding its URL says %q; want that the agent is kept", m.status)
		}
		m.setFocus(focusAgents) // adding focused the composer
	})
	a.key("w")
	a.waitState("the file saved", func(m *Model) bool {
		b, _ = os.ReadFile(p)
		return strings.Contains(string(b), stored)
	})
	if strings.Count(string(b), "[[agents]]") != 2 || !strings.Contains(string(b), `name = "home"`) {
		t.Fatalf("w saved:\n%s", b)
	}
}
