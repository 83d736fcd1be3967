package cli

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"runtime/trace"
	"time"

	"github.com/parley-a2a/parley/termsafe"
)

// startProfile writes a CPU profile of the whole process to the file
// named by PARLEY_CPUPROFILE, an execution trace (where the wall time
// goes: goroutines waiting, GC, system calls) to PARLEY_TRACE, and a heap
// profile to PARLEY_MEMPROFILE, for `make bench` investigations of the
// real binary (docs/performance.md). Stacks, sizes and timings only:
// nothing a user typed or an agent sent lands in them. The returned
// function stops all three.
func startProfile(getenv func(string) string) func() {
	stopCPU := record(getenv, "PARLEY_CPUPROFILE", "CPU profile", pprof.StartCPUProfile, pprof.StopCPUProfile)
	stopTrace := record(getenv, "PARLEY_TRACE", "trace", trace.Start, trace.Stop)
	stopHeap := func() {}
	if path := getenv("PARLEY_MEMPROFILE"); path != "" {
		stopHeap = heapAtPeak(path)
	} else {
		// Linking runtime/pprof keeps Go's heap profile on, which samples
		// an allocation every 512 KB with a walk of its stack: the walk
		// reads the function tables of every frame (a 64 KB mapping of
		// the binary each), and the samples' records stay in the heap.
		// Nothing reads them unless PARLEY_MEMPROFILE asks.
		runtime.MemProfileRate = 0
	}
	return func() {
		stopHeap()
		stopTrace()
		stopCPU()
	}
}

// heapAtPeak writes a heap profile (allocations sampled every 4 KB) to
// path each time the live heap a GC found is the largest yet, checked
// every 200 ms: what the process held at its peak, not at exit, when the
// TUI's model is gone. Its ticks and GCs wake the process and cost CPU,
// so it runs only when asked for.
func heapAtPeak(path string) func() {
	runtime.MemProfileRate = 4096
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		var peak uint64
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			metrics.Read(sample)
			if live := sample[0].Value.Uint64(); live > peak {
				peak = live
				// The profile's in-use figures are those of a finished
				// cycle: one more makes them this moment's.
				runtime.GC()
				if err := writeHeap(path); err != nil {
					fmt.Fprintf(os.Stderr, "parley: no heap profile (%s); unset PARLEY_MEMPROFILE or fix the path\n", termsafe.Line(err.Error()))
					return
				}
			}
		}
	}()
	return func() {
		close(done)
		<-stopped
	}
}

func writeHeap(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// record runs start on a new file at the path the variable names
// (nothing when it is unset) and returns what stops it and closes the
// file.
func record(getenv func(string) string, variable, what string, start func(io.Writer) error, stop func()) func() {
	path := getenv(variable)
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		if err = start(f); err != nil {
			f.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "parley: no %s (%s); unset %s or fix the path\n", what, termsafe.Line(err.Error()), variable)
		return func() {}
	}
	return func() {
		stop()
		f.Close()
	}
}
