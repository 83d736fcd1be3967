//go:build linux

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/parley-a2a/parley/bench/loopback"
)

// keyChunks is the stream goal 2 types over: 100,000 chunks arriving.
const keyChunks = 100000

// keyRunes are typed one at a time during the stream. The answer is
// ASCII, so each of these shows on screen only once it is typed: the
// first frame holding it is the key's echo.
var keyRunes = []rune("абвгдежзийклмнопрстуфхцчшщыэюяαβγδεζηθικλμνξοπρστυφχψω")

// keyPace is how fast goal 2 types: a key every 80 ms, 12.5 a second,
// a fast typist's 150 words a minute. Keys at a typing pace land at any
// moment of the stream, as a person's do.
const keyPace = 80 * time.Millisecond

// keyPacedRuns is how many streams the paced keys are typed over: a
// 100,000-chunk stream lasts ~0.5 s, 6–7 keys at keyPace, so 24 runs
// give ~160 keys, and the p99 is the second slowest, not the slowest
// alone (which moves by a factor of two between rounds of one binary).
const keyPacedRuns = 24

// keys is goal 2 of issue 16: with a 100,000-chunk stream arriving, the
// time from a key typed in the composer to the frame that shows it, at
// p50, p90 and p99, typed at keyPace from the first byte streamed until
// the end is drawn. Then the same typed back to back (each key once the
// one before showed, ~100 a second: no person types so), for what input
// costs the stream: parley's streams give way to keys (session.Keyboard)
// for at most half the time.
func (h *harness) keys() error {
	paced, pacedStream, err := h.typeDuring(max(keyPacedRuns, h.tuiRuns), keyPace)
	if err != nil {
		return err
	}
	burst, burstStream, err := h.typeDuring(h.tuiRuns, 0)
	if err != nil {
		return err
	}
	g := "8 keystrokes (goal 2)"
	p50, p90, p99 := percentile(paced, 50), percentile(paced, 90), percentile(paced, 99)
	h.add(g, fmt.Sprintf("key to screen during a %d-chunk stream, a key every %s: p50", keyChunks, ms(keyPace)), ms(p50), "", nil)
	h.add(g, "key to screen: p90", ms(p90), "", nil)
	h.add(g, "key to screen: p99 (ratio to target)", fmt.Sprintf("%s (%.1f×)", ms(p99), float64(p99)/float64(33*time.Millisecond)),
		"≤ 33 ms", pass(p99 <= 33*time.Millisecond))
	h.add(g, "keys typed back to back (stress): p50 / p90 / p99", fmt.Sprintf("%s / %s / %s", ms(percentile(burst, 50)), ms(percentile(burst, 90)), ms(percentile(burst, 99))), "", nil)
	h.add(g, "the stream's time while typing: paced / back to back", fmt.Sprintf("%s / %s", ms(pacedStream.median()), ms(burstStream.median())), "", nil)
	// The p99 of a hundred keys is the slowest one or two, which move by
	// a factor of two from run to run on a shared machine; the p90 less.
	h.detail("keystrokes at %s: %d keys over %d runs; sorted %s", ms(keyPace), len(paced), max(keyPacedRuns, h.tuiRuns), paced)
	h.detail("keystrokes back to back: %d keys over %d runs; sorted %s", len(burst), h.tuiRuns, burst)
	h.detail("stream time with keys typed at %s: %s; back to back: %s", ms(keyPace), pacedStream, burstStream)
	return nil
}

// typeDuring types keys during runs streams, gap apart (0: each once the
// one before showed), and returns the latency of each key typed before
// the answer's end was drawn, sorted, and how long each stream took from
// the message sent to its end drawn.
func (h *harness) typeDuring(runs int, gap time.Duration) (lat, took series, err error) {
	for run := 0; run < runs; run++ {
		l, t, err := h.keysOnce(gap)
		if err != nil {
			return nil, nil, err
		}
		lat, took = append(lat, l...), append(took, t)
	}
	if len(lat) == 0 {
		return nil, nil, fmt.Errorf("no key was typed while the stream arrived")
	}
	slices.Sort(lat)
	return lat, took, nil
}

func percentile(sorted series, p int) time.Duration {
	i := (len(sorted)*p + 99) / 100
	return sorted[min(max(i-1, 0), len(sorted)-1)]
}

