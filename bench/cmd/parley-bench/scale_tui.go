//go:build linux

package main

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/parley-a2a/parley/bench/loopback"
)

// Issue 30, goal 2: the TUI streaming a long answer in one artifact.
const (
	scaleTUILongRSS = 128 << 20
	// scaleTUILongWait is the longest the harness waits for the end of
	// the answer to be drawn before it reports it was not.
	scaleTUILongWait = 5 * time.Minute
)

// tuiLong is what tuiLongStream measured.
type tuiLong struct {
	drawn      bool          // the answer's last paragraph and the task's last status showed
	shown      time.Duration // from enter to that frame
	peak       int64         // VmHWM once parley settled (or gave up)
	anon       int64         // peak anonymous memory, sampled every 20 ms
	cpu        time.Duration // parley's CPU from enter to settled
	frames     int
	servedWall time.Duration // from the first byte streamed to the last
}

// scaleTUILongs is the TUI taking the 100,000-chunk answer and the
// 1,000,000-chunk one (100 bytes a chunk, one artifact).
func (h *harness) scaleTUILongs() error {
	g := "8 scale (issue 30)"
	for _, n := range []int{longChunks / 10, longChunks} {
		if err := h.scaleTUILong(g, n, longChunk); err != nil {
			return err
		}
	}
	return nil
}

// scaleTUILong is the TUI (`parley --agent URL` in a pty at 120×40)
// sending one message to an agent whose answer is chunks chunks of size
// bytes in one artifact and taking it whole: its peak resident set, its
// peak anonymous memory, the time from enter to the end drawn, and
// whether the end is drawn at all.
func (h *harness) scaleTUILong(g string, chunks, size int) error {
	m, err := h.tuiLongStream(chunks, size)
	if err != nil {
		return fmt.Errorf("the TUI taking %d chunks: %w", chunks, err)
	}
	name := fmt.Sprintf("TUI streaming %s chunks of %d B in one artifact", commas(chunks), size)
	drawn := "the end drawn in " + ms(m.shown)
	if !m.drawn {
		drawn = "the end NOT drawn"
	}
	h.add(g, name+": peak RSS", fmt.Sprintf("%s (%.2f× bound; %s)", mb(m.peak), float64(m.peak)/scaleTUILongRSS, drawn),
		"≤ 128 MB", pass(m.drawn && m.peak <= scaleTUILongRSS))
	h.add(g, name+": peak anonymous memory (sampled)", mb(m.anon), "", nil)
	h.detail("scale: %s: enter to the end drawn %s (drawn: %v), served in %s, CPU %s, %d frames, peak RSS %s, peak anonymous %s",
		name, ms(m.shown), m.drawn, ms(m.servedWall), ms(m.cpu), m.frames, mb(m.peak), mb(m.anon))
	return nil
}

// tuiLongStream runs one such stream.
func (h *harness) tuiLongStream(chunks, size int) (res tuiLong, err error) {
	srv, clock, err := startClocked(chunks, size)
	if err != nil {
		return res, err
	}
	defer srv.Close()
	r, cmd, err := h.agentTUI(srv.URL, "tui-long-")
	if err != nil {
		return res, err
	}
	defer r.stop()
	if _, err := r.quiet(300*time.Millisecond, 20*time.Second); err != nil {
		return res, err
	}
	pid := cmd.Process.Pid
	// The anonymous memory is sampled: VmHWM has no anonymous twin.
	var anon atomic.Int64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if a := procStatus(pid, "RssAnon:"); a > anon.Load() {
				anon.Store(a)
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	defer func() { close(stop); <-sampled; res.anon = anon.Load() }()

	// The end of the answer is its last paragraph, then the task's last
	// status: both looked for in what is drawn after enter.
	r.markFrom(loopback.EndMarker)
	r.markFrom(answerEnd)
	cpu0 := cpuTime(pid)
	if err := r.send("go"); err != nil {
		return res, err
	}
	time.Sleep(50 * time.Millisecond) // let the composer take the text before enter
	enter := time.Now()
	if err := r.send("\r"); err != nil {
		return res, err
	}
	// Wait for the task's last status, then for parley to settle: the
	// end is drawn if its last paragraph showed by then (a pane that
	// shows only the front of a long item never draws it).
	deadline := enter.Add(scaleTUILongWait)
	for r.marked(answerEnd).IsZero() && time.Now().Before(deadline) {
		select {
		case <-r.done:
			return res, fmt.Errorf("parley ended before drawing the end: %s", r.tail())
		case <-time.After(50 * time.Millisecond):
		}
	}
	_, _ = r.quiet(500*time.Millisecond, time.Until(deadline)+time.Minute)
	if a, b := r.marked(loopback.EndMarker), r.marked(answerEnd); !a.IsZero() && !b.IsZero() {
		if b.Before(a) {
			b = a
		}
		res.drawn, res.shown = true, b.Sub(enter)
	}
	res.cpu = cpuTime(pid) - cpu0
	res.peak = peakRSS(pid)
	t0, t1 := clock.times()
	res.servedWall = t1.Sub(t0)
	_, res.frames = r.maxGap(enter, time.Now())
	return res, nil
}

// commas writes n with thousands separated by commas.
func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
