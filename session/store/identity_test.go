package store

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// A store made before parley kept identities gets one for every context
// and push route as it opens: the URL the agent was named by, else its
// card's; a route named by a config name takes its agent's context's.
func TestStoreUpgradeNamesTheAgentOfOlderRows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parley.db")
	db, err := sql.Open("sqlite", dsn(path, false, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec(strings.Join(migrations[:6], ";") + fmt.Sprintf(`; PRAGMA user_version = 6; PRAGMA application_id = %d;
		INSERT INTO contexts (id, agent_ref, card_url, agent_url, context_id, created, updated) VALUES
			(1, 'http://127.0.0.1:9/x/', '', '', 'c', 1, 1),
			(2, 'cfg', 'http://127.0.0.1:8/.well-known/agent-card.json', 'http://127.0.0.1:8/rpc', 'c', 2, 2),
			(3, 'cfg2', '', '', '', 3, 3);
		INSERT INTO push_configs (config_id, task_id, agent_ref, token_hash, created) VALUES
			('p1', 't', 'cfg', x'00', 1), ('p2', 't', 'http://127.0.0.1:9/x', x'00', 1), ('p3', 't', 'unknown', x'00', 1);`, applicationID))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	want := map[int64]a2aclient.AgentID{1: "http://127.0.0.1:9/x", 2: "http://127.0.0.1:8", 3: ""}
	for id, agent := range want {
		c, err := s.Context(id)
		if err != nil {
			t.Fatal(err)
		}
		if c.Agent.ID != agent {
			t.Errorf("context %d is of %q, want %q", id, c.Agent.ID, agent)
		}
	}
	for cfg, agent := range map[string]a2aclient.AgentID{"p1": "http://127.0.0.1:8", "p2": "http://127.0.0.1:9/x", "p3": ""} {
		r, ok, err := s.LoadPushRoute(cfg)
		if err != nil || !ok {
			t.Fatalf("route %s: %v %v", cfg, ok, err)
		}
		if r.Agent != agent {
			t.Errorf("route %s is of %q, want %q", cfg, r.Agent, agent)
		}
	}
	if c, err := s.ContextByAgentContextID("http://127.0.0.1:8", "c"); err != nil || c.ID != 2 {
		t.Errorf("agent 8's contextId c is %d (%v), want 2", c.ID, err)
	}
	if _, err := s.ContextByAgentContextID("", "c"); err == nil {
		t.Error("an empty identity found a context")
	}
}
