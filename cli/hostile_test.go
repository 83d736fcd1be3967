package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// hostileAgent serves a v0.3 card with escape sequences in it and answers
// every JSON-RPC call with reply(w, id), id being the request's id.
func hostileAgent(t *testing.T, reply func(w http.ResponseWriter, id json.RawMessage)) string {
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"name":"hostile\u001b]0;pwned\u0007","description":"x","version":"1","protocolVersion":"0.3.0",
				"url":%q,"capabilities":{"streaming":true},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],
				"skills":[{"id":"s","name":"S\u009b2J","description":"d","tags":["t"]}]}`, srv.URL+"/rpc")
			return
		}
		var req struct{ ID json.RawMessage }
		body, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(body, &req)
		reply(w, req.ID)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// sseResults writes each result as one SSE event of a JSON-RPC response.
func sseResults(w http.ResponseWriter, id json.RawMessage, results ...any) {
	w.Header().Set("Content-Type", "text/event-stream")
	for _, r := range results {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "result": r})
		fmt.Fprintf(w, "data: %s\n\n", b)
	}
}

func TestHTTP500WithHTML(t *testing.T) {
	url := hostileAgent(t, func(w http.ResponseWriter, _ json.RawMessage) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprint(w, "<html><body><h1>Internal Server Error</h1>\x1b[2J</body></html>")
	})
	r := newEnv(t).run("send", url, "hi")
	wantCode(t, r, exitError)
	if !strings.Contains(r.stderr, "500") || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 || strings.Contains(r.stderr, "\x1b") {
		t.Errorf("stderr = %q", r.stderr)
	}
}

func TestMalformedReply(t *testing.T) {
	url := hostileAgent(t, func(w http.ResponseWriter, id json.RawMessage) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"kind\":\"task\",\"id\":\n\n", id)
	})
	r := newEnv(t).run("send", url, "hi", "--json")
	wantCode(t, r, exitError)
	lines := jsonLines(t, r)
	if lines[len(lines)-1]["type"] != "error" {
		t.Errorf("last line = %v", lines[len(lines)-1])
	}
}

func TestAgentTextIsCleaned(t *testing.T) {
	evil := "safe\x1b]52;c;cGF3bmVk\x07 text\u009b31m and more\x1b[2J"
	parts := []any{map[string]any{"kind": "text", "text": evil}}
	url := hostileAgent(t, func(w http.ResponseWriter, id json.RawMessage) {
		sseResults(w, id,
			map[string]any{"kind": "task", "id": "t", "contextId": "c", "status": map[string]any{"state": "working",
				"message": map[string]any{"kind": "message", "messageId": "m", "role": "agent", "parts": parts}}},
			map[string]any{"kind": "artifact-update", "taskId": "t", "contextId": "c",
				"artifact": map[string]any{"artifactId": "a", "name": "n\x1b[1m", "parts": parts}},
			map[string]any{"kind": "status-update", "taskId": "t", "contextId": "c", "status": map[string]any{"state": "completed"}, "final": true})
	})
	e := newEnv(t)
	for _, args := range [][]string{{"send", url, "hi"}, {"send", url, "hi", "--json"}, {"card", url}, {"card", url, "--json"}} {
		r := e.run(args...)
		if r.code != exitOK {
			t.Fatalf("%q: exit %d, stderr %q", args, r.code, r.stderr)
		}
		for _, bad := range []string{"\x1b", "\x07", "\u009b"} {
			if strings.Contains(r.stdout, bad) || strings.Contains(r.stderr, bad) {
				t.Errorf("%q: output contains %q:\n%q", args, bad, r.stdout)
			}
		}
		if args[0] == "send" && !strings.Contains(r.stdout, "safe") {
			t.Errorf("%q: output lost the text: %q", args, r.stdout)
		}
	}
}

func TestCardWarnsWhenEndpointDoesNotAnswer(t *testing.T) {
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/.well-known/agent-card.json" {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"name":"broken","description":"d","version":"1","protocolVersion":"0.3.0","url":%q,
				"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}`, srv.URL+"/nothing")
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, "<html>not here</html>")
	}))
	t.Cleanup(srv.Close)
	r := newEnv(t).run("card", srv.URL, "--json")
	wantCode(t, r, exitOK)
	warnings, _ := jsonLines(t, r)[0]["warnings"].([]any)
	found := false
	for _, w := range warnings {
		if s, _ := w.(string); strings.Contains(s, srv.URL+"/nothing") && strings.Contains(s, "did not answer") {
			found = true
		}
	}
	if !found {
		t.Errorf("warnings = %v, want one about the endpoint", warnings)
	}
}
