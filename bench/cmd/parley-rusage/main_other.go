//go:build !unix

// Command parley-rusage reads a child's rusage, which only Unix keeps;
// elsewhere it says so.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "parley-rusage: a child's peak RSS comes from Unix's rusage; run make bench on Linux")
	os.Exit(1)
}
