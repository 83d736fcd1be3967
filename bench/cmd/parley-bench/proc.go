//go:build linux

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"time"
)

// procRun is one run of a program to its end.
type procRun struct {
	wall time.Duration
	cpu  time.Duration // user + system
	rss  int64         // peak resident set, bytes
	anon int64         // peak anonymous resident memory, sampled (0: not known)
}

// rusageBin is parley-rusage, built by the harness: when set, runProc
// runs each program through it, so that the peak RSS is the program's
// own and not the harness's (see bench/cmd/parley-rusage).
var rusageBin string

// runProc runs argv with env added to the harness's, stdout to stdout
// (/dev/null when nil), and measures it from start to exit.
func runProc(argv []string, env []string, stdin []byte, stdout *os.File) (procRun, []byte, error) {
	var stats string
	if rusageBin != "" {
		f, err := os.CreateTemp("", "parley-rusage-")
		if err != nil {
			return procRun{}, nil, err
		}
		stats = f.Name()
		f.Close()
		defer os.Remove(stats)
		argv = append([]string{rusageBin, stats}, argv...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	if stdout == nil {
		null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err != nil {
			return procRun{}, nil, err
		}
		defer null.Close()
		stdout = null
	}
	cmd.Stdout = stdout
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return procRun{}, stderr.Bytes(), fmt.Errorf("%s: %w: %s", argv[0], err, bytes.TrimSpace(stderr.Bytes()))
	}
	if stats != "" {
		r, err := readStats(stats)
		return r, stderr.Bytes(), err
	}
	ps := cmd.ProcessState
	r := procRun{wall: wall, cpu: ps.UserTime() + ps.SystemTime()}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		r.rss = ru.Maxrss << 10
	}
	return r, stderr.Bytes(), nil
}

// readStats reads what parley-rusage wrote: wall, user and system time
// in nanoseconds, the peak RSS and the sampled peak of anonymous memory
// in bytes.
func readStats(path string) (procRun, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return procRun{}, err
	}
	var wall, user, sys, rss, anon int64
	if _, err := fmt.Sscan(string(b), &wall, &user, &sys, &rss, &anon); err != nil {
		return procRun{}, fmt.Errorf("read parley-rusage's figures %q: %w", b, err)
	}
	return procRun{wall: time.Duration(wall), cpu: time.Duration(user + sys), rss: rss, anon: anon}, nil
}

// series is one figure measured over several runs.
type series []time.Duration

func (s series) median() time.Duration {
	if len(s) == 0 {
		return 0
	}
	c := slices.Clone(s)
	slices.Sort(c)
	if len(c)%2 == 1 {
		return c[len(c)/2]
	}
	return (c[len(c)/2-1] + c[len(c)/2]) / 2
}

func (s series) String() string {
	out := ""
	for i, d := range s {
		if i > 0 {
			out += " "
		}
		out += ms(d)
	}
	return out
}

func ms(d time.Duration) string {
	switch {
	case d >= 10*time.Second:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= 10*time.Millisecond:
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	case d < time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
}

func mb(b int64) string { return fmt.Sprintf("%.1f MB", float64(b)/(1<<20)) }
