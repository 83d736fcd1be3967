//go:build linux

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"github.com/charmbracelet/x/ansi"
)

// ptyRun is a program running in a pseudo-terminal of a fixed size, its
// output read as it comes and each read timestamped: a read is (part
// of) a frame, so the gaps between reads are the gaps between frames.
type ptyRun struct {
	cmd    *exec.Cmd
	master *os.File
	start  time.Time

	mu    sync.Mutex
	out   []byte
	reads []ptyRead
	// watch is a string looked for in the output with the escape
	// sequences taken out, and when it was first seen.
	watch   string
	scanned int // bytes of out already searched (minus an overlap)
	seenAt  time.Time
	seenCPU time.Duration // the program's CPU when the string showed
	// marks are strings looked for besides watch, each with when it
	// first showed (zero until then), from when it was marked.
	marks map[string]*mark
	done  chan struct{}
}

type ptyRead struct {
	at time.Time
	n  int
}

// startPTY starts cmd in a new pty of cols×rows. The program gets the
// pty as its controlling terminal, as in a real terminal window.
func startPTY(cmd *exec.Cmd, cols, rows int) (*ptyRun, error) {
	master, slaveName, err := openPTY()
	if err != nil {
		return nil, err
	}
	ws := struct{ row, col, x, y uint16 }{uint16(rows), uint16(cols), 0, 0}
	if err := ioctl(master.Fd(), syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&ws))); err != nil {
		master.Close()
		return nil, fmt.Errorf("set the pty size: %w", err)
	}
	slave, err := os.OpenFile(slaveName, os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		return nil, err
	}
	defer slave.Close()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	r := &ptyRun{cmd: cmd, master: master, done: make(chan struct{})}
	r.start = time.Now()
	if err := cmd.Start(); err != nil {
		master.Close()
		return nil, err
	}
	go r.read()
	return r, nil
}

func openPTY() (*os.File, string, error) {
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, "", fmt.Errorf("open a pty: %w", err)
	}
	var unlock int32
	if err := ioctl(master.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); err != nil {
		master.Close()
		return nil, "", fmt.Errorf("unlock the pty: %w", err)
	}
	var n uint32
	if err := ioctl(master.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); err != nil {
		master.Close()
		return nil, "", fmt.Errorf("name the pty: %w", err)
	}
	return master, "/dev/pts/" + strconv.Itoa(int(n)), nil
}

func ioctl(fd, req, arg uintptr) error {
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, req, arg); e != 0 {
		return e
	}
	return nil
}

func (r *ptyRun) read() {
	defer close(r.done)
	buf := make([]byte, 64<<10)
	for {
		n, err := r.master.Read(buf)
		now := time.Now()
		if n > 0 {
			r.mu.Lock()
			r.out = append(r.out, buf[:n]...)
			r.reads = append(r.reads, ptyRead{at: now, n: n})
			r.look(now)
			r.mu.Unlock()
		}
		if err != nil {
			return // EIO once the program has exited
		}
	}
}

// look searches the new output for the watched string. Escape sequences
// are stripped from a window that overlaps the last search, so a string
// split across reads is still found. Caller holds mu.
func (r *ptyRun) look(now time.Time) {
	for s, m := range r.marks {
		if m.at.IsZero() && strings.Contains(ansi.Strip(string(r.out[max(m.scanned-4096, m.from):])), s) {
			m.at = now
		}
		m.scanned = len(r.out)
	}
	if r.watch == "" || !r.seenAt.IsZero() {
		return
	}
	from := max(r.scanned-4096, 0)
	if strings.Contains(ansi.Strip(string(r.out[from:])), r.watch) {
		r.seenAt, r.seenCPU = now, cpuTime(r.cmd.Process.Pid)
	}
	r.scanned = len(r.out)
}

// mark is a string looked for in the output from some point on.
type mark struct {
	from    int // where the output looked in starts: nothing before counts
	scanned int
	at      time.Time
}

// markFrom starts looking for s in the output written from now on,
// beside what watchFor looks for.
func (r *ptyRun) markFrom(s string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.marks == nil {
		r.marks = map[string]*mark{}
	}
	r.marks[s] = &mark{from: len(r.out), scanned: len(r.out)}
}

// marked is when s, marked with markFrom, first showed; zero if not yet.
func (r *ptyRun) marked(s string) time.Time {
	r.mu.Lock()
	defer r.mu.Unlock()
	if m := r.marks[s]; m != nil {
		return m.at
	}
	return time.Time{}
}

// waitFor waits until s shows in the output (written after any output
// so far) and returns when it was read.
func (r *ptyRun) waitFor(s string, timeout time.Duration) (time.Time, error) {
	r.watchFor(s)
	return r.waitSeen(s, timeout)
}

// watchFor starts looking for s in the output written from now on.
func (r *ptyRun) watchFor(s string) {
	r.mu.Lock()
	r.watch, r.seenAt = s, time.Time{}
	r.scanned = len(r.out)
	r.mu.Unlock()
}

