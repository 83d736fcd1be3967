//go:build !linux

// Command parley-bench measures through /proc and Linux pseudo-terminals;
// elsewhere it says so.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "parley-bench: the harness reads /proc and opens Linux pseudo-terminals; run make bench on Linux (make bench-go runs the Go benchmarks anywhere)")
	os.Exit(1)
}
