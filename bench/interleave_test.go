package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/cli"
)

// An answer in two long artifacts streamed at once, a chunk of each in
// turn (2 × 1 MB in 1 KB chunks), recorded into a new context by parley
// send --json: its output is the same byte for byte as a send's that
// records nothing and holds it all, and the result line holds every
// byte of both, its text and each artifact's, whatever the tracker let
// go of and the line read back from the store.
func TestSendJSONOfInterleavedLongArtifactsIsTheSameRecorded(t *testing.T) {
	srv, err := loopback.Start(loopback.Options{Chunks: 1024, ChunkSize: 1024, Interleave: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	dir := t.TempDir()
	blocked := filepath.Join(dir, "file")
	if err := os.WriteFile(blocked, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	kept := send(t, srv.URL, filepath.Join(blocked, "parley.db")) // no store: nothing let go of
	recorded := send(t, srv.URL, filepath.Join(dir, "parley.db"))
	if stripped, want := unstamped(recorded), unstamped(kept); stripped != want {
		i := 0
		for i < len(want) && i < len(stripped) && want[i] == stripped[i] {
			i++
		}
		t.Errorf("the recorded send's output (%d bytes) differs from the unrecorded one's (%d) at byte %d: %.200q against %.200q",
			len(stripped), len(want), i, stripped[i:], want[i:])
	}
	lines := strings.Split(strings.TrimSuffix(recorded, "\n"), "\n")
	var result struct {
		Text      string
		Artifacts []struct {
			ArtifactID string
			Parts      []struct{ Text string }
		}
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &result); err != nil {
		t.Fatal(err)
	}
	if result.Text != srv.Answer {
		t.Errorf("the result line's text is %d bytes, not the answer's %d", len(result.Text), len(srv.Answer))
	}
	if len(result.Artifacts) != 2 {
		t.Fatalf("the result line lists %d artifacts, want 2", len(result.Artifacts))
	}
	for k, a := range result.Artifacts {
		if a.ArtifactID != loopback.InterleavedID(k) || len(a.Parts) != 1 || a.Parts[0].Text != srv.Answers[k] {
			t.Errorf("the result line's artifact %d (%s) is not its whole text", k, a.ArtifactID)
		}
	}
}

// send runs parley send --json against url, recording into storePath,
// and returns what it printed.
func send(t *testing.T, url, storePath string) string {
	t.Helper()
	dir := t.TempDir()
	var out bytes.Buffer
	env := cli.Env{Stdout: &out, Stderr: io.Discard, Getenv: func(string) string { return "" },
		ConfigPath: filepath.Join(dir, "config.toml"), StorePath: storePath}
	if code := cli.Run(context.Background(), []string{"send", "--json", url, "go"}, env); code != 0 {
		t.Fatalf("parley send --json exited with %d", code)
	}
	return out.String()
}

// unstamped is output without what differs between two runs: the
// result line's timings and storeId.
func unstamped(out string) string {
	return regexp.MustCompile(`,"timings":\{.*?\]\}|,"timings":\{[^}]*\}|,"storeId":\d+`).ReplaceAllString(out, "")
}
