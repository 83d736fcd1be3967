package ui

import tea "charm.land/bubbletea/v2"

// renderFPS is how often Bubble Tea's renderer writes what the last
// View drew to the terminal: 120 a second, the most it allows (the
// default is 60). The renderer writes only on its ticker, so a key's
// echo, drawn at once (frame.go), waits for the next tick: up to a
// whole tick, and a key typed just after a frame went out waits all of
// it. At 60 a second that wait was most of a key's time on a quiet
// machine. Keys typed in the pty during the 100,000-chunk stream,
// 60 against 120 in turn, load 0.5–2.2: p50 15 → 8 ms, p90 22–25 →
// 16–17 ms, p99 42–60 → 35–53 ms (docs/performance.md, goal 2).
//
// The cost is at idle: the ticker wakes 120 times a second instead of
// 60 and finds nothing to write (no frame goes out; goal 3 is about
// frames and the model's own timers, TestIdleAsksForNoWakeUps).
// Measured idle for 5 s: see docs/performance.md.
const renderFPS = 120

// programOptions are the options every TUI program runs with, before
// the caller's.
func programOptions(more ...tea.ProgramOption) []tea.ProgramOption {
	return append([]tea.ProgramOption{tea.WithFPS(renderFPS)}, more...)
}
