package cli

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// startProfile writes a CPU profile of the whole process to the file
// named by PARLEY_CPUPROFILE, for `make bench` investigations of the real
// binary (docs/performance.md). Stack samples only: nothing a user typed
// or an agent sent lands in it. The returned function stops it.
func startProfile(getenv func(string) string) func() {
	path := getenv("PARLEY_CPUPROFILE")
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
