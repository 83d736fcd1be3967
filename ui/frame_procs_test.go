package ui

import (
	"runtime"
	"testing"
)

// The TUI runs with at least tuiProcs Ps, so a key's goroutines are not
// queued behind the stream's; a GOMAXPROCS the user set is kept.
func TestTUIRunsWithProcsToSpare(t *testing.T) {
	was := runtime.GOMAXPROCS(1)
	t.Cleanup(func() { runtime.GOMAXPROCS(was) })
	if got := raiseProcs(func(string) string { return "1" }); got != 1 {
		t.Fatalf("GOMAXPROCS=1 set by the user: %d Ps, want 1", got)
	}
	if got := raiseProcs(func(string) string { return "" }); got != tuiProcs {
		t.Fatalf("one P and no GOMAXPROCS: %d Ps, want %d", got, tuiProcs)
	}
	runtime.GOMAXPROCS(tuiProcs * 2)
	if got := raiseProcs(func(string) string { return "" }); got != tuiProcs*2 {
		t.Fatalf("%d Ps already: %d after, want them kept", tuiProcs*2, got)
	}
}
