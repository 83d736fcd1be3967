//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// contextPoints are the numbers of stored conversations measured.
var contextPoints = []int{10, 100, 1000, 10000}

// growthContexts measures parley with 10 to 10,000 stored conversations
// of a few messages each: `parley contexts` (the list), `parley contexts
// search` of a word every conversation holds, the TUI to its first
// frame, its list of the agent's conversations (ctrl+o) shown, and one
// conversation among them opened (`parley --context N`).
func (h *harness) growthContexts() error {
	srv, err := loopback.Start(loopback.Options{Dialect: loopback.V03, Chunks: 1, ChunkSize: 64})
	if err != nil {
		return err
	}
	defer srv.Close()
	g := "7a growth: stored conversations (issue 30 goal 6)"
	runs := h.growthRuns()
	var list, listCPU, listRSS, search, searchCPU, searchRSS, first, listed, tuiRSS, open curve
	for _, c := range []*curve{&list, &listCPU, &search, &searchCPU, &first, &listed, &open} {
		c.unit = msUnit
	}
	for _, c := range []*curve{&listRSS, &searchRSS, &tuiRSS} {
		c.unit = mbUnit
	}
	for _, n := range contextPoints {
		dir, err := os.MkdirTemp(h.tmp, "contexts-")
		if err != nil {
			return err
		}
		fillStart := time.Now()
		marked, err := fillContexts(storePath(dir), srv.URL, n)
		if err != nil {
			return fmt.Errorf("fill %d contexts: %w", n, err)
		}
		h.detail("stored conversations: %d filled in %s, store %s", n, ms(time.Since(fillStart)), mb(storeSize(dir)))
		env := xdgEnv(dir)
		l, err := h.procMedians(fmt.Sprintf("parley contexts, %d stored", n), []string{h.parley, "contexts"}, env, runs)
		if err != nil {
			return err
		}
		s, err := h.procMedians(fmt.Sprintf("parley contexts search Question, %d stored", n), []string{h.parley, "contexts", "search", "Question"}, env, runs)
		if err != nil {
			return err
		}
		f, ls, rss, err := h.contextsTUI(dir, srv.URL, n, runs)
		if err != nil {
			return err
		}
		o, _, _, err := h.openStored(dir, marked, runs, 30*time.Second, 20*time.Second)
		if err != nil {
			return fmt.Errorf("open one of %d contexts: %w", n, err)
		}
		h.detail("stored conversations: %d stored, parley --context %d: %s", n, marked, o)
		list.add(n, float64(l.wall))
		listCPU.add(n, float64(l.cpu))
		listRSS.add(n, float64(l.rss))
		search.add(n, float64(s.wall))
		searchCPU.add(n, float64(s.cpu))
		searchRSS.add(n, float64(s.rss))
		first.add(n, float64(f))
		listed.add(n, float64(ls))
		tuiRSS.add(n, float64(rss))
		open.add(n, float64(o.median()))
	}
	pts := pointsLabel(contextPoints) + " stored"
	h.addCurve(g, "parley contexts (the list): wall, "+pts, &list)
	h.addCurve(g, "parley contexts: CPU", &listCPU)
	h.addCurve(g, "parley contexts: peak RSS", &listRSS)
	h.addCurve(g, "parley contexts search (a word in each): wall", &search)
	h.addCurve(g, "parley contexts search: CPU", &searchCPU)
	h.addCurve(g, "parley contexts search: peak RSS", &searchRSS)
	h.addCurve(g, "TUI: exec to first frame", &first)
	h.addCurve(g, "TUI: ctrl+o to the agent's conversations listed", &listed)
	h.addCurve(g, "TUI: peak RSS with them listed", &tuiRSS)
	h.addCurve(g, "parley --context N (one of them): exec to shown", &open)
	return nil
}

// contextsTUI starts `parley --agent url` with the store under dir, runs
// times: the time from exec to the first frame, from ctrl+o to the list
// of the agent's n conversations shown, and the peak RSS then.
func (h *harness) contextsTUI(dir, url string, n, runs int) (first, listed time.Duration, rss int64, err error) {
	var fs, ls series
	for i := 0; i < runs; i++ {
		cmd := exec.Command(h.parley, "--agent", url)
		cmd.Env = tuiEnv(dir)
		r, err := startPTY(cmd, tuiCols, tuiRows)
		if err != nil {
			return 0, 0, 0, err
		}
		at, err := r.waitFromStart("Agents", 20*time.Second)
		if err == nil {
			fs = append(fs, at.Sub(r.start))
			// The agent ready first, so the list is the agent's.
			_, err = r.waitFromStart("Loopback bench agent", 20*time.Second)
		}
		if err == nil {
			_, err = r.quiet(200*time.Millisecond, 20*time.Second)
		}
		if err == nil && r.shows(answerEnd) {
			err = fmt.Errorf("%q shows before ctrl+o, so it cannot mark the list: %s", answerEnd, r.tail())
		}
		if err == nil {
			// The dialog opens at once and fills when the list is read:
			// its rows, each a conversation's state, show then. (Its title's
			// count cannot be watched for: the renderer rewrites only the
			// cells that change, so "Contexts · 0" becomes
			// "Contexts · 10000" by its digits alone.)
			r.watchFor(answerEnd)
			sent := time.Now()
			if err = r.send("\x0f"); err == nil { // ctrl+o
				at, err = r.waitSeen(answerEnd, 30*time.Second)
				ls = append(ls, at.Sub(sent))
			}
		}
		if err == nil {
			_, err = r.quiet(200*time.Millisecond, 20*time.Second)
			rss = max(rss, peakRSS(cmd.Process.Pid))
		}
		r.stop()
		if err != nil {
			return 0, 0, 0, fmt.Errorf("the TUI with %d contexts: %w", n, err)
		}
	}
	h.detail("stored conversations: %d stored, TUI first frame %s, ctrl+o to listed %s, peak RSS %s", n, fs, ls, mb(rss))
	return fs.median(), ls.median(), rss, nil
}

// fillContexts records n short conversations with the agent at url, as
// parley records them, the newest ending with lastItemMarker, and
// returns that one's id.
func fillContexts(path, url string, n int) (int64, error) {
	st, err := store.Open(path)
	if err != nil {
		return 0, err
	}
	defer st.Close()
	agent := session.AgentInfo{Name: "Loopback bench agent", Ref: url, URL: url + "/", Dialect: a2aclient.DialectV03}
	t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	var id int64
	for i := 0; i < n; i++ {
		size := 4
		if i == n-1 {
			size = 5 // ends with the agent's reply, which carries the marker
		}
		items, tasks := turns(fmt.Sprintf("c%d", i), t0.Add(time.Duration(i)*time.Hour), size)
		if i == n-1 {
			items[len(items)-1].Text = "The last word: " + lastItemMarker
		}
		conv := session.NewConversation(nil, agent.Name, nil)
		rec := st.Record(conv, session.RecordOptions{Agent: agent})
		conv.Restore(fmt.Sprintf("context-%d", i), items, tasks)
		if err := rec.Close(); err != nil {
			return 0, err
		}
		id = rec.ID()
	}
	return id, nil
}
