package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/syncbuf"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// reported is what the child said it had committed for one item.
type reported struct {
	context int64
	version int
	text    int
	done    bool
}

// parseReport reads one line the child writes on fd 3 for each item of a
// committed group: "item CONTEXT KEY VERSION TEXTLEN DONE".
func parseReport(line string) (key string, r reported, ok bool) {
	f := strings.Fields(line)
	if len(f) != 6 || f[0] != "item" {
		return "", reported{}, false
	}
	r.context, _ = strconv.ParseInt(f[1], 10, 64)
	r.version, _ = strconv.Atoi(f[3])
	r.text, _ = strconv.Atoi(f[4])
	r.done = f[5] == "true"
	return f[2], r, true
}

// requestBodies notes every request the demo agent gets.
type requestBodies struct {
	mu  sync.Mutex
	all []string
}

func (l *requestBodies) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		l.mu.Lock()
		l.all = append(l.all, r.Method+" "+r.URL.Path+" "+string(body))
		l.mu.Unlock()
		h.ServeHTTP(w, r)
	})
}

func (l *requestBodies) since(n int) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.all[n:]...)
}

func (l *requestBodies) len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.all)
}

// TestCrashMidStreamLosesNothingCommitted kills a parley process with
// SIGKILL in the middle of a streamed answer, then checks that every
// group it reported as committed is in the store, and that the next
// start resumes the task left running: by resubscribing where the agent
// streams, by polling where it does not.
func TestCrashMidStreamLosesNothingCommitted(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	for _, tc := range []struct{ name, path, follow string }{
		{"resubscribe", "/", "SubscribeToTask"},
		{"poll", "/gateway/", "GET /gateway/v1/a2a/agents/demo/tasks/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log requestBodies
			// Paced so the task is still running when resume reaches it, after
			// resolving the card and checking its signature on a loaded machine.
			srv := httptest.NewServer(log.wrap(demoagent.New(demoagent.Options{ChunkDelay: 80 * time.Millisecond}).Handler()))
			t.Cleanup(srv.Close)
			url := srv.URL + tc.path
			dbPath := filepath.Join(t.TempDir(), "parley.db")

			seen := runAndKill(t, dbPath, []string{"send", url, "Tell me a story", "--json"})

			st, err := store.Open(dbPath)
			if err != nil {
				t.Fatal(err)
			}
			var id int64
			for key, want := range seen {
				id = want.context
				items, err := st.LoadTail(want.context, 0)
				if err != nil {
					t.Fatal(err)
				}
				found := false
				for _, it := range items {
					if it.Key != key {
						continue
					}
					found = true
					text := 0
					for _, p := range it.Parts {
						text += len(p.Text)
					}
					if it.Version < want.version || text < want.text {
						t.Errorf("item %s: stored version %d with %d bytes of text; the child had committed version %d with %d",
							key, it.Version, text, want.version, want.text)
					}
				}
				if !found {
					t.Errorf("item %s was reported committed but is not in the store", key)
				}
			}
			pending, err := st.PendingTasks()
			if err != nil {
				t.Fatal(err)
			}
			st.Close()
			if len(pending) != 1 || pending[0].Context.ID != id || pending[0].Task.State.Settled() {
				t.Fatalf("pending after the crash: %+v", pending)
			}
			taskID := pending[0].Task.ID

			// The next start: resume what was left running.
			before := log.len()
			e := newEnv(t)
			var out, errOut syncbuf.Buffer
			env := e.env(&out, &errOut)
			env.StorePath = dbPath
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			r := result{code: Run(ctx, []string{"contexts", "resume"}, env), stdout: out.String(), stderr: errOut.String()}
			wantCode(t, r, exitOK)
			if !strings.Contains(r.stdout, "completed") {
				t.Errorf("resume said %q", r.stdout)
			}
			followed := false
			for _, req := range log.since(before) {
				followed = followed || strings.Contains(req, tc.follow)
			}
			if !followed {
				t.Errorf("the task was not followed by %s", tc.name)
			}

			st, err = store.Open(dbPath)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			if p, _ := st.PendingTasks(); len(p) != 0 {
				t.Errorf("still pending after resume: %+v", p)
			}
			client, err := a2aclient.Resolve(ctx, url, a2aclient.Options{})
			if err != nil {
				t.Fatal(err)
			}
			task, err := client.Get(ctx, taskID, nil)
			if err != nil {
				t.Fatal(err)
			}
			items, err := st.LoadTail(id, 0)
			if err != nil {
				t.Fatal(err)
			}
			var arts []session.Item
			for _, it := range items {
				if it.Kind == session.ItemArtifact {
					arts = append(arts, it)
				}
			}
			if len(arts) != 1 || !arts[0].Done || joinText(arts[0].Parts) != joinText(task.Artifacts[0].Parts) {
				t.Errorf("the stored answer after resume: %d artifacts %+v", len(arts), arts)
			}
		})
	}
}

// runAndKill starts a child parley, waits until it has committed part of
// a growing artifact, kills it with SIGKILL and returns the last version
// of each item it reported committed.
func runAndKill(t *testing.T, store string, args []string) map[string]reported {
	t.Helper()
	cmd := crashCmd(store, args)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	seen := map[string]reported{}
	partial := 0
	err := runReporting(t, cmd, nil, func(key string, r reported) {
		seen[key] = r
		if strings.HasPrefix(key, "art:") && !r.done && r.text > 0 {
			partial++
		}
		if partial == 3 {
			if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
		}
	})
	if partial < 3 {
		t.Fatalf("the child ended before streaming much (%v)\nstdout: %s\nstderr: %s", err, stdout.String(), stderr.String())
	}
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("the child was not killed mid-stream: %v\nstderr: %s", err, stderr.String())
	}
	return seen
}

func joinText(parts []a2aclient.Part) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}
