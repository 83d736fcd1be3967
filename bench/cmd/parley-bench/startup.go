//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// Stored history for targets 4 and 5.
const (
	storedContexts = 1000
	bigContext     = 10000
	// lastItemMarker is the text of the big context's last message, on
	// screen once the context is open.
	lastItemMarker = "LASTSTOREDMESSAGE"
)

// startup measures the TUI starting with 1,000 stored contexts, and
// opening a context of 10,000 messages, in a pty: from exec to the first
// frame that shows what was asked for.
func (h *harness) startup() error {
	srv, err := loopback.Start(loopback.Options{Dialect: loopback.V03, Chunks: 1, ChunkSize: 64})
	if err != nil {
		return err
	}
	defer srv.Close()
	dir, err := os.MkdirTemp(h.tmp, "startup-")
	if err != nil {
		return err
	}
	fillStart := time.Now()
	bigID, err := fillStore(filepath.Join(dir, "data", "parley", "parley.db"), srv.URL)
	if err != nil {
		return fmt.Errorf("fill the store: %w", err)
	}
	h.detail("store filled with %d contexts and one of %d items in %s", storedContexts, bigContext, ms(time.Since(fillStart)))

	var first, firstCPU, ready series
	for i := 0; i < h.runs; i++ {
		cmd := exec.Command(h.parley, "--agent", srv.URL)
		cmd.Env = tuiEnv(dir)
		r, err := startPTY(cmd, tuiCols, tuiRows)
		if err != nil {
			return err
		}
		at, err := r.waitFromStart("Agents", 20*time.Second)
		if err == nil {
			first, firstCPU = append(first, at.Sub(r.start)), append(firstCPU, r.seenCPU)
			at, err = r.waitFromStart("Loopback bench agent", 20*time.Second)
			ready = append(ready, at.Sub(r.start))
		}
		r.stop()
		if err != nil {
			return err
		}
	}
	g := "4 start-up"
	h.add(g, fmt.Sprintf("exec to first frame, %d contexts stored", storedContexts), fmt.Sprintf("%s (CPU %s)", ms(first.median()), ms(firstCPU.median())),
		"< 150 ms", pass(first.median() < 150*time.Millisecond))
	h.add(g, "exec to agent ready (card fetched)", ms(ready.median()), "", nil)
	h.detail("start-up: first frame %s (CPU %s); agent ready %s", first, firstCPU, ready)

	open, openCPU, rss, err := h.openStored(dir, bigID, h.runs, 30*time.Second, 20*time.Second)
	if err != nil {
		return err
	}
	h.add(g, fmt.Sprintf("exec to a %d-message context shown", bigContext), fmt.Sprintf("%s (CPU %s)", ms(open.median()), ms(openCPU.median())),
		"< 200 ms", pass(open.median() < 200*time.Millisecond))
	h.add("5 memory", fmt.Sprintf("peak RSS with a %d-message context open", bigContext), mb(rss), "< 150 MB", pass(rss < 150<<20))
	h.detail("open %d-message context: %s (CPU %s)", bigContext, open, openCPU)
	return nil
}

// openStored runs `parley --context id` with its folders in dir, runs
// times: each until the context's last item shows (waiting at most show)
// and the screen is still (at most settle). It returns the time from
// exec to that frame and the CPU used by then, per run, and the peak RSS.
func (h *harness) openStored(dir string, id int64, runs int, show, settle time.Duration) (open, cpu series, rss int64, err error) {
	for i := 0; i < runs; i++ {
		cmd := exec.Command(h.parley, "--context", strconv.FormatInt(id, 10))
		cmd.Env = tuiEnv(dir)
		r, err := startPTY(cmd, tuiCols, tuiRows)
		if err != nil {
			return nil, nil, 0, err
		}
		at, err := r.waitFromStart(lastItemMarker, show)
		if err == nil {
			open, cpu = append(open, at.Sub(r.start)), append(cpu, r.seenCPU)
			_, err = r.quiet(300*time.Millisecond, settle)
			rss = max(rss, peakRSS(cmd.Process.Pid))
		}
		r.stop()
		if err != nil {
			return nil, nil, 0, err
		}
	}
	return open, cpu, rss, nil
}

// fillStore records storedContexts short conversations and one of
// bigContext items with the agent at url, as parley itself records them,
// and returns the big one's id.
func fillStore(path, url string) (int64, error) {
	st, err := store.Open(path)
	if err != nil {
		return 0, err
	}
	defer st.Close()
	agent := session.AgentInfo{Name: "Loopback bench agent", Ref: url, URL: url + "/", Dialect: a2aclient.DialectV03}
	t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	record := func(contextID string, items []session.Item, tasks []session.TaskInfo) (int64, error) {
		conv := session.NewConversation(nil, agent.Name, nil)
		rec := st.Record(conv, session.RecordOptions{Agent: agent})
		conv.Restore(contextID, items, tasks)
		if err := rec.Close(); err != nil {
			return 0, err
		}
		return rec.ID(), nil
	}
	for i := 0; i < storedContexts; i++ {
		items, tasks := turns(fmt.Sprintf("c%d", i), t0.Add(time.Duration(i)*time.Hour), 4)
		if _, err := record(fmt.Sprintf("context-%d", i), items, tasks); err != nil {
			return 0, err
		}
	}
	items, tasks := turns("big", t0, bigContext)
	items[len(items)-1].Text = "The last word: " + lastItemMarker
	return record("context-big", items, tasks)
}

// turns is a conversation of n items as parley records one: a question,
// the task working, a Markdown answer, the task completed and a reply
// message, over and over.
func turns(prefix string, t0 time.Time, n int) ([]session.Item, []session.TaskInfo) {
	answer := strings.Repeat("Some **Markdown** text with `code` and a [link](http://x). ", 6) +
		"\n\n- a list item\n- another one\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
	items := make([]session.Item, 0, n)
	var tasks []session.TaskInfo
	for i := 0; i < n; i++ {
		task := fmt.Sprintf("%s-task-%d", prefix, i/5)
		at := t0.Add(time.Duration(i) * time.Second)
		it := session.Item{Key: fmt.Sprintf("%s-%d", prefix, i), Seq: i, Time: at, TaskID: task, Version: 1, Done: true}
		switch i % 5 {
		case 0:
			it.Kind, it.Text, it.TaskID = session.ItemUser, fmt.Sprintf("Question number %d: what next?", i/5), ""
			tasks = append(tasks, session.TaskInfo{ID: task, ContextID: prefix, Title: it.Text,
				State: a2aclient.StateCompleted, Started: at, Updated: at.Add(3 * time.Second)})
		case 1:
			it.Kind, it.State, it.Text = session.ItemStatus, a2aclient.StateWorking, "Working on it…"
		case 2:
			it.Kind, it.Name = session.ItemArtifact, "answer"
			it.Parts = []a2aclient.Part{a2aclient.TextPart(answer)}
		case 3:
			it.Kind, it.State = session.ItemStatus, a2aclient.StateCompleted
		case 4:
			it.Kind, it.Text = session.ItemAgent, "Done; anything else?"
		}
		items = append(items, it)
	}
	return items, tasks
}
