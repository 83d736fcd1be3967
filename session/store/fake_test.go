package store

// A trimmed copy of session's fake agent (session/fake_test.go), for the
// recording tests that moved here with the store: only what they use.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

// fakeAgent is a v0.3 JSON-RPC agent whose replies each test scripts:
// handlers map a method to a function writing the reply.
type fakeAgent struct {
	t         *testing.T
	srv       *httptest.Server
	streaming bool

	mu       sync.Mutex
	handlers map[string]func(w http.ResponseWriter, c rpcCall)
	calls    []string
	auth     []string // the Authorization header of every request
}

type rpcCall struct {
	Ctx    context.Context
	ID     json.RawMessage
	Method string
	Params json.RawMessage
}

func newFakeAgent(t *testing.T, streaming bool) *fakeAgent {
	f := &fakeAgent{t: t, streaming: streaming, handlers: map[string]func(http.ResponseWriter, rpcCall){}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeAgent) on(method string, h func(w http.ResponseWriter, c rpcCall)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.handlers[method] = h
}

func (f *fakeAgent) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	f.mu.Unlock()
	if r.Method == http.MethodGet {
		if r.URL.Path != "/.well-known/agent-card.json" {
			http.NotFound(w, r)
			return
		}
		writeJSON(w, map[string]any{
			"name": "fake", "description": "a scripted test agent", "version": "1.0.0",
			"protocolVersion": "0.3.0", "url": f.srv.URL + "/rpc", "preferredTransport": "JSONRPC",
			"capabilities":       map[string]any{"streaming": f.streaming},
			"defaultInputModes":  []string{"text/plain"},
			"defaultOutputModes": []string{"text/plain"},
			"skills":             []any{map[string]any{"id": "echo", "name": "Echo", "description": "echoes", "tags": []string{"test"}}},
		})
		return
	}
	body, _ := io.ReadAll(r.Body)
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		f.t.Errorf("fake agent: bad request %q", body)
		return
	}
	f.mu.Lock()
	f.calls = append(f.calls, req.Method)
	h := f.handlers[req.Method]
	f.mu.Unlock()
	if h == nil {
		writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": req.ID, "error": map[string]any{"code": -32601, "message": "method not found"}})
		return
	}
	h(w, rpcCall{Ctx: r.Context(), ID: req.ID, Method: req.Method, Params: req.Params})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// events answers with an SSE stream of results; cut aborts the
// connection afterwards instead of ending the stream cleanly.
func events(w http.ResponseWriter, c rpcCall, cut bool, results ...any) {
	w.Header().Set("Content-Type", "text/event-stream")
	for _, r := range results {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": c.ID, "result": r})
		fmt.Fprintf(w, "data: %s\n\n", b)
	}
	w.(http.Flusher).Flush()
	if cut {
		panic(http.ErrAbortHandler)
	}
}

func task(id, state string, arts ...any) map[string]any {
	t := map[string]any{"kind": "task", "id": id, "contextId": "ctx-1", "status": map[string]any{"state": state}}
	if len(arts) > 0 {
		t["artifacts"] = arts
	}
	return t
}

func status(id, state, text string) map[string]any {
	st := map[string]any{"state": state}
	if text != "" {
		st["message"] = map[string]any{"kind": "message", "messageId": "m-" + state, "role": "agent", "parts": []any{map[string]any{"kind": "text", "text": text}}}
	}
	return map[string]any{"kind": "status-update", "taskId": id, "contextId": "ctx-1", "status": st, "final": false}
}

func chunk(id, artID, text string, appendChunk, last bool) map[string]any {
	return map[string]any{"kind": "artifact-update", "taskId": id, "contextId": "ctx-1",
		"artifact": map[string]any{"artifactId": artID, "name": "answer", "parts": []any{map[string]any{"kind": "text", "text": text}}},
		"append":   appendChunk, "lastChunk": last}
}

// The hostile agents' client and deadline, and a first message, as
// session's follow tests have them.

func hostileFollowClient(t *testing.T, srv *hostile.Server) *a2aclient.Client {
	t.Helper()
	t.Cleanup(srv.Close)
	c, err := a2aclient.Resolve(context.Background(), srv.URL, a2aclient.Options{PollInterval: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func hostileFollowCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func hello() a2aclient.SendRequest {
	return a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("hello")}}}
}

func client(t *testing.T, f *fakeAgent) *a2aclient.Client {
	t.Helper()
	d := sessiontest.Directory(session.DirectoryOptions{Client: a2aclient.Options{PollInterval: time.Millisecond}})
	c, err := d.Client(context.Background(), f.srv.URL, session.Overrides{})
	if err != nil {
		t.Fatalf("resolve fake agent: %v", err)
	}
	return c
}