// waitSeen waits for what watchFor looks for.
func (r *ptyRun) waitSeen(s string, timeout time.Duration) (time.Time, error) {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		r.mu.Lock()
		at := r.seenAt
		r.mu.Unlock()
		if !at.IsZero() {
			return at, nil
		}
		select {
		case <-r.done:
			return time.Time{}, fmt.Errorf("the program ended before showing %q: %s", s, r.tail())
		case <-time.After(2 * time.Millisecond):
		}
	}
	return time.Time{}, fmt.Errorf("%q did not show within %s: %s", s, timeout, r.tail())
}

// waitFromStart is waitFor for a string that may already have shown.
func (r *ptyRun) waitFromStart(s string, timeout time.Duration) (time.Time, error) {
	r.mu.Lock()
	r.scanned = 0
	r.watch, r.seenAt = s, time.Time{}
	r.look(time.Now())
	at := r.seenAt
	if !at.IsZero() {
		// Already there: find the read that brought it. The CPU then
		// is not known; seenCPU, read now, is an upper bound.
		at = r.firstReadShowing(s)
	}
	r.mu.Unlock()
	if !at.IsZero() {
		return at, nil
	}
	return r.waitFor(s, timeout)
}

// shows says whether s is anywhere in the output so far.
func (r *ptyRun) shows(s string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Contains(ansi.Strip(string(r.out)), s)
}

// firstReadShowing is the time of the first read after which the output
// holds s. Caller holds mu.
func (r *ptyRun) firstReadShowing(s string) time.Time {
	end := 0
	for _, rd := range r.reads {
		end += rd.n
		if strings.Contains(ansi.Strip(string(r.out[:end])), s) {
			return rd.at
		}
	}
	return time.Time{}
}

// quiet waits until no output has come for d and the program has used
// no CPU in that time, and returns when the last output was read.
func (r *ptyRun) quiet(d, timeout time.Duration) (time.Time, error) {
	deadline := time.Now().Add(timeout)
	lastCPU, cpuAt := cpuTime(r.cmd.Process.Pid), time.Now()
	for time.Now().Before(deadline) {
		time.Sleep(d / 8)
		if c := cpuTime(r.cmd.Process.Pid); c != lastCPU {
			lastCPU, cpuAt = c, time.Now()
		}
		r.mu.Lock()
		var last time.Time
		if len(r.reads) > 0 {
			last = r.reads[len(r.reads)-1].at
		}
		r.mu.Unlock()
		now := time.Now()
		if now.Sub(last) >= d && now.Sub(cpuAt) >= d {
			return last, nil
		}
	}
	return time.Time{}, fmt.Errorf("the program did not settle within %s", timeout)
}

// maxGap is the longest time between two reads in [from, to].
func (r *ptyRun) maxGap(from, to time.Time) (gap time.Duration, frames int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	prev := from
	for _, rd := range r.reads {
		if rd.at.Before(from) || rd.at.After(to) {
			continue
		}
		gap = max(gap, rd.at.Sub(prev))
		if rd.at.Sub(prev) > time.Millisecond {
			frames++
		}
		prev = rd.at
	}
	return gap, frames
}

func (r *ptyRun) tail() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := strings.Join(strings.Fields(ansi.Strip(string(r.out))), " ")
	if len(s) > 300 {
		s = "…" + s[len(s)-300:]
	}
	return strconv.Quote(s)
}

func (r *ptyRun) send(keys string) error {
	_, err := r.master.Write([]byte(keys))
	return err
}

// stop quits the program with ctrl+c, killing it if it does not end.
func (r *ptyRun) stop() *os.ProcessState {
	r.send("\x03")
	exited := make(chan struct{})
	go func() {
		r.cmd.Wait()
		close(exited)
	}()
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		r.cmd.Process.Kill()
		<-exited
	}
	r.master.Close()
	<-r.done
	return r.cmd.ProcessState
}

// cpuTime is the CPU a process has used, user and system, from
// /proc/PID/stat (in clock ticks of 10 ms).
func cpuTime(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name may hold spaces; the fields after it do not.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// onCPU is the time all of a process's threads have run so far, to the
// nanosecond (the first field of each /proc/PID/task/TID/schedstat):
// cpuTime counts in 10 ms clock ticks, too coarse for an idle second.
func onCPU(pid int) time.Duration {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	var ns int64
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue
		}
		if f := strings.Fields(string(b)); len(f) > 0 {
			n, _ := strconv.ParseInt(f[0], 10, 64)
			ns += n
		}
	}
	return time.Duration(ns)
}

// peakRSS is a process's peak resident set (VmHWM), in bytes.
func peakRSS(pid int) int64 { return procStatus(pid, "VmHWM:") }

// procStatus is a size in /proc/PID/status (VmRSS:, VmHWM:, RssAnon:…),
// in bytes; 0 if the process or the line is gone.
func procStatus(pid int, key string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, key); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}
