//go:build linux

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// ingest measures `parley send --json URL TEXT` taking in the stream end
// to end — the real binary, recording into a store of its own, stdout to
// /dev/null — against curl reading the same bytes.
func (h *harness) ingest(d loopback.Dialect) error {
	srv, err := loopback.Start(loopback.Options{Dialect: d, Chunks: h.chunks, ChunkSize: chunkSize})
	if err != nil {
		return err
	}
	defer srv.Close()
	events := h.chunks + 2
	dir, err := os.MkdirTemp(h.tmp, "ingest-")
	if err != nil {
		return err
	}
	env := []string{"XDG_DATA_HOME=" + filepath.Join(dir, "data"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config")}
	reqFile := filepath.Join(dir, "request.json")
	if err := os.WriteFile(reqFile, srv.StreamRequest(), 0o600); err != nil {
		return err
	}
	curl := []string{"curl", "-sN", "-o", os.DevNull, "-X", "POST", "-H", "Content-Type: application/json",
		"-H", "Accept: text/event-stream", "--data-binary", "@" + reqFile, srv.URL + "/"}
	send := []string{h.parley, "send", "--json", srv.URL, "go"}

	// One run to check the figures are of a real exchange: every event
	// printed, the whole answer assembled and recorded. It also creates
	// the store, as a user's would already exist.
	if err := h.checkSend(send, env, dir, srv, events); err != nil {
		return err
	}
	if _, _, err := runProc(curl, nil, nil, nil); err != nil {
		return fmt.Errorf("curl (the floor) failed; is curl installed? %w", err)
	}
	fixed, err := h.fixedCost(d, env)
	if err != nil {
		return err
	}
	// a2a-go's CLI speaks v1.0 only.
	var peer []string
	var peerWall, peerCPU series
	if d == loopback.V10 {
		bin, err := h.buildPeer()
		if err != nil {
			h.detail("a2a-go's CLI not measured: %v", err)
		} else {
			peer = []string{bin, "send", srv.URL, "--stream", "-o", "json", "go"}
		}
	}
	var curlWall, curlCPU, wall, cpu, rssRuns, peerRSS series
	var rss int64
	for i := 0; i < h.runs; i++ {
		// Interleaved, so a burst of load elsewhere hits all alike.
		c, _, err := runProc(curl, nil, nil, nil)
		if err != nil {
			return err
		}
		curlWall, curlCPU = append(curlWall, c.wall), append(curlCPU, c.cpu)
		p, stderr, err := runProc(send, env, nil, nil)
		if err != nil {
			return err
		}
		if err := recorded(stderr); err != nil {
			return err
		}
		wall, cpu = append(wall, p.wall), append(cpu, p.cpu)
		rss = max(rss, p.rss)
		rssRuns = append(rssRuns, time.Duration(p.rss))
		if peer != nil {
			a, _, err := runProc(peer, nil, nil, nil)
			if err != nil {
				return fmt.Errorf("a2a-go's CLI on the stream: %w", err)
			}
			peerWall, peerCPU = append(peerWall, a.wall), append(peerCPU, a.cpu)
			peerRSS = append(peerRSS, time.Duration(a.rss))
		}
	}
	group := "1 ingest " + string(d)
	ratio := float64(wall.median()) / float64(curlWall.median())
	rate := float64(events) / wall.median().Seconds()
	h.add(group, "curl -sN floor: wall (CPU)", fmt.Sprintf("%s (%s)", ms(curlWall.median()), ms(curlCPU.median())), "", nil)
	h.add(group, "parley send --json: wall (CPU)", fmt.Sprintf("%s (%s)", ms(wall.median()), ms(cpu.median())), "", nil)
	// Information only: the 1.3× curl target is dropped (issue 16), as
	// parley's start-up alone is longer than curl's whole run.
	h.add(group, "wall, parley / curl (information)", fmt.Sprintf("%.1f×", ratio), "", nil)
	h.add(group, "events/s, recording included", fmt.Sprintf("%.0f", rate), "≥ 60000", pass(rate >= 60000))
	// Where the wall time goes: the process starting (package init of
	// everything linked, the TUI's dependencies included), one exchange
	// of a single chunk (card, store, send, record, exit), and the rest
	// per event.
	perEvent := (wall.median() - fixed.send.median()) / time.Duration(events-3)
	h.add(group, "of which: parley --version (start-up)", fmt.Sprintf("%s = %.1f× curl", ms(fixed.start.median()),
		float64(fixed.start.median())/float64(curlWall.median())), "", nil)
	h.add(group, "of which: a 1-chunk send (fixed cost)", ms(fixed.send.median()), "", nil)
	h.add(group, "of which: per event beyond that", fmt.Sprintf("%.2f µs", float64(perEvent.Nanoseconds())/1000), "", nil)
	h.add(group, "peak RSS of parley send (median, max)", fmt.Sprintf("%s, %s", mb(int64(rssRuns.median())), mb(rss)), "", nil)
	if peer != nil {
		// The other A2A terminal client on the same stream; it does not
		// record, parley does.
		r := float64(wall.median()) / float64(peerWall.median())
		rc := float64(cpu.median()) / float64(peerCPU.median())
		rm := float64(rssRuns.median()) / float64(peerRSS.median())
		h.add(group, "a2a-go's CLI (a2a send --stream -o json): wall (CPU)", fmt.Sprintf("%s (%s)", ms(peerWall.median()), ms(peerCPU.median())), "", nil)
		h.add(group, "a2a-go's CLI: peak RSS", mb(int64(peerRSS.median())), "", nil)
		h.add(group, "wall, parley / a2a-go's CLI", fmt.Sprintf("%.2f×", r), "< 1×", pass(r < 1))
		h.add(group, "CPU, parley / a2a-go's CLI", fmt.Sprintf("%.2f×", rc), "< 1×", pass(rc < 1))
		h.add(group, "peak RSS, parley / a2a-go's CLI (goal 1)", fmt.Sprintf("%.2f×", rm), "≤ 1.0×", pass(rm <= 1))
		h.detail("ingest %s: a2a-go's CLI wall %s, CPU %s, peak RSS %s", d, peerWall, peerCPU, mbSeries(peerRSS))
	}
	h.detail("ingest %s: parley peak RSS %s", d, mbSeries(rssRuns))
	h.detail("ingest %s: %d events, %s of SSE; curl wall %s; parley wall %s, CPU %s",
		d, events, mb(int64(len(srv.StreamBody()))), curlWall, wall, cpu)
	h.detail("ingest %s: parley --version %s; 1-chunk send %s", d, fixed.start, fixed.send)
	return nil
}

// fixedCosts are the parts of a send that do not depend on the stream.
type fixedCosts struct{ start, send series }

// fixedCost times `parley --version` and a send of a one-chunk stream,
// recording into the same store as the measured runs.
func (h *harness) fixedCost(d loopback.Dialect, env []string) (fixedCosts, error) {
	var f fixedCosts
	one, err := loopback.Start(loopback.Options{Dialect: d, Chunks: 1, ChunkSize: chunkSize})
	if err != nil {
		return f, err
	}
	defer one.Close()
	version := []string{h.parley, "--version"}
	send := []string{h.parley, "send", "--json", one.URL, "go"}
	for i := 0; i < h.runs; i++ {
		v, _, err := runProc(version, env, nil, nil)
		if err != nil {
			return f, err
		}
		s, stderr, err := runProc(send, env, nil, nil)
		if err != nil {
			return f, err
		}
		if err := recorded(stderr); err != nil {
			return f, err
		}
		f.start, f.send = append(f.start, v.wall), append(f.send, s.wall)
	}
	return f, nil
}

// checkSend runs send once with its output kept and checks it.
func (h *harness) checkSend(send, env []string, dir string, srv *loopback.Server, events int) error {
	outPath := filepath.Join(dir, "out.jsonl")
	out, err := os.Create(outPath)
	if err != nil {
		return err
	}
	_, stderr, err := runProc(send, env, nil, out)
	out.Close()
	if err != nil {
		return err
	}
	f, err := os.Open(outPath)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	lines, last := 0, ""
	for sc.Scan() {
		lines++
		last = sc.Text()
	}
	var res struct {
		Type, State, Text string
		StoreID           int64
	}
	if err := json.Unmarshal([]byte(last), &res); err != nil || lines != events+1 {
		return fmt.Errorf("parley send printed %d lines (want %d events and the result): %v", lines, events+1, err)
	}
	if res.Type != "result" || res.State != "completed" || res.Text != srv.Answer {
		return fmt.Errorf("parley send ended %s/%s with %d bytes of text, want completed with %d", res.Type, res.State, len(res.Text), len(srv.Answer))
	}
	if err := recorded(stderr); err != nil || res.StoreID == 0 {
		return fmt.Errorf("parley send did not record the conversation: %s", stderr)
	}
	// The store is read from a copy: opening it migrates it to this
	// tree's schema, and a parley built from an older tree (-parley)
	// would then find a store "written by a newer parley", open it read
	// only and record nothing in the runs measured.
	st, err := openCopy(filepath.Join(dir, "data", "parley", "parley.db"), filepath.Join(dir, "check"))
	if err != nil {
		return err
	}
	defer st.Close()
	oc, err := st.OpenContext(res.StoreID, 0)
	if err != nil {
		return err
	}
	for _, it := range oc.Items {
		if it.Kind == session.ItemArtifact {
			var text strings.Builder
			for _, p := range it.Parts {
				text.WriteString(p.Text)
			}
			if text.String() != srv.Answer {
				return fmt.Errorf("the store holds %d bytes of the answer, want %d", text.Len(), len(srv.Answer))
			}
			return nil
		}
	}
	return fmt.Errorf("the store holds no artifact for the exchange")
}

// recorded checks from its stderr that a run of parley send recorded the
// exchange: a run that records nothing does less and must not count.
func recorded(stderr []byte) error {
	if !strings.Contains(string(stderr), "saved as context") {
		return fmt.Errorf("parley send did not record the conversation: %s", strings.TrimSpace(string(stderr)))
	}
	return nil
}

// openCopy opens a copy, under dir, of the store at path (with its
// write-ahead log, if any), leaving the store itself as it is.
func openCopy(path, dir string) (*store.Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	dst := filepath.Join(dir, filepath.Base(path))
	for _, suffix := range []string{"", "-wal"} {
		b, err := os.ReadFile(path + suffix)
		if err != nil {
			if suffix != "" && os.IsNotExist(err) {
				continue
			}
			return nil, err
		}
		if err := os.WriteFile(dst+suffix, b, 0o600); err != nil {
			return nil, err
		}
	}
	return store.Open(dst)
}

// mbSeries prints sizes kept in a series (bytes as durations).
func mbSeries(s series) string {
	out := make([]string, len(s))
	for i, b := range s {
		out[i] = mb(int64(b))
	}
	return strings.Join(out, " ")
}
