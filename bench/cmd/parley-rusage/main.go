//go:build unix

// Command parley-rusage runs a program and writes its wall time, CPU and
// peak resident set to a file: the measuring end of parley-bench.
//
//	parley-rusage FILE PROGRAM ARGS...
//
// parley-bench cannot read a child's peak RSS itself. Go starts a child
// with clone(CLONE_VM|CLONE_VFORK), so until its exec the child runs in
// the parent's memory, and Linux keeps the high-water mark of the memory
// an exec leaves: the child's ru_maxrss is at least the parent's peak.
// The harness, which serves a 6 MB stream and reads its output, peaks
// above 21 MB, more than some of the figures it measures. This program
// is small (about 2 MB resident), so what it passes on is below any
// figure worth reporting. It stays out of the way otherwise: the child
// gets its standard streams and environment as they are.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: parley-rusage FILE PROGRAM ARGS...")
		os.Exit(2)
	}
	cmd := exec.Command(os.Args[2], os.Args[3:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "parley-rusage:", err)
		os.Exit(127)
	}
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if ru == nil {
		ru = &syscall.Rusage{}
	}
	line := fmt.Sprintf("%d %d %d %d\n", wall.Nanoseconds(),
		time.Duration(ru.Utime.Nano()).Nanoseconds(), time.Duration(ru.Stime.Nano()).Nanoseconds(), ru.Maxrss<<10)
	if werr := os.WriteFile(os.Args[1], []byte(line), 0o600); werr != nil {
		fmt.Fprintln(os.Stderr, "parley-rusage:", werr)
		os.Exit(127)
	}
	os.Exit(cmd.ProcessState.ExitCode())
}
