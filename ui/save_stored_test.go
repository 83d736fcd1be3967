package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/demoagent"
)

// An agent listed only because a resumed task was with it (left running
// by `parley send URL`) is marked as from a stored conversation, and `w`
// leaves it out of the config: the user never added it. Before, `w`
// wrote it to the file next to the user's agents. Adding its URL is the
// user's word that it is theirs; `w` saves it then.
func TestSaveLeavesOutAgentsFromStoredConversations(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(p, []byte("[[agents]]\n  name = \"home\"\n  url = \"http://127.0.0.1:9/\"\n"), 0o600); err != nil {
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
	a.inspect(func(m *Model) {
		for i, e := range m.entries {
			if e.Stored != (e.Ref == stored) {
				t.Errorf("agent %q marked stored=%v", e.Ref, e.Stored)
			}
			if e.Stored {
				m.agents.cursor = i
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
		m.setFocus(focusAgents) // adding focused the composer
	})
	a.waitState("the agent kept", func(m *Model) bool { return strings.HasPrefix(m.status, "Kept parley demo") })
	a.key("w")
	a.waitState("the file saved", func(m *Model) bool {
		b, _ = os.ReadFile(p)
		return strings.Contains(string(b), stored)
	})
	if strings.Count(string(b), "[[agents]]") != 2 || !strings.Contains(string(b), `name = "home"`) {
		t.Fatalf("w saved:\n%s", b)
	}
}
