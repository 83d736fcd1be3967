package cli

import (
	"runtime/debug"
	"testing"
)

func TestTUICollectsSoonerUnlessTheUserSetGOGC(t *testing.T) {
	was := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(was) })

	tuiMemory(func(string) string { return "" })
	if got := debug.SetGCPercent(100); got != tuiGCPercent {
		t.Fatalf("the TUI's GC target is %d%%, want %d%%", got, tuiGCPercent)
	}
	tuiMemory(func(k string) string {
		if k == "GOGC" {
			return "200"
		}
		return ""
	})
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("with GOGC set by the user the TUI changed the GC target to %d%%", got)
	}
}
