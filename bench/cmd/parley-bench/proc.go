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
}

// runProc runs argv with env added to the harness's, stdout to stdout
// (/dev/null when nil), and measures it from start to exit.
func runProc(argv []string, env []string, stdin []byte, stdout *os.File) (procRun, []byte, error) {
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
	ps := cmd.ProcessState
	r := procRun{wall: wall, cpu: ps.UserTime() + ps.SystemTime()}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		r.rss = ru.Maxrss << 10
	}
	return r, stderr.Bytes(), nil
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
	}
	return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
}

func mb(b int64) string { return fmt.Sprintf("%.1f MB", float64(b)/(1<<20)) }
