package cli

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/syncbuf"
)

// result is what one in-process run of parley produced.
type result struct {
	code           int
	stdout, stderr string
}

// testEnv runs parley with no config file (unless a test writes one), an
// empty environment and fast polling.
type testEnv struct {
	t      *testing.T
	config string
	vars   map[string]string
	store  string // the context store; "" is the test binary's shared one
	client *http.Client
	// terminal says standard input and output are a terminal (Env.IsTerminal).
	terminal bool
	// stdinIsTerminal says a person at Stdin answers prompts (Env.StdinIsTerminal).
	stdinIsTerminal bool
	// openBrowser stands in for the person's browser; nil opens none.
	openBrowser func(url string) error
}

func newEnv(t *testing.T) *testEnv {
	return &testEnv{t: t, config: filepath.Join(t.TempDir(), "config.toml"), vars: map[string]string{}}
}

func (e *testEnv) writeConfig(content string) {
	e.t.Helper()
	if err := os.WriteFile(e.config, []byte(content), 0o600); err != nil {
		e.t.Fatal(err)
	}
}

func (e *testEnv) env(stdout, stderr *syncbuf.Buffer) Env {
	return Env{
		Stdout: stdout, Stderr: stderr, ConfigPath: e.config, StorePath: e.store, HTTPClient: e.client,
		Getenv:       func(k string) string { return e.vars[k] },
		PollInterval: time.Millisecond, ResumeDelay: -1,
		DemoAgent:       &demoagent.Options{},
		IsTerminal:      func() bool { return e.terminal },
		StdinIsTerminal: func(io.Reader) bool { return e.stdinIsTerminal },
		OpenBrowser:     e.browser,
	}
}

// browser opens url in the test's stand-in for a browser, if it has one.
func (e *testEnv) browser(url string) error {
	if e.openBrowser == nil {
		return errors.New("no browser in this test")
	}
	return e.openBrowser(url)
}

func (e *testEnv) runCtx(ctx context.Context, args ...string) result {
	e.t.Helper()
	var out, errOut syncbuf.Buffer
	code := Run(ctx, args, e.env(&out, &errOut))
	return result{code: code, stdout: out.String(), stderr: errOut.String()}
}

func (e *testEnv) run(args ...string) result {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return e.runCtx(ctx, args...)
}

// jsonLines parses every stdout line as a JSON object and returns them.
func jsonLines(t *testing.T, r result) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimRight(r.stdout, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("stdout line is not a JSON object: %q (%v)\nstderr: %s", line, err, r.stderr)
		}
		out = append(out, m)
	}
	return out
}

// resultLine checks that the last line is the result and returns it.
func resultLine(t *testing.T, r result) map[string]any {
	t.Helper()
	lines := jsonLines(t, r)
	last := lines[len(lines)-1]
	if last["type"] != "result" {
		t.Fatalf("last line is %v, want the result\nstderr: %s", last, r.stderr)
	}
	for i, l := range lines[:len(lines)-1] {
		if l["type"] == "result" {
			t.Errorf("line %d is a result but not the last", i)
		}
	}
	for _, k := range []string{"dialect", "contextId", "taskId", "state", "text", "statusText", "artifacts"} {
		if _, ok := last[k]; !ok {
			t.Errorf("result line lacks %q: %v", k, last)
		}
	}
	return last
}

func wantCode(t *testing.T, r result, code int) {
	t.Helper()
	if r.code != code {
		t.Fatalf("exit code %d, want %d\nstdout: %s\nstderr: %s", r.code, code, r.stdout, r.stderr)
	}
}

// demo starts the demo agent on an httptest server.
func demo(t *testing.T) string {
	srv := httptest.NewServer(demoagent.New(demoagent.Options{}).Handler())
	t.Cleanup(srv.Close)
	return srv.URL
}
