//go:build unix

package cli

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// raw's BODY from @FILE is read as a body, not whatever the path names:
// a FIFO nobody writes to, /dev/zero, a directory and a file larger
// than a body may be are each refused with one sentence, at once,
// before anything is sent (a FIFO would block past --timeout, and
// /dev/zero would read until the memory ran out).
func TestRawBodyFileIsARegularFileOfABodysSize(t *testing.T) {
	base := demo(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.json")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(maxAttachment + 1); err != nil {
		t.Fatal(err)
	}
	_ = f.Close()
	for path, want := range map[string]string{
		fifo:                              "not a regular file",
		"/dev/zero":                       "not a regular file",
		dir:                               "is a directory",
		huge:                              "larger than",
		filepath.Join(dir, "absent.json"): "no such file",
	} {
		r := newEnv(t).run("raw", base+"/v0.3", "tasks/get", "@"+path, "--timeout", "5s")
		wantCode(t, r, exitUsage)
		if !strings.Contains(r.stderr, want) || strings.Contains(r.stderr, "a raw") {
			t.Errorf("@%s: stderr = %q, want %q and nothing sent", path, r.stderr, want)
		}
	}
}

// --timeout bounds a raw request whatever the agent does: an endless
// stream of events, or headers and then nothing (slowloris).
func TestRawTimeoutBoundsEndlessAndStalledReplies(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "agent-card.json") {
			http.NotFound(w, r)
			return
		}
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		for i := 0; ; i++ {
			if r.URL.Path == "/endless" {
				if _, err := fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"n\":%d}}\n\n", i); err != nil {
					return
				}
				w.(http.Flusher).Flush()
			}
			select {
			case <-r.Context().Done():
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}))
	defer srv.Close()
	for _, path := range []string{"/endless", "/stalled"} {
		done := make(chan result, 1)
		go func() {
			done <- newEnv(t).run("raw", srv.URL+path, "message/stream", "{}", "--dialect", "v0.3", "--timeout", "300ms")
		}()
		select {
		case r := <-done:
			if r.code == exitOK || !strings.Contains(r.stderr, "300ms") {
				t.Errorf("%s: exit %d\nstderr: %s", path, r.code, r.stderr)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: parley raw --timeout 300ms was still running after 30s", path)
		}
	}
}

// The status line raw writes on stderr quotes the agent's Content-Type
// (or gRPC status message): a huge one is cut, and cannot drive the
// terminal.
func TestRawStatusLineIsBounded(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "agent-card.json") {
			http.NotFound(w, r)
			return
		}
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json; x=\u202e"+strings.Repeat("A", 100<<10))
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{}}`)
	}))
	defer srv.Close()
	r := newEnv(t).run("raw", srv.URL, "tasks/get", `{"id":"x"}`, "--dialect", "v0.3")
	wantCode(t, r, exitOK)
	if len(r.stderr) > 2000 || strings.Contains(r.stderr, "\u202e") || !strings.Contains(r.stderr, "HTTP 200") {
		t.Errorf("stderr of %d bytes: %.300q", len(r.stderr), r.stderr)
	}
}
