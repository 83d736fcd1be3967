//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/parley-a2a/parley/bench/loopback"
)

// Terminal size of the TUI runs.
const tuiCols, tuiRows = 120, 40

// tuiStream is the TUI taking in one stream in a pty.
type tuiStream struct {
	cpu    time.Duration // from the message sent until parley settles
	served time.Duration // from the first byte streamed to the last
	shown  time.Duration // from the first byte streamed to the frame showing the task completed
	gap    time.Duration // longest time between two frames in that span
	frames int
	rss    int64 // VmHWM once parley settles
}

// tuiStream runs `parley --agent URL` at 120×40, sends a message and
// waits for the whole answer to be drawn.
func (h *harness) tuiStream(chunks, size int) (tuiStream, error) {
	var res tuiStream
	srv, clock, err := startClocked(chunks, size)
	if err != nil {
		return res, err
	}
	defer srv.Close()
	r, cmd, err := h.agentTUI(srv.URL, "tui-")
	if err != nil {
		return res, err
	}
	defer r.stop()
	if _, err := r.quiet(300*time.Millisecond, 20*time.Second); err != nil {
		return res, err
	}
	// The frame that shows the end of the answer: the task's last status,
	// which comes after the last chunk.
	r.watchFor(answerEnd)
	pid := cmd.Process.Pid
	cpu0 := cpuTime(pid)
	deadline, err := sendGo(r, srv, 5*time.Millisecond)
	if err != nil {
		return res, err
	}
	last, err := r.waitSeen(answerEnd, time.Until(deadline))
	if err != nil {
		return res, fmt.Errorf("the end of the answer was not drawn: %w", err)
	}
	// The CPU counts until parley has drawn nothing and used no CPU for
	// half a second: the stream taken in, recorded and drawn.
	if _, err := r.quiet(500*time.Millisecond, time.Until(deadline)); err != nil {
		return res, err
	}
	t0, t1 := clock.times()
	res.served = t1.Sub(t0)
	res.cpu = cpuTime(pid) - cpu0
	res.shown = last.Sub(t0)
	res.gap, res.frames = r.maxGap(t0, last)
	res.rss = peakRSS(pid)
	return res, nil
}

// answerEnd is the frame that shows the end of the loopback agent's
// answer: the task's last status, which comes after the last chunk.
const answerEnd = "✓ completed"

// agentTUI starts `parley --agent url` at 120×40 in a pty, with folders
// of its own in a new directory named after prefix, and waits until the
// agent shows as ready. The caller stops it.
func (h *harness) agentTUI(url, prefix string) (*ptyRun, *exec.Cmd, error) {
	dir, err := os.MkdirTemp(h.tmp, prefix)
	if err != nil {
		return nil, nil, err
	}
	cmd := exec.Command(h.parley, "--agent", url)
	cmd.Env = tuiEnv(dir)
	r, err := startPTY(cmd, tuiCols, tuiRows)
	if err != nil {
		return nil, nil, err
	}
	if _, err := r.waitFromStart("Loopback bench agent", 20*time.Second); err != nil {
		r.stop()
		return nil, nil, fmt.Errorf("the agent did not show as ready: %w", err)
	}
	return r, cmd, nil
}

// sendGo types "go" and enter in the composer and waits, polling every
// poll, until srv serves the stream. The deadline it returns bounds the
// rest of the run: two minutes from the message sent.
func sendGo(r *ptyRun, srv *loopback.Server, poll time.Duration) (deadline time.Time, err error) {
	if err := r.send("go"); err != nil {
		return deadline, err
	}
	time.Sleep(50 * time.Millisecond) // let the composer take the text before enter
	if err := r.send("\r"); err != nil {
		return deadline, err
	}
	deadline = time.Now().Add(120 * time.Second)
	for srv.Streams() == 0 && time.Now().Before(deadline) {
		time.Sleep(poll)
	}
	if srv.Streams() == 0 {
		return deadline, fmt.Errorf("parley did not send the message: %s", r.tail())
	}
	return deadline, nil
}

// tuiEnv is the environment of a TUI run: its own XDG folders (an empty
// config, a fresh store), a colour terminal.
func tuiEnv(dir string) []string {
	env := []string{}
	for _, kv := range os.Environ() {
		switch {
		case hasPrefix(kv, "XDG_"), hasPrefix(kv, "TERM="), hasPrefix(kv, "COLORTERM="), hasPrefix(kv, "NO_COLOR="),
			hasPrefix(kv, "TMUX"), hasPrefix(kv, "STY="): // not in tmux or screen: the pty is the terminal
			continue
		}
		env = append(env, kv)
	}
	return append(env, "TERM=xterm-256color", "COLORTERM=truecolor",
		"XDG_DATA_HOME="+filepath.Join(dir, "data"), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
}

func hasPrefix(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }

// tui runs target 2 (the TUI under the 20,000-chunk stream) and the
// 5 MB answer of target 5.
func (h *harness) tui() error {
	var cpu, served, shown, gap, rsss series
	var rss int64
	frames := 0
	for i := 0; i < h.tuiRuns; i++ {
		s, err := h.tuiStream(h.chunks, chunkSize)
		if err != nil {
			return err
		}
		cpu, shown, gap = append(cpu, s.cpu), append(shown, s.shown), append(gap, s.gap)
		served = append(served, s.served)
		rss = max(rss, s.rss)
		rsss = append(rsss, time.Duration(s.rss))
		frames = s.frames
	}
	g := "2 TUI, 20k chunks"
	h.add(g, "CPU while streaming", ms(cpu.median()), "< 1 s", pass(cpu.median() < time.Second))
	// Issue 16, goal 1: the TUI taking in this stream at most 45 MB.
	h.add(g, "peak RSS (ratio to target)", fmt.Sprintf("%s (%.2f×)", mb(rss), float64(rss)/float64(45<<20)), "≤ 45 MB", pass(rss <= 45<<20))
	h.add(g, "longest gap between frames", ms(gap.median()), "", nil)
	h.add(g, "first byte to the end drawn", ms(shown.median()), "", nil)
	h.detail("TUI 20k chunks × %d B at %d×%d: CPU %s; peak RSS %s; served in %s; shown in %s; longest frame gap %s; %d frames in the last run",
		chunkSize, tuiCols, tuiRows, cpu, mbSeries(rsss), served, shown, gap, frames)

	const big = 5 << 20
	bigChunk := (big + h.chunks - 1) / h.chunks
	s, err := h.tuiStream(h.chunks, bigChunk)
	if err != nil {
		return err
	}
	g = "5 memory"
	h.add(g, "peak RSS after a 5 MB streamed answer", mb(s.rss), "< 150 MB", pass(s.rss < 150<<20))
	h.detail("TUI 5 MB answer (%d chunks × %d B): CPU %s, shown in %s, longest frame gap %s",
		h.chunks, bigChunk, ms(s.cpu), ms(s.shown), ms(s.gap))
	return nil
}
