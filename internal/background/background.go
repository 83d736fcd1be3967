// Package background runs a goroutine's work behind the person at the
// keyboard: on a thread of its own that the operating system schedules
// after the interactive ones.
//
// The TUI's streams (reading, decoding and assembling an answer, and
// recording it) keep a core busy on a 100,000-chunk answer, and on two
// shared cores a key typed meanwhile waits for a CPU behind them, though
// the program's loop needs well under a millisecond of it for the key
// (docs/performance.md).
// Go has no goroutine priorities, but a goroutine can own its thread,
// and a thread can be given a lower priority than the rest.
package background

// Nice is how much lower a background thread's priority is than the
// thread's before: what `nice` adds for a background job. Under contention the scheduler
// gives such a thread about a tenth of the CPU time of a thread at the
// default priority; on an idle machine it runs at full speed.
const Nice = 10

// Lower runs the calling goroutine, from now until it ends, on a thread
// of its own at a lower priority (Nice more, at most 19). When the goroutine ends, Go
// ends the thread with it, so no other goroutine ever runs on it. Call
// it only at the top of a goroutine that ends: one that returns to a
// pool would keep its thread. It reports whether the priority was
// lowered: not when it already was at the lowest; on systems where a thread's priority cannot be set apart
// from the process's, it does nothing and reports false.
func Lower() bool { return lower() }
