package realservers

import (
	"bufio"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/cli"
	"github.com/parley-a2a/parley/internal/syncbuf"
)

// parley runs parley's command line in-process with its own config and
// context store, as a new user would run it.
type parley struct {
	t     *testing.T
	store string
	conf  string
}

func newParley(t *testing.T) *parley {
	dir := t.TempDir()
	return &parley{t: t, store: filepath.Join(dir, "data", "parley.db"), conf: filepath.Join(dir, "config", "config.toml")}
}

type run struct {
	code           int
	stdout, stderr string
}

func (p *parley) start(ctx context.Context, args ...string) (*syncbuf.Buffer, <-chan run) {
	var stdout, stderr syncbuf.Buffer
	env := cli.Env{
		Stdout: &stdout, Stderr: &stderr,
		Getenv:       func(string) string { return "" },
		ConfigPath:   p.conf,
		StorePath:    p.store,
		PollInterval: 50 * time.Millisecond,
		ResumeDelay:  -1,
	}
	ch := make(chan run, 1)
	go func() {
		code := cli.Run(ctx, args, env)
		ch <- run{code: code, stdout: stdout.String(), stderr: stderr.String()}
	}()
	return &stdout, ch
}

func (p *parley) run(args ...string) run {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	_, done := p.start(ctx, args...)
	r := <-done
	p.t.Logf("parley %s → %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), r.code, tail(r.stdout, 2000), tail(r.stderr, 1000))
	return r
}

// result is the last line of a --json send: how the exchange ended.
type result struct {
	Type       string `json:"type"`
	Dialect    string `json:"dialect"`
	ContextID  string `json:"contextId"`
	TaskID     string `json:"taskId"`
	State      string `json:"state"`
	Text       string `json:"text"`
	StatusText string `json:"statusText"`
	StoreID    int64  `json:"storeId"`
}

// jsonLines reads a --json run's lines: the events, then the result.
func jsonLines(t *testing.T, out string) (events []map[string]any, res result) {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("a line of --json output is not JSON: %q", sc.Text())
		}
		if m["type"] == "result" {
			if err := json.Unmarshal(sc.Bytes(), &res); err != nil {
				t.Fatal(err)
			}
			continue
		}
		events = append(events, m)
	}
	if res.Type != "result" {
		t.Fatalf("no result line in %q", tail(out, 2000))
	}
	return events, res
}
