//go:build linux

package main

import (
	"fmt"
	"os"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// indexContextItems is the most items one filled context holds: a
// bigger index is several such contexts, each written in one
// transaction, so the harness never holds a million items at once.
const indexContextItems = 100000

// indexPoints are the items of the search index measured, up to max.
func indexPoints(max int) []int {
	var out []int
	for _, n := range []int{10000, 100000, 1000000} {
		if n <= max {
			out = append(out, n)
		}
	}
	return out
}

// growthIndex measures `parley contexts search` over a store of 10,000
// to 1,000,000 items (-index-items sets the largest): a word only the
// last item holds, and a word a fifth of all items hold (every
// question), whose 50 best matches are ranked among all of them.
func (h *harness) growthIndex() error {
	g := "7c growth: search index (issue 30 goal 6)"
	runs := h.growthRuns()
	points := indexPoints(h.indexItems)
	if len(points) < 2 {
		return fmt.Errorf("-index-items %d leaves fewer than two points; give at least 100000", h.indexItems)
	}
	rare, rareCPU, rareRSS := curve{unit: msUnit}, curve{unit: msUnit}, curve{unit: mbUnit}
	common, commonCPU, commonRSS := curve{unit: msUnit}, curve{unit: msUnit}, curve{unit: mbUnit}
	size := curve{unit: mbUnit}
	for _, n := range points {
		dir, err := os.MkdirTemp(h.tmp, "index-")
		if err != nil {
			return err
		}
		fillStart := time.Now()
		if err := fillIndex(storePath(dir), "http://127.0.0.1:9", n); err != nil {
			return fmt.Errorf("fill %d items: %w", n, err)
		}
		h.detail("search index: %d items filled in %s, store %s", n, ms(time.Since(fillStart)), mb(storeSize(dir)))
		env := xdgEnv(dir)
		r, err := h.procMedians(fmt.Sprintf("search index: %d items, a word in one", n), []string{h.parley, "contexts", "search", lastItemMarker}, env, runs)
		if err != nil {
			return err
		}
		c, err := h.procMedians(fmt.Sprintf("search index: %d items, a word in a fifth", n), []string{h.parley, "contexts", "search", "Question"}, env, runs)
		if err != nil {
			return err
		}
		rare.add(n, float64(r.wall))
		rareCPU.add(n, float64(r.cpu))
		rareRSS.add(n, float64(r.rss))
		common.add(n, float64(c.wall))
		commonCPU.add(n, float64(c.cpu))
		commonRSS.add(n, float64(c.rss))
		size.add(n, float64(storeSize(dir)))
		os.RemoveAll(dir) // the largest is ~360 MB
	}
	pts := pointsLabel(points) + " items"
	h.addCurve(g, "contexts search, a word in one item: wall, "+pts, &rare)
	h.addCurve(g, "contexts search, a word in one item: CPU", &rareCPU)
	h.addCurve(g, "contexts search, a word in one item: peak RSS", &rareRSS)
	h.addCurve(g, "contexts search, a word in a fifth of them: wall", &common)
	h.addCurve(g, "contexts search, a word in a fifth: CPU", &commonCPU)
	h.addCurve(g, "contexts search, a word in a fifth: peak RSS", &commonRSS)
	h.addCurve(g, "the store's size", &size)
	return nil
}

// fillIndex records n items with the agent at url, as parley records
// them, in contexts of at most indexContextItems items, each in one
// transaction (a recorder's one group); the very last item holds
// lastItemMarker.
func fillIndex(path, url string, n int) error {
	st, err := store.Open(path)
	if err != nil {
		return err
	}
	defer st.Close()
	agent := session.AgentInfo{Name: "Loopback bench agent", Ref: url, URL: url + "/", Dialect: a2aclient.DialectV03}
	t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	for done, i := 0, 0; done < n; i++ {
		size := min(indexContextItems, n-done)
		prefix := fmt.Sprintf("i%d", i)
		items, tasks := turns(prefix, t0.Add(time.Duration(done)*time.Second), size)
		done += size
		if done == n {
			items[len(items)-1].Text = "The last word: " + lastItemMarker
		}
		conv := session.NewConversation(nil, agent.Name, nil)
		rec := st.Record(conv, session.RecordOptions{Agent: agent})
		conv.Restore(prefix, items, tasks)
		if err := rec.Close(); err != nil {
			return err
		}
	}
	return nil
}
