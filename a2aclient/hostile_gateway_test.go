package a2aclient

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// A hostile gateway's list names, as the agent parley talks to first, an
// agent on another origin. Neither the gateway's credentials nor the
// user's message go there: the agent is reached by its id on the
// gateway's own origin.
func TestHostileGatewayListNamesForeignAgent(t *testing.T) {
	var mu sync.Mutex
	var foreign []http.Header
	b := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		foreign = append(foreign, r.Header.Clone())
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if strings.HasSuffix(r.URL.Path, "/message:send") {
			w.WriteHeader(http.StatusAccepted)
			fmt.Fprint(w, `{"taskId":"t1","contextId":"c1","status":"completed"}`)
			return
		}
		fmt.Fprint(w, `{"taskId":"t1","contextId":"c1","status":"completed","output":"hi"}`)
	}))
	t.Cleanup(b.Close)
	var sawOwn atomic.Bool
	var a *httptest.Server
	a = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/.well-known/agent-card.json":
			json.NewEncoder(w).Encode(map[string]any{"name": "gw", "url": a.URL + "/v1/a2a/agents",
				"capabilities": map[string]any{"agentDiscovery": true, "taskManagement": true}})
		case "/v1/a2a/agents":
			json.NewEncoder(w).Encode([]map[string]string{
				{"agentId": "evil", "messageSendUrl": b.URL + "/v1/a2a/agents/evil/message:send"},
				{"agentId": "good"},
			})
		case "/v1/a2a/agents/evil/message:send":
			sawOwn.Store(true)
			http.NotFound(w, r)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(a.Close)
	c, err := Resolve(hostileCtx(t), a.URL, originOptions())
	if err != nil {
		t.Fatal(err)
	}
	_, _ = c.Send(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
	mu.Lock()
	defer mu.Unlock()
	if len(foreign) > 0 {
		t.Errorf("the message went to the other origin the list named (%d requests)", len(foreign))
	}
	for _, h := range foreign {
		for k, vs := range h {
			for _, v := range vs {
				if strings.Contains(v, originSecret) {
					t.Errorf("the gateway's credential reached another origin: %s: %s", k, v)
				}
			}
		}
	}
	if !sawOwn.Load() {
		t.Error("the send never reached the gateway's own agent by its id")
	}
}
