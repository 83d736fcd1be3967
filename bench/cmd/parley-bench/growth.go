//go:build linux

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// sendRuns measures `parley send --json` on one loopback server started
// with opts, each run recording into one store in a new directory named
// after prefix; the first run, not counted, creates the store. Every run
// must say it recorded.
func (h *harness) sendRuns(opts loopback.Options, prefix string, runs int) (cpu, wall, rss series, err error) {
	srv, err := loopback.Start(opts)
	if err != nil {
		return nil, nil, nil, err
	}
	defer srv.Close()
	dir, err := os.MkdirTemp(h.tmp, prefix)
	if err != nil {
		return nil, nil, nil, err
	}
	env := []string{"XDG_DATA_HOME=" + filepath.Join(dir, "data"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config")}
	send := []string{h.parley, "send", "--json", srv.URL, "go"}
	for i := -1; i < runs; i++ {
		p, stderr, err := runProc(send, env, nil, nil)
		if err == nil {
			err = recorded(stderr)
		}
		if err != nil {
			return nil, nil, nil, err
		}
		if i >= 0 {
			cpu, wall, rss = append(cpu, p.cpu), append(wall, p.wall), append(rss, time.Duration(p.rss))
		}
	}
	return cpu, wall, rss, nil
}

// multiLine is goal 4 of issue 16: the same stream framed as other SDKs
// frame it (CRLF, a comment, event and id fields, indented JSON over
// many data lines) against the one-line form, the real binary's CPU.
func (h *harness) multiLine() error {
	var cpu [2]series
	var rss [2]series
	for i, form := range []loopback.Form{loopback.OneLine, loopback.MultiLine} {
		var err error
		cpu[i], _, rss[i], err = h.sendRuns(loopback.Options{Dialect: loopback.V03, Chunks: h.chunks, ChunkSize: chunkSize, Form: form}, "form-", h.runs)
		if err != nil {
			return err
		}
	}
	g := "6 multi-line SSE (goal 4)"
	r := float64(cpu[1].median()) / float64(cpu[0].median())
	h.add(g, "v0.3 multi-line: parley send CPU", fmt.Sprintf("%s (one-line %s)", ms(cpu[1].median()), ms(cpu[0].median())), "", nil)
	h.add(g, "CPU, multi-line / one-line, real binary", fmt.Sprintf("%.2f×", r), "≤ 1.3×", pass(r <= 1.3))
	h.detail("multi-line v0.3: CPU %s; one-line CPU %s; peak RSS %s, one-line %s", cpu[1], cpu[0], mbSeries(rss[1]), mbSeries(rss[0]))
	return nil
}

// growth is goal 6 of issue 16: the ingest from 2,000 to 200,000 chunks,
// and a context from 1,000 to 100,000 stored items, each figure against
// its smallest point.
func (h *harness) growth() error {
	g := "7 growth (goal 6)"
	type point struct {
		n        int
		cpu, rss time.Duration
	}
	var pts []point
	for _, n := range []int{2000, 20000, 200000} {
		cpu, _, rss, err := h.sendRuns(loopback.Options{Dialect: loopback.V03, Chunks: n, ChunkSize: chunkSize}, "growth-", max(h.runs/2, 2))
		if err != nil {
			return fmt.Errorf("%d chunks: %w", n, err)
		}
		pts = append(pts, point{n, cpu.median(), rss.median()})
		h.detail("growth: %d chunks, CPU %s, peak RSS %s", n, cpu, mbSeries(rss))
	}
	base := pts[0]
	perChunk := func(p point) float64 { return float64(p.cpu.Nanoseconds()) / float64(p.n) }
	for _, p := range pts {
		h.add(g, fmt.Sprintf("send, %d chunks: CPU (per chunk), peak RSS", p.n),
			fmt.Sprintf("%s (%.1f µs), %s", ms(p.cpu), perChunk(p)/1000, mb(int64(p.rss))), "", nil)
	}
	last := pts[len(pts)-1]
	// The CPU each chunk adds beyond the smallest point's must stay flat;
	// memory may grow with the answer (it is printed whole at the end),
	// linearly.
	mid := pts[1]
	marginal := func(p point) float64 { return float64((p.cpu - base.cpu).Nanoseconds()) / float64(p.n-base.n) }
	flat := marginal(last) / marginal(mid)
	h.add(g, "CPU per chunk beyond 2,000: 200,000 / 20,000", fmt.Sprintf("%.2f× (%.1f / %.1f µs)", flat, marginal(last)/1000, marginal(mid)/1000),
		"≤ 1.3× (flat)", pass(flat <= 1.3))
	lin := float64(last.rss-base.rss) / float64(mid.rss-base.rss) / (float64(last.n-base.n) / float64(mid.n-base.n))
	h.add(g, "RSS growth per chunk, 2k→200k / 2k→20k", fmt.Sprintf("%.2f×", lin), "≤ 1.3× (linear)", pass(lin <= 1.3))
	return h.storedGrowth(g)
}

// storedGrowth opens a context of 1,000 and of 100,000 stored items in
// the TUI, from exec to its last message shown.
func (h *harness) storedGrowth(g string) error {
	srv, err := loopback.Start(loopback.Options{Dialect: loopback.V03, Chunks: 1, ChunkSize: 64})
	if err != nil {
		return err
	}
	defer srv.Close()
	type point struct {
		n         int
		open, cpu time.Duration
		rss       int64
	}
	var pts []point
	for _, n := range []int{1000, 100000} {
		dir, err := os.MkdirTemp(h.tmp, "stored-")
		if err != nil {
			return err
		}
		fillStart := time.Now()
		id, err := fillContext(filepath.Join(dir, "data", "parley", "parley.db"), srv.URL, n)
		if err != nil {
			return fmt.Errorf("fill a context of %d items: %w", n, err)
		}
		h.detail("stored growth: a context of %d items filled in %s", n, ms(time.Since(fillStart)))
		open, cpu, rss, err := h.openStored(dir, id, max(h.runs/2, 2), 60*time.Second, 30*time.Second)
		if err != nil {
			return fmt.Errorf("open a context of %d items: %w", n, err)
		}
		pts = append(pts, point{n, open.median(), cpu.median(), rss})
		h.add(g, fmt.Sprintf("exec to a %d-item context shown (CPU), peak RSS", n),
			fmt.Sprintf("%s (%s), %s", ms(open.median()), ms(cpu.median()), mb(rss)), "", nil)
		h.detail("stored growth: %d items opened in %s (CPU %s)", n, open, cpu)
	}
	a, b := pts[0], pts[1]
	r := float64(b.open) / float64(a.open)
	h.add(g, "open time, 100,000 / 1,000 items (100× the items)", fmt.Sprintf("%.1f×", r), "≤ 100× (linear)", pass(r <= 100))
	return nil
}

// fillContext records one context of n items with the agent at url, as
// parley records one, and returns its id.
func fillContext(path, url string, n int) (int64, error) {
	st, err := store.Open(path)
	if err != nil {
		return 0, err
	}
	defer st.Close()
	agent := session.AgentInfo{Name: "Loopback bench agent", Ref: url, URL: url + "/"}
	items, tasks := turns("g", time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC), n)
	items[len(items)-1].Text = "The last word: " + lastItemMarker
	conv := session.NewConversation(nil, agent.Name, nil)
	rec := st.Record(conv, session.RecordOptions{Agent: agent})
	conv.Restore("context-growth", items, tasks)
	if err := rec.Close(); err != nil {
		return 0, err
	}
	return rec.ID(), nil
}
