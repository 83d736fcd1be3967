package cli

import (
	"fmt"
	"io"
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
	stopCPU := record(getenv, "PARLEY_CPUPROFILE", "CPU profile", pprof.StartCPUProfile, pprof.StopCPUProfile)
	stopTrace := record(getenv, "PARLEY_TRACE", "trace", trace.Start, trace.Stop)
	return func() {
		stopTrace()
		stopCPU()
	}
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
		fmt.Fprintf(os.Stderr, "parley: no %s (%v); unset %s or fix the path\n", what, err, variable)
		return func() {}
	}
	return func() {
		stop()
		f.Close()
	}
}
