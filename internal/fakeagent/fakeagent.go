// Package fakeagent is a v0.3 JSON-RPC agent on loopback whose replies
// each test scripts, for the tests of session and its packages: a
// handler per method writes the reply, with helpers for results, errors
// and SSE streams of tasks, status updates and artifact chunks.
package fakeagent

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// Agent is the scripted agent: its card at /.well-known/agent-card.json,
// its JSON-RPC endpoint at /rpc.
type Agent struct {
	Srv       *httptest.Server
	t         *testing.T
	streaming bool

	mu       sync.Mutex
	handlers map[string]func(w http.ResponseWriter, c Call)
	calls    []string
	auth     []string // the Authorization header of every request
}

// Call is one JSON-RPC request.
type Call struct {
	Ctx    context.Context
	ID     json.RawMessage
	Method string
	Params json.RawMessage
}

// New starts an agent, streaming or not as its card says, stopped when
// the test ends.
func New(t *testing.T, streaming bool) *Agent {
	a := &Agent{t: t, streaming: streaming, handlers: map[string]func(http.ResponseWriter, Call){}}
	a.Srv = httptest.NewServer(http.HandlerFunc(a.serve))
	t.Cleanup(a.Srv.Close)
	return a
}

// On scripts the reply to a method.
func (a *Agent) On(method string, h func(w http.ResponseWriter, c Call)) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.handlers[method] = h
}

// Methods are the methods called so far, in order.
func (a *Agent) Methods() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.calls...)
}

// AuthHeaders are the Authorization headers of every request so far.
func (a *Agent) AuthHeaders() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.auth...)
}

func (a *Agent) serve(w http.ResponseWriter, r *http.Request) {
	a.mu.Lock()
	a.auth = append(a.auth, r.Header.Get("Authorization"))
	a.mu.Unlock()
	if r.Method == http.MethodGet {
		if r.URL.Path != "/.well-known/agent-card.json" {
			http.NotFound(w, r)
			return
		}
		WriteJSON(w, map[string]any{
			"name": "fake", "description": "a scripted test agent", "version": "1.0.0",
			"protocolVersion": "0.3.0", "url": a.Srv.URL + "/rpc", "preferredTransport": "JSONRPC",
			"capabilities":       map[string]any{"streaming": a.streaming},
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
		a.t.Errorf("fake agent: bad request %q", body)
		return
	}
	a.mu.Lock()
	a.calls = append(a.calls, req.Method)
	h := a.handlers[req.Method]
	a.mu.Unlock()
	if h == nil {
		WriteJSON(w, map[string]any{"jsonrpc": "2.0", "id": req.ID, "error": map[string]any{"code": -32601, "message": "method not found"}})
		return
	}
	h(w, Call{Ctx: r.Context(), ID: req.ID, Method: req.Method, Params: req.Params})
}

// WriteJSON writes v as a JSON body.
func WriteJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// Reply answers a call with a plain result.
func Reply(w http.ResponseWriter, c Call, result any) {
	WriteJSON(w, map[string]any{"jsonrpc": "2.0", "id": c.ID, "result": result})
}

// Error answers with a JSON-RPC error.
func Error(w http.ResponseWriter, c Call, code int, msg string) {
	WriteJSON(w, map[string]any{"jsonrpc": "2.0", "id": c.ID, "error": map[string]any{"code": code, "message": msg}})
}

// Events answers with an SSE stream of results; cut aborts the
// connection afterwards instead of ending the stream cleanly.
func Events(w http.ResponseWriter, c Call, cut bool, results ...any) {
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

// Task is a task in context ctx-1, with its artifacts.
func Task(id, state string, arts ...any) map[string]any {
	t := map[string]any{"kind": "task", "id": id, "contextId": "ctx-1", "status": map[string]any{"state": state}}
	if len(arts) > 0 {
		t["artifacts"] = arts
	}
	return t
}

// Status is a status update, with text as the agent's message if any.
func Status(id, state, text string) map[string]any {
	st := map[string]any{"state": state}
	if text != "" {
		st["message"] = map[string]any{"kind": "message", "messageId": "m-" + state, "role": "agent", "parts": []any{map[string]any{"kind": "text", "text": text}}}
	}
	return map[string]any{"kind": "status-update", "taskId": id, "contextId": "ctx-1", "status": st, "final": false}
}

// Chunk is an artifact update of one text part.
func Chunk(id, artID, text string, appendChunk, last bool) map[string]any {
	return map[string]any{"kind": "artifact-update", "taskId": id, "contextId": "ctx-1",
		"artifact": map[string]any{"artifactId": artID, "name": "answer", "parts": []any{map[string]any{"kind": "text", "text": text}}},
		"append":   appendChunk, "lastChunk": last}
}

// Artifact is a whole artifact of one text part.
func Artifact(artID, text string) map[string]any {
	return map[string]any{"artifactId": artID, "name": "answer", "parts": []any{map[string]any{"kind": "text", "text": text}}}
}
