package cli

import (
	"fmt"
	"os"
	"runtime/pprof"
	"runtime/trace"
)

// startProfile writes a CPU profile of the whole process to the file
// named by PARLEY_CPUPROFILE, and an execution trace (where the wall time
// goes: goroutines waiting, GC, system calls) to PARLEY_TRACE, for
// `make bench` investigations of the real binary (docs/performance.md).
// Stacks and timings only: nothing a user typed or an agent sent lands
// in them. The returned function stops both.
func startProfile(getenv func(string) string) func() {
	stopCPU := startCPUProfile(getenv("PARLEY_CPUPROFILE"))
	stopTrace := startTrace(getenv("PARLEY_TRACE"))
	return func() {
		stopTrace()
		stopCPU()
	}
}

func startCPUProfile(path string) func() {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "parley: no CPU profile (%v); unset PARLEY_CPUPROFILE or fix the path\n", err)
		if f != nil {
			f.Close()
		}
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}

func startTrace(path string) func() {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = trace.Start(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "parley: no trace (%v); unset PARLEY_TRACE or fix the path\n", err)
		if f != nil {
			f.Close()
		}
		return func() {}
	}
	return func() {
		trace.Stop()
		f.Close()
	}
}
