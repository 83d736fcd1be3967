package ui

import "runtime"

// tuiProcs is the fewest Ps (goroutines running at once) the TUI runs
// with. With as many Ps as cores (2 on the machine the figures are from)
// the stream's goroutines (the reader, the conversation, the recorder)
// held both, and the goroutines a key goes through (the input reader,
// Bubble Tea's loop, its renderer's tick) waited in Go's run queue
// behind them: up to 84 ms was measured (/sched/latencies) for a
// goroutine to run while the machine was nearly idle. With more Ps than
// cores each of them gets a thread at once, and the kernel, which runs
// a thread that has just woken ahead of one that has been busy, puts
// the key first. Keys typed during the 100,000-chunk stream, load 1–2:
// p90 32–41 → 18–22 ms, the slowest of each run 65–93 → 28–46 ms.
const tuiProcs = 4

// raiseProcs gives the Go scheduler at least tuiProcs Ps, unless the
// user chose a number (GOMAXPROCS). It returns the number in force.
func raiseProcs(getenv func(string) string) int {
	if getenv("GOMAXPROCS") == "" && runtime.GOMAXPROCS(0) < tuiProcs {
		runtime.GOMAXPROCS(tuiProcs)
	}
	return runtime.GOMAXPROCS(0)
}
