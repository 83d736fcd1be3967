// What the TUI program runs with: enough Ps that a key's goroutines
// never queue behind the stream's, and Bubble Tea's renderer at its
// fastest, so a key's echo goes out soon after it is drawn.

package ui

import (
	"runtime"

	tea "charm.land/bubbletea/v2"
)

// renderFPS is how often Bubble Tea's renderer writes what the last
// View drew to the terminal: 120 a second, the most it allows (the
// default is 60). The renderer writes only on its ticker, so a key's
// echo, drawn at once (frame.go), waits for the next tick: up to a
// whole tick, and a key typed just after a frame went out waits all of
// it. At idle the ticker is paused (ui/renderpause), so the rate
// costs nothing while nothing is drawn, and the model asks for no timer
// (TestIdleAsksForNoWakeUps). docs/performance.md has the figures.
const renderFPS = 120

// programOptions are the options every TUI program runs with, before
// the caller's.
func programOptions(more ...tea.ProgramOption) []tea.ProgramOption {
	return append([]tea.ProgramOption{tea.WithFPS(renderFPS)}, more...)
}

// tuiProcs is the fewest Ps (goroutines running at once) the TUI runs
// with. With as many Ps as cores on a small machine, the stream's
// goroutines (the reader, the conversation, the recorder) can hold them
// all, and the goroutines a key goes through (the input reader, Bubble
// Tea's loop, its renderer's tick) wait in Go's run queue behind them.
// With more Ps than cores each of them gets a thread at once, and the
// kernel, which runs a thread that has just woken ahead of one that has
// been busy, puts the key first.
const tuiProcs = 4

// raiseProcs gives the Go scheduler at least tuiProcs Ps, unless the
// user chose a number (GOMAXPROCS). It returns the number in force.
func raiseProcs(getenv func(string) string) int {
	if getenv("GOMAXPROCS") == "" && runtime.GOMAXPROCS(0) < tuiProcs {
		runtime.GOMAXPROCS(tuiProcs)
	}
	return runtime.GOMAXPROCS(0)
}
