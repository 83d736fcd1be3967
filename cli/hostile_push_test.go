package cli

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/hostile"
)

// pushAgent is a v0.3 JSON-RPC agent whose task t1 runs until the test
// pushes its end; it keeps the push config parley registers.
type pushAgent struct {
	srv     *httptest.Server
	mu      sync.Mutex
	cfg     map[string]any
	deleted bool
}

func newPushAgent(t *testing.T) *pushAgent {
	a := &pushAgent{}
	a.srv = httptest.NewServer(http.HandlerFunc(a.serve))
	t.Cleanup(a.srv.Close)
	return a
}

func (a *pushAgent) serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	if r.Method == http.MethodGet {
		json.NewEncoder(w).Encode(map[string]any{
			"name": "pusher", "description": "d", "version": "1", "protocolVersion": "0.3.0", "url": a.srv.URL + "/rpc",
			"capabilities": map[string]any{"pushNotifications": true}, "defaultInputModes": []string{"text/plain"},
			"defaultOutputModes": []string{"text/plain"}, "skills": []any{},
		})
		return
	}
	body, _ := io.ReadAll(r.Body)
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params map[string]any  `json:"params"`
	}
	json.Unmarshal(body, &req)
	var result any
	switch req.Method {
	case "tasks/get":
		result = map[string]any{"kind": "task", "id": "t1", "contextId": "c1", "status": map[string]any{"state": "working"}}
	case "tasks/pushNotificationConfig/set":
		cfg, _ := req.Params["pushNotificationConfig"].(map[string]any)
		a.mu.Lock()
		a.cfg = cfg
		a.mu.Unlock()
		result = req.Params
	case "tasks/pushNotificationConfig/delete":
		a.mu.Lock()
		a.deleted = true
		a.mu.Unlock()
		result = nil
	default:
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "error": map[string]any{"code": -32601, "message": "no"}})
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": result})
}

func (a *pushAgent) config() (url, token string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.cfg == nil {
		return "", ""
	}
	u, _ := a.cfg["url"].(string)
	tok, _ := a.cfg["token"].(string)
	return u, tok
}

func pushTo(t *testing.T, url, token string, body any) int {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(string(b)))
	req.Header.Set(a2aclient.PushTokenHeaderV03, token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// What a push says — escape sequences, bidi overrides, line breaks in a
// status — reaches the terminal cleaned, as a stream's events do; a
// forged push that would end the task is refused and counted; the
// config is removed at the end.
func TestWatchPushIsTerminalSafeAndRefusesForgeries(t *testing.T) {
	a := newPushAgent(t)
	e := newEnv(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	done := make(chan result, 1)
	go func() { done <- e.runCtx(ctx, "task", "watch", "--push", a.srv.URL, "t1") }()
	var url, token string
	for url == "" {
		select {
		case r := <-done:
			t.Fatalf("watch ended early: %d\n%s\n%s", r.code, r.stdout, r.stderr)
		case <-ctx.Done():
			t.Fatal("no push config was registered")
		case <-time.After(5 * time.Millisecond):
		}
		url, token = a.config()
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") || len(token) < 40 {
		t.Fatalf("registered %q with a token of %d characters", url, len(token))
	}
	status := func(state, text string) map[string]any {
		return map[string]any{"kind": "status-update", "taskId": "t1", "contextId": "c1", "final": state != "working",
			"status": map[string]any{"state": state, "message": map[string]any{"kind": "message", "messageId": "m-" + state, "role": "agent",
				"parts": []any{map[string]any{"kind": "text", "text": text}}}}}
	}
	if code := pushTo(t, url, "forged", status("completed", "forged "+hostile.Evil)); code != http.StatusUnauthorized {
		t.Fatalf("a forged push answered %d", code)
	}
	if code := pushTo(t, url, token, status("working", "status "+hostile.Evil+" inv\u202eoice\nfake line")); code != http.StatusNoContent {
		t.Fatalf("a real push answered %d", code)
	}
	art := map[string]any{"kind": "artifact-update", "taskId": "t1", "contextId": "c1", "lastChunk": true,
		"artifact": map[string]any{"artifactId": "a", "name": "name " + hostile.Evil, "parts": []any{map[string]any{"kind": "text", "text": "text " + hostile.Evil + "\u202e"}}}}
	if code := pushTo(t, url, token, art); code != http.StatusNoContent {
		t.Fatalf("the artifact push answered %d", code)
	}
	if code := pushTo(t, url, token, status("completed", "done")); code != http.StatusNoContent {
		t.Fatalf("the last push answered %d", code)
	}
	var r result
	select {
	case r = <-done:
	case <-ctx.Done():
		t.Fatal("watch --push never ended")
	}
	if r.code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	for _, out := range []string{r.stdout, r.stderr} {
		for _, c := range append(hostile.Controls, "\u202e") {
			if strings.Contains(out, c) {
				t.Errorf("the output holds %q:\n%q", c, out)
			}
		}
	}
	if !strings.Contains(r.stdout, hostile.EvilPlain) || strings.Contains(r.stdout, "forged") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
	if !strings.Contains(r.stderr, "refused 1 notification (forged 1") {
		t.Errorf("stderr does not count the forgery:\n%s", r.stderr)
	}
	a.mu.Lock()
	deleted := a.deleted
	a.mu.Unlock()
	if !deleted {
		t.Error("the push config was left on the agent")
	}
}
