package cli

import (
	"context"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/bench/loopback"
)

// cappedWriter keeps the first max bytes written to it and counts all.
type cappedWriter struct {
	kept  strings.Builder
	max   int
	total int
}

func (w *cappedWriter) Write(b []byte) (int, error) {
	w.total += len(b)
	if room := w.max - w.kept.Len(); room > 0 {
		w.kept.Write(b[:min(room, len(b))])
	}
	return len(b), nil
}

// continuedLine is the line the text printer puts above the rest of an
// artifact whose turn came after another's: its id is the group.
var continuedLine = regexp.MustCompile(`(?m)^\[artifact [^\n]*\(([^()\n]*)\), continued\]\n`)

// An answer in long artifacts streamed at once, a chunk of each in turn
// (2 and 3 × 1 MB in 1 KB chunks), sent with text output and recorded
// as the default does: every byte of each artifact is printed once, the
// last that started as it streams, each other one's rest under a line
// naming it once its turn comes, and the output is the answer's size
// plus a line a turn. The printer printed the whole answer again at
// each chunk that landed before the last artifact, gigabytes for 2 MB,
// and read the last artifact's front the store had taken from the
// tracker as missing.
func TestSendTextOfInterleavedLongArtifactsPrintsEachOnce(t *testing.T) {
	for _, n := range []int{2, 3} {
		srv, err := loopback.Start(loopback.Options{Chunks: 1024, ChunkSize: 1024, Interleave: n})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		out := &cappedWriter{max: 16 << 20}
		env := Env{Stdout: out, Stderr: io.Discard, Getenv: func(string) string { return "" },
			ConfigPath: filepath.Join(dir, "config.toml"), StorePath: filepath.Join(dir, "parley.db")}
		if code := Run(context.Background(), []string{"send", srv.URL, "go"}, env); code != 0 {
			t.Fatalf("parley send exited with %d", code)
		}
		srv.Close()
		if limit := len(srv.Answer) + 100*n + 100; out.total > limit {
			t.Errorf("%d artifacts: printed %d bytes for an answer of %d; want at most %d", n, out.total, len(srv.Answer), limit)
			if out.total > out.max {
				continue
			}
		}
		got, ok := strings.CutPrefix(out.kept.String(), "[working]\n")
		got, ended := strings.CutSuffix(got, "[completed]\n")
		if !ok || !ended {
			t.Errorf("%d artifacts: the output is not the answer between the states: %.40q…%q", n, out.kept.String(), lastBytes(out.kept.String()))
			continue
		}
		rests := map[string]string{}
		heads := continuedLine.FindAllStringSubmatchIndex(got, -1)
		first := got
		for i, h := range heads {
			if i == 0 {
				first = got[:h[0]]
			}
			end := len(got)
			if i+1 < len(heads) {
				end = heads[i+1][0]
			}
			id := got[h[2]:h[3]]
			if _, twice := rests[id]; twice {
				t.Errorf("%d artifacts: %s continued twice", n, id)
			}
			rests[id] = got[h[1]:end]
		}
		// What streamed before the turns began: the front of each
		// artifact that went on later, and the whole of the one that
		// did not, in the order they started.
		var want strings.Builder
		for k, answer := range srv.Answers {
			rest, ok := rests[loopback.InterleavedID(k)]
			if ok && !strings.HasSuffix(answer, rest) {
				t.Errorf("%d artifacts: what follows %s's line (%d bytes) is not the end of its text: %q", n, loopback.InterleavedID(k), len(rest), lastBytes(rest))
			}
			want.WriteString(answer[:len(answer)-len(rest)])
		}
		if first != want.String() {
			i := 0
			for i < len(first) && i < len(want.String()) && first[i] == want.String()[i] {
				i++
			}
			t.Errorf("%d artifacts: what was printed before the first turn (%d bytes) differs from the artifacts' fronts (%d) at byte %d", n, len(first), want.Len(), i)
		}
	}
}

func lastBytes(s string) string { return s[max(len(s)-200, 0):] }
