//go:build unix

// Command parley-rusage runs a program and writes its wall time, CPU,
// peak resident set and peak anonymous (private) resident memory to a
// file: the measuring end of parley-bench. The kernel keeps no peak of
// the anonymous part: it is sampled from /proc every 5 ms (0 where
// /proc has no RssAnon), a lower bound of the true peak.
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
	"strconv"
	"strings"
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
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "parley-rusage:", err)
		os.Exit(127)
	}
	anon := sampleAnon(cmd.Process.Pid)
	err := cmd.Wait()
	wall := time.Since(start)
	peakAnon := anon()
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "parley-rusage:", err)
		os.Exit(127)
	}
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if ru == nil {
		ru = &syscall.Rusage{}
	}
	line := fmt.Sprintf("%d %d %d %d %d\n", wall.Nanoseconds(),
		time.Duration(ru.Utime.Nano()).Nanoseconds(), time.Duration(ru.Stime.Nano()).Nanoseconds(), ru.Maxrss<<10, peakAnon)
	if werr := os.WriteFile(os.Args[1], []byte(line), 0o600); werr != nil {
		fmt.Fprintln(os.Stderr, "parley-rusage:", werr)
		os.Exit(127)
	}
	os.Exit(cmd.ProcessState.ExitCode())
}

// sampleAnon reads the RssAnon of process pid every 5 ms until the
// returned function is called, which returns the largest seen, in bytes.
func sampleAnon(pid int) func() int64 {
	path := fmt.Sprintf("/proc/%d/status", pid)
	stop := make(chan struct{})
	peak := make(chan int64)
	go func() {
		var max int64
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			if n := rssAnon(path); n > max {
				max = n
			}
			select {
			case <-stop:
				peak <- max
				return
			case <-tick.C:
			}
		}
	}()
	return func() int64 {
		close(stop)
		return <-peak
	}
}

// rssAnon is the RssAnon line of a /proc/PID/status file, in bytes.
func rssAnon(path string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "RssAnon:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}
