package cli

import (
	"context"
	"io"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/parley-a2a/parley/bench/loopback"
)

// sendAllocated runs parley send (text output, recorded) on a stream of
// n distinct one-character artifacts and returns the bytes it allocated:
// a count of work that, unlike a time, does not depend on the machine's
// load.
func sendAllocated(t *testing.T, n int) uint64 {
	t.Helper()
	srv, err := loopback.Start(loopback.Options{Chunks: n, ChunkSize: 1, Distinct: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	dir := t.TempDir()
	env := Env{Stdout: io.Discard, Stderr: io.Discard, Getenv: func(string) string { return "" },
		ConfigPath: filepath.Join(dir, "config.toml"), StorePath: filepath.Join(dir, "parley.db")}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if code := Run(context.Background(), []string{"send", srv.URL, "go"}, env); code != 0 {
		t.Fatalf("parley send exited with %d", code)
	}
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A stream of many distinct artifacts costs parley send in proportion to
// their number. The text printer compared the whole answer with what it
// had shown at every new artifact, so the cost grew with the square of
// their number (100,000 took over three minutes); four times as many
// artifacts must cost about four times the work, not sixteen.
// bench: BenchmarkDistinctArtifacts times it.
func TestSendManyArtifactsCostGrowsLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 20,000 artifacts")
	}
	small := sendAllocated(t, 4000)
	large := sendAllocated(t, 16000)
	t.Logf("allocated %d bytes for 4,000 artifacts, %d for 16,000 (%.1f times)", small, large, float64(large)/float64(small))
	if large > 6*small {
		t.Errorf("16,000 artifacts cost %.1f times what 4,000 did; linear is about 4", float64(large)/float64(small))
	}
}
