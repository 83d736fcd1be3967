package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/parley-a2a/parley/bench/loopback"
)

// The write-ahead gate (storegate.go) holds at most maxHeld (256 KB) of
// printed output before a write waits for a commit. A send killed with
// SIGKILL after printing well past that bound, several times over, must
// leave in the store everything it printed, as `parley contexts show`
// shows it afterwards: the bound must never let output run ahead of the
// store.
func TestCrashPastTheGateContextsShowHasAllPrinted(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	// 4 MB in 256-byte chunks: far more than is read before the kill,
	// so the child is mid-stream when it dies (it blocks on the pipe).
	srv, err := loopback.Start(loopback.Options{Chunks: 16384, ChunkSize: 256})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	// Past the gate several times over, and far enough into the answer
	// that parley send has let go of the front of its text (it holds a
	// window of a long artifact, session.Conversation.CommittedText).
	const readBeforeKill = 10 * maxHeld
	for _, mode := range []string{"text", "json"} {
		t.Run(mode, func(t *testing.T) {
			store := filepath.Join(t.TempDir(), "parley.db")
			args := []string{"send", srv.URL, "go"}
			if mode == "json" {
				args = append(args, "--json")
			}
			cmd := crashCmd(store, args)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			var printed bytes.Buffer
			_, _ = io.CopyN(&printed, stdout, readBeforeKill)
			_ = cmd.Process.Signal(syscall.SIGKILL)
			// What the child wrote into the pipe before it died was
			// printed too: read it all.
			_, _ = io.Copy(&printed, stdout)
			_ = cmd.Wait()
			if !killed(t, cmd, args, stderr.String()) {
				t.Fatalf("the send ended by itself after printing %d bytes; it was to be killed mid-stream", printed.Len())
			}
			text := printedAnswer(t, mode, printed.Bytes())
			if !strings.HasPrefix(srv.Answer, text) {
				t.Fatalf("what was printed is not the answer's start; the test reads it wrong: %.200q", text)
			}
			if len(text) <= maxHeld {
				t.Fatalf("only %d bytes of answer printed, not past the gate's %d; the test proves nothing", len(text), maxHeld)
			}
			var show bytes.Buffer
			env := Env{Stdout: &show, Stderr: io.Discard, Getenv: func(string) string { return "" },
				ConfigPath: store + ".toml", StorePath: store}
			if code := Run(context.Background(), []string{"contexts", "show", "1"}, env); code != 0 {
				t.Fatalf("parley contexts show exited %d: %s", code, show.String())
			}
			shown := unindent(show.String())
			if !strings.Contains(shown, text) {
				// The longest start of what was printed that is shown.
				n := sort.Search(len(text), func(k int) bool { return !strings.Contains(shown, text[:k+1]) })
				t.Errorf("printed %d bytes of the answer before the kill; contexts show has only the first %d of them:\nprinted next %.80q",
					len(text), n, text[n:])
			}
		})
	}
}

// printedAnswer is the answer's text in what send printed: the text
// itself from its first byte, or in --json the artifact events' text,
// whole lines only (a line cut by the kill was not printed whole).
func printedAnswer(t *testing.T, mode string, out []byte) string {
	t.Helper()
	if mode == "text" {
		s := string(out)
		i := strings.Index(s, "## Step 0")
		if i < 0 {
			t.Fatalf("the answer's start is not in what was printed: %.300q", s)
		}
		return s[i:]
	}
	var b strings.Builder
	lines := bytes.Split(out, []byte("\n"))
	for _, l := range lines[:len(lines)-1] {
		var ev struct {
			Artifact *struct {
				Parts []struct {
					Text string `json:"text"`
				} `json:"parts"`
			} `json:"artifact"`
		}
		if err := json.Unmarshal(l, &ev); err != nil {
			t.Fatalf("printed line %.200q: %v", l, err)
		}
		if ev.Artifact != nil {
			for _, p := range ev.Artifact.Parts {
				b.WriteString(p.Text)
			}
		}
	}
	return b.String()
}

// unindent undoes contexts show's four-space indent of an item's lines.
func unindent(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "    ")
	}
	return strings.Join(lines, "\n")
}
