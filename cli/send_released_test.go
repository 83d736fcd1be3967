package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/bench/loopback"
)

// sendJSONResult runs parley send --json against url and returns its
// result line without what differs between two runs (timings, storeId),
// and whether the send was recorded.
func sendJSONResult(t *testing.T, url, storePath string) string {
	t.Helper()
	dir := t.TempDir()
	var out bytes.Buffer
	env := Env{Stdout: &out, Stderr: io.Discard, Getenv: func(string) string { return "" },
		ConfigPath: filepath.Join(dir, "config.toml"), StorePath: storePath}
	if code := Run(context.Background(), []string{"send", "--json", url, "go"}, env); code != 0 {
		t.Fatalf("parley send --json exited with %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	last := lines[len(lines)-1]
	return regexp.MustCompile(`,"timings":\{[^}]*\}|,"storeId":\d+`).ReplaceAllString(last, "")
}

// parley send --json, recorded into a new context, lets go of the
// answer's settled artifacts as it streams and writes the result line's
// list of them from the store: the same line, byte for byte, as a send
// that records nothing and keeps them all.
func TestSendJSONResultReadsReleasedArtifactsFromTheStore(t *testing.T) {
	const n = 3000
	srv, err := loopback.Start(loopback.Options{Chunks: n, ChunkSize: 1, Distinct: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	dir := t.TempDir()
	blocked := filepath.Join(dir, "file")
	if err := os.WriteFile(blocked, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	kept := sendJSONResult(t, srv.URL, filepath.Join(blocked, "parley.db")) // no store: nothing released
	recorded := sendJSONResult(t, srv.URL, filepath.Join(dir, "parley.db"))
	if got := strings.Count(kept, `"artifactId"`); got != n {
		t.Fatalf("the result line without a store lists %d artifacts; want %d", got, n)
	}
	if recorded != kept {
		t.Errorf("the recorded send's result line differs:\n%.400s…\n%.400s…", recorded, kept)
	}
}

// sendOutput runs parley send (text, or --json) against url and returns
// what it printed, without what differs between two runs (timings,
// storeId).
func sendOutput(t *testing.T, url, storePath string, asJSON bool) string {
	t.Helper()
	dir := t.TempDir()
	var out bytes.Buffer
	env := Env{Stdout: &out, Stderr: io.Discard, Getenv: func(string) string { return "" },
		ConfigPath: filepath.Join(dir, "config.toml"), StorePath: storePath}
	args := []string{"send", url, "go"}
	if asJSON {
		args = []string{"send", "--json", url, "go"}
	}
	if code := Run(context.Background(), args, env); code != 0 {
		t.Fatalf("parley %v exited with %d", args, code)
	}
	return regexp.MustCompile(`,"timings":\{[^}]*\}|,"storeId":\d+`).ReplaceAllString(out.String(), "")
}

// An answer in one long artifact (20,000 chunks, 1.3 MB), recorded into
// a new context, is held as a window as it streams (the tracker lets go
// of what the store has): the text output and the --json output, its
// result line's text and artifact read back from the store, are the
// same byte for byte as a send's that records nothing and holds it all.
func TestSendOfALongArtifactPrintsTheSameHeldAsAWindow(t *testing.T) {
	srv, err := loopback.Start(loopback.Options{Chunks: 20000, ChunkSize: 64, Form: loopback.MultiLine})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	dir := t.TempDir()
	blocked := filepath.Join(dir, "file")
	if err := os.WriteFile(blocked, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, asJSON := range []bool{false, true} {
		kept := sendOutput(t, srv.URL, filepath.Join(blocked, "parley.db"), asJSON) // no store: nothing let go of
		recorded := sendOutput(t, srv.URL, filepath.Join(dir, "parley.db"), asJSON)
		if !strings.Contains(kept, loopback.EndMarker) {
			t.Fatalf("the unrecorded send (json %v) printed no whole answer", asJSON)
		}
		if recorded != kept {
			i := 0
			for i < len(kept) && i < len(recorded) && kept[i] == recorded[i] {
				i++
			}
			t.Errorf("json %v: the recorded send's output (%d bytes) differs from the unrecorded one's (%d) at byte %d: %.200q against %.200q",
				asJSON, len(recorded), len(kept), i, recorded[i:], kept[i:])
		}
	}
}
