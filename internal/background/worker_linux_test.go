//go:build linux

package background

import (
	"sync"
	"testing"

	"golang.org/x/sys/unix"
)

// Every call runs on the one lowered thread, however many goroutines
// call, and one at a time.
func TestWorkerRunsEverythingOnOneLoweredThread(t *testing.T) {
	before, err := unix.Getpriority(unix.PRIO_PROCESS, unix.Gettid())
	if err != nil || niceOf(before) >= 19 {
		t.Skip("cannot lower a thread here")
	}
	var w Worker
	var mu sync.Mutex
	tids := map[int]bool{}
	running, most := 0, 0
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.Do(func() {
				mu.Lock()
				running++
				most = max(most, running)
				tid := unix.Gettid()
				tids[tid] = true
				mu.Unlock()
				if p, _ := unix.Getpriority(unix.PRIO_PROCESS, tid); niceOf(p) != min(niceOf(before)+Nice, 19) {
					t.Errorf("a call ran at nice %d", niceOf(p))
				}
				mu.Lock()
				running--
				mu.Unlock()
			})
		}()
	}
	wg.Wait()
	if len(tids) != 1 {
		t.Fatalf("calls ran on %d threads, want 1", len(tids))
	}
	if most != 1 {
		t.Fatalf("%d calls ran at once, want 1", most)
	}
}