func (h *harness) keysOnce(gap time.Duration) (series, time.Duration, error) {
	srv, err := loopback.Start(loopback.Options{Dialect: loopback.V03, Chunks: keyChunks, ChunkSize: chunkSize})
	if err != nil {
		return nil, 0, err
	}
	defer srv.Close()
	r, _, err := h.agentTUI(srv.URL, "keys-")
	if err != nil {
		return nil, 0, err
	}
	defer r.stop()
	if _, err := r.quiet(300*time.Millisecond, 20*time.Second); err != nil {
		return nil, 0, err
	}
	r.markFrom(answerEnd)
	sent := time.Now()
	deadline, err := sendGo(r, srv, time.Millisecond)
	if err != nil {
		return nil, 0, err
	}
	type typed struct {
		at  time.Time
		lat time.Duration
	}
	var keys []typed
	for _, k := range keyRunes {
		if !r.marked(answerEnd).IsZero() {
			break
		}
		ch := string(k)
		r.watchFor(ch)
		at := time.Now()
		if err := r.send(ch); err != nil {
			return nil, 0, err
		}
		seen, err := r.waitSeen(ch, 10*time.Second)
		if err != nil {
			return nil, 0, fmt.Errorf("a key typed during the stream did not show: %w", err)
		}
		keys = append(keys, typed{at, seen.Sub(at)})
		for time.Until(at.Add(gap)) > 0 && r.marked(answerEnd).IsZero() {
			time.Sleep(min(time.Until(at.Add(gap)), 5*time.Millisecond))
		}
	}
	for r.marked(answerEnd).IsZero() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	drawn := r.marked(answerEnd)
	if drawn.IsZero() {
		return nil, 0, fmt.Errorf("the end of the answer was not drawn: %s", r.tail())
	}
	var lat series
	for _, k := range keys {
		if k.at.Before(drawn) {
			lat = append(lat, k.lat)
		}
	}
	return lat, drawn.Sub(sent), nil
}

// idle is goal 3 of issue 16 and goal 5 of issue 30: the TUI started,
// the agent ready, nothing streaming: over 5 s, the CPU it uses (≤ 2 ms
// a second), the frames it writes (none) and how often its threads wake
// (context switches, from /proc).
func (h *harness) idle() error {
	srv, err := loopback.Start(loopback.Options{Dialect: loopback.V03, Chunks: 1, ChunkSize: chunkSize})
	if err != nil {
		return err
	}
	defer srv.Close()
	r, cmd, err := h.agentTUI(srv.URL, "idle-")
	if err != nil {
		return err
	}
	defer r.stop()
	time.Sleep(2 * time.Second) // past any start-up animation
	pid := cmd.Process.Pid
	const span = 5 * time.Second
	cpu0, wake0 := onCPU(pid), wakeUps(pid)
	r.mu.Lock()
	reads0, out0 := len(r.reads), len(r.out)
	r.mu.Unlock()
	time.Sleep(span)
	cpu, wakes := onCPU(pid)-cpu0, wakeUps(pid)-wake0
	r.mu.Lock()
	frames := len(r.reads) - reads0
	drawn := string(r.out[out0:])
	r.mu.Unlock()
	g := "9 idle (goal 3; issue 30 goal 5)"
	h.add(g, "idle 5 s: frames written", strconv.Itoa(frames), "0", pass(frames == 0))
	h.add(g, "idle 5 s: CPU per second", ms(cpu/5), "≤ 2 ms", pass(cpu/5 <= 2*time.Millisecond))
	h.add(g, "idle 5 s: thread wake-ups per second", fmt.Sprintf("%.0f", float64(wakes)/span.Seconds()), "", nil)
	h.detail("idle: %d frames, CPU %s, %d context switches in %s", frames, ms(cpu), wakes, span)
	if drawn != "" {
		// What the idle frames drew, for whoever makes them go away.
		h.detail("idle: %d bytes drawn, starting %s", len(drawn), strconv.Quote(drawn[:min(len(drawn), 160)]))
	}
	// A key after idle: the renderer's ticker is paused then, so its
	// echo waits for a whole first tick.
	var lat series
	for _, k := range keyRunes[:idleKeys] {
		time.Sleep(idleKeyGap)
		ch := string(k)
		r.watchFor(ch)
		at := time.Now()
		if err := r.send(ch); err != nil {
			return err
		}
		seen, err := r.waitSeen(ch, 10*time.Second)
		if err != nil {
			return fmt.Errorf("a key typed at idle did not show: %w", err)
		}
		lat = append(lat, seen.Sub(at))
	}
	slices.Sort(lat)
	h.add(g, fmt.Sprintf("a key after %s idle, to screen: p50 / max", ms(idleKeyGap)), fmt.Sprintf("%s / %s", ms(percentile(lat, 50)), ms(lat[len(lat)-1])), "", nil)
	h.detail("keys after idle: sorted %s", lat)
	return nil
}

// idleKeys are typed at idle, idleKeyGap apart: longer than the TUI keeps
// its renderer ticking after a frame (ui/renderpause), so each finds
// it paused.
const (
	idleKeys   = 9
	idleKeyGap = time.Second
)

// wakeUps is the context switches of all of a process's threads so far:
// each is a thread going to sleep or being put off the CPU.
func wakeUps(pid int) int64 {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/status", pid))
	var n int64
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.HasSuffix(k, "ctxt_switches") {
				c, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
				n += c
			}
		}
	}
	return n
}
