//go:build linux

package background

import (
	"testing"

	"golang.org/x/sys/unix"
)

// The goroutine that asks is lowered, and only its thread: the rest of
// the process (the thread the keys are handled on) keeps its priority.
func TestLowerLowersOnlyTheCallersThread(t *testing.T) {
	before, err := unix.Getpriority(unix.PRIO_PROCESS, unix.Gettid())
	if err != nil {
		t.Skipf("cannot read a thread's priority here: %v", err)
	}
	type result struct {
		tid, prio int
		ok        bool
		err       error
	}
	got := make(chan result)
	go func() {
		ok := Lower()
		tid := unix.Gettid()
		p, err := unix.Getpriority(unix.PRIO_PROCESS, tid)
		got <- result{tid, p, ok, err}
	}()
	r := <-got
	if niceOf(before) >= 19 {
		t.Skip("the test runs at the lowest priority already")
	}
	if r.err != nil || !r.ok {
		t.Fatalf("Lower: ok %v, reading it back: %v", r.ok, r.err)
	}
	if want := min(niceOf(before)+Nice, 19); niceOf(r.prio) != want {
		t.Fatalf("the lowered thread's nice is %d, want %d", niceOf(r.prio), want)
	}
	if p, _ := unix.Getpriority(unix.PRIO_PROCESS, unix.Gettid()); p != before {
		t.Fatalf("the caller's own thread went from %d to %d", before, p)
	}
	if p, _ := unix.Getpriority(unix.PRIO_PROCESS, 0); p != before {
		t.Fatalf("the process's priority went from %d to %d", before, p)
	}
}

// Once the lowered goroutine ends, its thread is gone: no later
// goroutine runs behind at the lowered priority.
func TestALoweredThreadEndsWithItsGoroutine(t *testing.T) {
	tids := make(chan int)
	go func() {
		Lower()
		tids <- unix.Gettid()
	}()
	tid := <-tids
	for range 100 { // new goroutines, the runtime's threads: none may be the lowered one
		done := make(chan int)
		go func() { done <- unix.Gettid() }()
		if got := <-done; got == tid {
			t.Fatalf("goroutine ran on the lowered thread %d after its goroutine ended", tid)
		}
	}
}

// niceOf is the nice value of what the getpriority system call returns
// (20 - nice on Linux, so that it is never negative).
func niceOf(prio int) int { return 20 - prio }
