package cli

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/demoagent"
)

// parley raw sends one JSON-RPC request as written and prints the reply
// as it came, then the HTTP status on stderr; an error reply exits 1.
func TestRawJSONRPC(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	r := e.run("raw", base+"/v0.3", "tasks/get", `{"id":"nope"}`)
	wantCode(t, r, exitError)
	if !strings.Contains(r.stdout, `"code":-32001`) || !strings.Contains(r.stderr, "HTTP 200") {
		t.Errorf("stdout: %s\nstderr: %s", r.stdout, r.stderr)
	}
	// A stream: each event on its own line; the params from a file.
	params := filepath.Join(t.TempDir(), "p.json")
	if err := os.WriteFile(params, []byte(`{"message":{"role":"user","messageId":"m1","kind":"message","parts":[{"kind":"text","text":"Hello"}]}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	r = e.run("raw", base+"/v0.3", "message/stream", "@"+params)
	wantCode(t, r, exitOK)
	if n := strings.Count(r.stdout, "\n"); n < 2 || !strings.Contains(r.stdout, `"completed"`) || !strings.Contains(r.stderr, "events") {
		t.Errorf("%d lines\nstdout: %s\nstderr: %s", n, r.stdout, r.stderr)
	}
}

// Over REST the method and path are written as in the binding; a 404
// exits 1 with the status said.
func TestRawREST(t *testing.T) {
	base := demo(t)
	r := newEnv(t).run("raw", base+"/v1.0", "GET", "/tasks/nope", "--dialect", "v1.0-rest")
	wantCode(t, r, exitError)
	if !strings.Contains(r.stderr, "HTTP 404") || !strings.Contains(r.stdout, "error") {
		t.Errorf("stdout: %s\nstderr: %s", r.stdout, r.stderr)
	}
	wantCode(t, newEnv(t).run("raw", base+"/v1.0"), exitUsage)
	wantCode(t, newEnv(t).run("raw", base+"/v0.3", "tasks/get", "{not json"), exitUsage)
}

// What the agent answers cannot drive the terminal: escape sequences in
// the reply are removed.
func TestRawCleansTheReply(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		_, _ = io.WriteString(w, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"hi \x1b]0;pwned\x07\x1b[2J there\"}")
	}))
	defer srv.Close()
	r := newEnv(t).run("raw", srv.URL, "tasks/get", `{"id":"x"}`, "--dialect", "v0.3")
	wantCode(t, r, exitOK)
	if strings.ContainsRune(r.stdout, 0x1b) || !strings.Contains(r.stdout, "there") {
		t.Errorf("stdout: %q", r.stdout)
	}
}

// Over gRPC the method is the service's and the body its message as
// ProtoJSON; the status is gRPC's. A method the service lacks is a usage
// error naming the ones it has.
func TestRawGRPC(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	base, err := demoagent.New(demoagent.Options{}).Serve(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t)
	r := e.run("raw", base+"/grpc/", "GetTask", `{"id":"nope"}`)
	wantCode(t, r, exitError)
	if !strings.Contains(r.stderr, "gRPC NOT_FOUND") || !strings.Contains(r.stderr, "v1.0 gRPC") {
		t.Errorf("stdout: %s\nstderr: %s", r.stdout, r.stderr)
	}
	r = e.run("raw", base+"/grpc/", "SendStreamingMessage", `{"message":{"role":"ROLE_USER","messageId":"m1","parts":[{"text":"Hello"}]}}`)
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, "TASK_STATE_COMPLETED") || !strings.Contains(r.stderr, "gRPC OK, ") {
		t.Errorf("stdout: %s\nstderr: %s", r.stdout, r.stderr)
	}
	r = e.run("raw", base+"/grpc/", "GetTasks", `{}`)
	wantCode(t, r, exitUsage)
	if !strings.Contains(r.stderr, "GetTask, ") {
		t.Errorf("stderr: %s", r.stderr)
	}
}
