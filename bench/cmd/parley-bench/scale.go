//go:build linux

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"time"

	"github.com/parley-a2a/parley/bench/loopback"
)

// scaleArtifacts is the answer of issue 30: this many distinct artifacts
// of one character each, every one whole and sealed (~12 MB of SSE).
const scaleArtifacts = 100000

// Bounds of issue 30, goals 1 and 2.
const (
	scaleSendRSS  = 64 << 20
	scaleSendWall = 10 * time.Second
	scaleTUIRSS   = 96 << 20
	scaleTUIFirst = time.Second
	// scaleTUISettle is when the TUI's resident set is read: what it
	// holds once the conversation is open, not a moment of its loading.
	scaleTUISettle = 3 * time.Second
)

// scale is issue 30's measure: `parley send` (text and --json) taking
// an answer of 100,000 distinct one-character artifacts, then that
// recorded conversation opened in the TUI and shown by `parley contexts
// show`. Every figure is the process's own peak resident set (through
// parley-rusage or VmHWM), the memory a user sees it take.
func (h *harness) scale() error {
	srv, err := loopback.Start(loopback.Options{Dialect: loopback.V03, Chunks: scaleArtifacts, ChunkSize: 1, Distinct: true})
	if err != nil {
		return err
	}
	defer srv.Close()
	dir, err := os.MkdirTemp(h.tmp, "scale-")
	if err != nil {
		return err
	}
	env := []string{"XDG_DATA_HOME=" + filepath.Join(dir, "data"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config")}
	g := "8 scale (issue 30)"
	runs := max(min(h.runs, 3), 1)
	h.detail("scale: %d distinct one-character artifacts, %s of SSE; sends run %d times each, median (max)",
		scaleArtifacts, mb(int64(len(srv.StreamBody()))), runs)

	var id int64
	for _, json := range []bool{false, true} {
		argv := []string{h.parley, "send", srv.URL, "go"}
		name := "parley send (text)"
		if json {
			argv = []string{h.parley, "send", "--json", srv.URL, "go"}
			name = "parley send --json"
		}
		var wall, rss, anon series
		for i := 0; i < runs; i++ {
			p, n, err := h.scaleSend(argv, env, dir, json)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			id = n
			wall, rss, anon = append(wall, p.wall), append(rss, time.Duration(p.rss)), append(anon, time.Duration(p.anon))
		}
		peak := int64(slicesMax(rss))
		h.add(g, name+": peak RSS", fmt.Sprintf("%s (max %s, %.2f× bound)", mb(int64(rss.median())), mb(peak), float64(rss.median())/scaleSendRSS),
			"≤ 64 MB", pass(peak <= scaleSendRSS))
		h.add(g, name+": peak anonymous memory (sampled)", mb(int64(anon.median())), "", nil)
		h.add(g, name+": wall", ms(wall.median()), "< 10 s", pass(wall.median() < scaleSendWall))
		h.detail("scale: %s: wall %s, peak RSS %s, peak anonymous memory (sampled every 5 ms) %s", name, wall, mbSeries(rss), mbSeries(anon))
	}

	tui, err := h.scaleTUI(dir, id)
	if err != nil {
		return fmt.Errorf("parley --context %d: %w", id, err)
	}
	h.add(g, "parley --context (100k items): exec to first frame", ms(tui.first), "< 1 s", pass(tui.first < scaleTUIFirst))
	h.add(g, "parley --context: RSS after 3 s (peak)", fmt.Sprintf("%s (%s, %.2f× bound)", mb(tui.settled), mb(tui.peak), float64(tui.peak)/scaleTUIRSS),
		"≤ 96 MB", pass(tui.peak <= scaleTUIRSS))
	h.add(g, "parley --context: anonymous (private) memory after 3 s", mb(tui.anon), "", nil)
	to := "to the end"
	if !tui.reached {
		to = "not reaching the end"
	}
	h.add(g, fmt.Sprintf("parley --context: peak RSS scrolling from the top (%d pages down, %s)", tui.pages, to),
		fmt.Sprintf("%s (RSS at the end %s, %.2f× bound)", mb(tui.scrollPeak), mb(tui.scrolled), float64(tui.scrollPeak)/scaleTUIRSS),
		"≤ 96 MB", pass(tui.scrollPeak <= scaleTUIRSS))

	show := []string{h.parley, "contexts", "show", strconv.FormatInt(id, 10)}
	var sw, srss series
	for i := 0; i < runs; i++ {
		p, _, err := runProc(show, env, nil, nil)
		if err != nil {
			return err
		}
		sw, srss = append(sw, p.wall), append(srss, time.Duration(p.rss))
	}
	h.add(g, "parley contexts show (100k items): peak RSS", mb(int64(srss.median())), "", nil)
	h.detail("scale: contexts show %d: wall %s, peak RSS %s", id, sw, mbSeries(srss))
	return h.scaleLong(g, runs)
}

// savedAs finds the stored context's number in what parley send says.
var savedAs = regexp.MustCompile(`saved as context (\d+)`)

// scaleSend runs one send with its output kept in dir, checks it is the
// whole exchange (the text: the answer's last character and the task
// completed; --json: a result line listing every artifact) and returns
// the run and the context it was saved as.
func (h *harness) scaleSend(argv, env []string, dir string, asJSON bool) (procRun, int64, error) {
	outPath := filepath.Join(dir, "out")
	out, err := os.Create(outPath)
	if err != nil {
		return procRun{}, 0, err
	}
	p, stderr, err := runProc(argv, env, nil, out)
	out.Close()
	if err != nil {
		return p, 0, err
	}
	m := savedAs.FindSubmatch(stderr)
	if m == nil {
		return p, 0, fmt.Errorf("it did not record the conversation: %s", bytes.TrimSpace(stderr))
	}
	id, _ := strconv.ParseInt(string(m[1]), 10, 64)
	if asJSON {
		return p, id, checkScaleJSON(outPath)
	}
	b, err := os.ReadFile(outPath)
	if err != nil {
		return p, id, err
	}
	if !bytes.Contains(b, []byte(loopback.EndMarker[len(loopback.EndMarker)-1:])) || !bytes.Contains(b, []byte("completed")) {
		return p, id, fmt.Errorf("its text output (%d bytes) does not end with the task completed", len(b))
	}
	return p, id, nil
}

// checkScaleJSON checks that the last line of a --json send is a
// completed result listing all the artifacts.
func checkScaleJSON(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 256<<20)
	var last []byte
	for sc.Scan() {
		last = append(last[:0], sc.Bytes()...)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	var res struct {
		Type, State string
		Artifacts   []json.RawMessage
	}
	if err := json.Unmarshal(last, &res); err != nil {
		return fmt.Errorf("its last line is not JSON: %w", err)
	}
	if res.Type != "result" || res.State != "completed" || len(res.Artifacts) != scaleArtifacts {
		return fmt.Errorf("it ended %s/%s listing %d artifacts, want a completed result listing %d", res.Type, res.State, len(res.Artifacts), scaleArtifacts)
	}
	return nil
}

// tuiScale is what scaleTUI measured.
type tuiScale struct {
	first                time.Duration
	settled, anon, peak  int64
	pages                int
	reached              bool // the scroll reached the last item
	scrolled, scrollPeak int64
}

// scaleTUI opens stored context id in the TUI at 120×40 and measures the
// time from exec to the frame showing the task completed (the end of the
// conversation, where it opens), its resident set 3 s after exec, and
// its anonymous part (the heap and stacks, not the binary's pages), and
// its peak resident set by then. Then it scrolls: the chat's top key,
// and page down to the last item (for at most scaleScroll), which
// crosses every window of the transcript; the peak resident set by its
// end and the resident set then.
func (h *harness) scaleTUI(dir string, id int64) (m tuiScale, err error) {
	cmd := exec.Command(h.parley, "--context", strconv.FormatInt(id, 10))
	cmd.Env = tuiEnv(dir)
	r, err := startPTY(cmd, tuiCols, tuiRows)
	if err != nil {
		return m, err
	}
	defer r.stop()
	at, err := r.waitFromStart("completed", 30*time.Second)
	if err != nil {
		return m, err
	}
	m.first = at.Sub(r.start)
	time.Sleep(time.Until(r.start.Add(scaleTUISettle)))
	pid := cmd.Process.Pid
	m.settled, m.anon, m.peak = procStatus(pid, "VmRSS:"), procStatus(pid, "RssAnon:"), peakRSS(pid)
	// tab: the chat has the keys; g: its first item. Then pages down
	// until the task's closing status line ("completed · 3s", not the
	// task list's "completed") shows: the transcript's last item.
	if err := r.send("\tg"); err != nil {
		return m, err
	}
	if _, err := r.quiet(300*time.Millisecond, 10*time.Second); err != nil {
		return m, err
	}
	r.markFrom("completed ·")
	for end := time.Now().Add(scaleScroll); time.Now().Before(end) && r.marked("completed ·").IsZero(); m.pages++ {
		if err := r.send("\x1b[6~"); err != nil {
			return m, err
		}
		time.Sleep(time.Millisecond)
	}
	if _, err := r.quiet(500*time.Millisecond, 30*time.Second); err != nil {
		return m, err
	}
	m.reached = !r.marked("completed ·").IsZero()
	m.scrolled, m.scrollPeak = procStatus(pid, "VmRSS:"), peakRSS(pid)
	return m, nil
}

// scaleScroll is the longest the TUI's scroll through the conversation
// pages down.
const scaleScroll = 40 * time.Second

func slicesMax(s series) time.Duration {
	var m time.Duration
	for _, d := range s {
		m = max(m, d)
	}
	return m
}
