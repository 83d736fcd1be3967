package cli

import "runtime/debug"

// tuiGCPercent is the terminal UI's garbage collector target: a
// collection once the heap has grown by half of what the last one found
// live, instead of Go's default of all of it. The TUI's live heap at the
// end of a long answer is what it holds to draw it (the answer, the
// chat's pieces, the screen's cells: ~10 MB for 1.28 MB of Markdown), and
// the default lets the heap grow to twice that before it collects.
// Collecting sooner costs CPU, which the TUI has to spare (a fifth of
// a2acli's on the same stream). 25 saved 2 MB more but made keys typed
// during a stream wait longer (p90 +40%); 50 did not, within the noise.
// A soft memory limit (debug.SetMemoryLimit) is not used: the live heap
// grows with the answer, and a limit low enough to matter turned a 5 MB
// answer into a GC loop. Figures in docs/performance.md, goal 1.
const tuiGCPercent = 50

// tuiMemory sets the TUI's garbage collector target, once the TUI is
// sure to run. A headless command is short-lived, its heap a few MB, and
// keeps Go's default. A GOGC the user set is kept.
func tuiMemory(getenv func(string) string) {
	if getenv("GOGC") != "" {
		return
	}
	debug.SetGCPercent(tuiGCPercent)
}
