package ui

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// fakeGateway serves a gateway with two agents, coder and writer: its
// card points at the list of agents, as a multi-agent gateway's does.
func fakeGateway(t *testing.T) *httptest.Server {
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		p := r.URL.Path
		var body any
		switch {
		case p == "/.well-known/agent-card.json":
			body = map[string]any{"name": "gw", "url": srv.URL + "/v1/a2a/agents",
				"capabilities": map[string]any{"agentDiscovery": true, "taskManagement": true}}
		case p == "/v1/a2a/agents":
			body = []map[string]string{
				{"agentId": "coder", "agentCardUrl": "/v1/a2a/agents/coder/agent-card"},
				{"agentId": "writer", "agentCardUrl": "/v1/a2a/agents/writer/agent-card"},
			}
		case strings.HasSuffix(p, "/agent-card"):
			id := strings.TrimSuffix(strings.TrimPrefix(p, "/v1/a2a/agents/"), "/agent-card")
			body = map[string]any{"name": id, "description": "the " + id, "url": srv.URL + "/v1/a2a/agents/" + id,
				"capabilities": map[string]any{"taskManagement": true}}
		default:
			http.NotFound(w, r)
			return
		}
		_ = json.NewEncoder(w).Encode(body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// Adding a gateway lists the agents behind it; enter adds the one under
// the cursor, which resolves as that agent.
func TestFlowAddAgentsBehindAGateway(t *testing.T) {
	gw := fakeGateway(t)
	a := startApp(t, appOptions{noWelcome: true})
	a.ready()
	a.key("tab", "tab", "a")
	a.waitScreen("Add an agent")
	a.typeText(gw.URL)
	a.key("enter")
	a.waitScreen("Agents behind gw", "gw is a gateway to 2 agents", "coder", "writer", "enter add agent")
	a.key("j", "enter")
	a.waitScreen("›✓ writer")
	a.waitState("writer added and reached", func(m *Model) bool {
		for _, e := range m.entries {
			if e.Ref == gw.URL+"/v1/a2a/agents/writer/agent-card" && e.Client != nil {
				return e.Client.Agent().Name == "writer"
			}
		}
		return false
	})
	a.key("esc")
	a.waitGone("Agents behind gw")
	a.inspect(func(m *Model) {
		if !m.overlay.Empty() {
			t.Errorf("another dialog opened:\n%s", a.frames.latest())
		}
	})
}
