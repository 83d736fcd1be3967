package ui

import (
	"reflect"
	"runtime"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestRendererWritesAtItsFastest: the program Run builds asks Bubble
// Tea's renderer for renderFPS frames a second, and Bubble Tea keeps
// that rate (it caps what it is asked at its most). A key's echo waits
// for the renderer's next tick, so a slower renderer is a slower key.
// Bubble Tea keeps the rate unexported; the test reads it by reflection
// and says so if an upgrade renamed it.
func TestRendererWritesAtItsFastest(t *testing.T) {
	if renderFPS < 120 {
		t.Errorf("renderFPS %d: a key's echo waits up to %.1f ms for the renderer's tick, want 120 a second", renderFPS, 1000/float64(renderFPS))
	}
	p := tea.NewProgram(nil, programOptions(tea.WithInput(nil))...)
	fps := reflect.ValueOf(p).Elem().FieldByName("fps")
	if !fps.IsValid() {
		t.Fatal("tea.Program has no fps field: Bubble Tea changed; check how its renderer's rate is set and update this test")
	}
	if got := fps.Int(); got != renderFPS {
		t.Errorf("the program renders %d frames a second, want %d", got, renderFPS)
	}
}

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
