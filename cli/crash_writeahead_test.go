package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// make soak runs the write-ahead loop for as long as this says.
var crashTime = flag.Duration("crashtime", 0, "run TestCrashPrintedIsStored for this long instead of its short round")

// TestCrashPrintedIsStored kills `parley send --json` with SIGKILL at
// random moments of a streamed answer, many times, and after each kill
// compares what it had printed with what the store holds: the store must
// hold at least what was printed (the screen never runs ahead of the
// store). The seed is logged; PARLEY_CRASH_SEED replays it. `make test`
// runs a short round; `make soak` runs it for SOAKTIME (-crashtime).
func TestCrashPrintedIsStored(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	seed := uint64(time.Now().UnixNano())
	if s, err := strconv.ParseUint(os.Getenv("PARLEY_CRASH_SEED"), 10, 64); err == nil {
		seed = s
	}
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	srv := httptest.NewServer(demoagent.New(demoagent.Options{ChunkDelay: 5 * time.Millisecond}).Handler())
	t.Cleanup(srv.Close)

	runs, killed, checked := 0, 0, 0
	deadline := time.Now().Add(*crashTime)
	for runs < 12 || time.Now().Before(deadline) {
		runs++
		store := filepath.Join(t.TempDir(), "parley.db")
		// Killed after a random number of printed lines and a random
		// fraction of a millisecond or so, which lands anywhere between
		// two events, inside a commit, or between a commit and a print.
		afterLines, delay := 1+rng.IntN(50), time.Duration(rng.IntN(3000))*time.Microsecond
		printed, wasKilled := runPrintingKilled(t, store, []string{"send", srv.URL + "/", "Tell me a story", "--json"}, afterLines, delay)
		if wasKilled {
			killed++
		}
		if n := checkPrintedIsStored(t, store, printed, fmt.Sprintf("run %d (killed after %d lines + %s)", runs, afterLines, delay)); n > 0 {
			checked++
		}
		if t.Failed() {
			return
		}
	}
	t.Logf("%d runs, %d killed mid-stream, %d with printed text compared", runs, killed, checked)
	if killed < runs/2 || checked < runs/2 {
		t.Errorf("only %d of %d runs were killed mid-stream (%d compared); the kill points are too late", killed, runs, checked)
	}
}

// runPrintingKilled runs a child parley and kills it with SIGKILL delay
// after it printed its after-th line. It returns every whole line the
// child printed and whether the kill came before the child ended.
func runPrintingKilled(t *testing.T, store string, args []string, after int, delay time.Duration) ([]string, bool) {
	t.Helper()
	cmd := crashCmd(store, args)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var lines []string
	rd := bufio.NewReader(stdout)
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			break // a line cut by the kill was not printed whole
		}
		if lines = append(lines, line); len(lines) == after {
			time.AfterFunc(delay, func() { _ = cmd.Process.Signal(syscall.SIGKILL) })
		}
	}
	_, _ = io.Copy(io.Discard, stdout)
	_ = cmd.Wait()
	return lines, killed(t, cmd, args, stderr.String())
}

// checkPrintedIsStored replays the printed events (each artifact's text,
// the last state) and checks the store holds at least as much. It
// returns how many bytes of artifact text were printed.
func checkPrintedIsStored(t *testing.T, path string, lines []string, when string) int {
	t.Helper()
	type event struct {
		jsonout.EventJSON
		Kind string `json:"type"`
	}
	contextID, taskID, state := "", "", ""
	texts := map[string]string{}
	total := 0
	for _, l := range lines {
		var ev event
		if err := json.Unmarshal([]byte(l), &ev); err != nil {
			t.Fatalf("%s: printed line %q: %v", when, l, err)
		}
		switch {
		case ev.Task != nil:
			contextID, taskID, state = ev.Task.ContextID, ev.Task.ID, ev.Task.Status.State
		case ev.Status != nil:
			contextID, taskID, state = ev.ContextID, ev.TaskID, ev.Status.State
		case ev.Artifact != nil:
			contextID, taskID = ev.ContextID, ev.TaskID
			var b strings.Builder
			for _, p := range ev.Artifact.Parts {
				b.WriteString(p.Text)
			}
			if !ev.Append {
				texts[ev.Artifact.ArtifactID] = ""
			}
			texts[ev.Artifact.ArtifactID] += b.String()
			total += b.Len()
		}
	}
	if contextID == "" {
		return 0 // nothing about the task printed yet
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("%s: %d lines printed, but no store: %v", when, len(lines), err)
		return total
	}
	st, err := store.Open(path)
	if err != nil {
		t.Fatalf("%s: the store does not open: %v", when, err)
	}
	defer st.Close()
	info, err := storedByContextID(st, contextID)
	if err != nil {
		t.Errorf("%s: context %s was printed but is not stored: %v", when, contextID, err)
		return total
	}
	items, err := st.LoadTail(info.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	stored := map[string]string{}
	for _, it := range items {
		if it.Kind == session.ItemArtifact {
			stored[it.Key] = joinText(it.Parts)
		}
	}
	for id, text := range texts {
		key := "art:" + taskID + "/" + id
		if got, ok := stored[key]; !ok || !strings.HasPrefix(got, text) {
			t.Errorf("%s: printed %d bytes of artifact %s; the store holds %d:\nprinted ends %q\nstored ends  %q",
				when, len(text), id, len(got), tail(text), tail(got))
		}
	}
	tasks, err := st.Tasks(info.ID)
	if err != nil {
		t.Fatal(err)
	}
	var storedState string
	for _, tk := range tasks {
		if tk.ID == taskID {
			storedState = string(tk.State)
		}
	}
	if state != "" && storedState == "" || state == "completed" && storedState != "completed" {
		t.Errorf("%s: printed state %q; the store says %q", when, state, storedState)
	}
	return total
}

func tail(s string) string {
	if len(s) > 40 {
		return s[len(s)-40:]
	}
	return s
}

// storedByContextID finds the stored context with the agent's contextId
// (the test talks to one agent).
func storedByContextID(st *store.Store, contextID string) (session.ContextInfo, error) {
	list, err := st.ListContexts("", "")
	if err != nil {
		return session.ContextInfo{}, err
	}
	for _, c := range list {
		if c.ContextID == contextID {
			return c, nil
		}
	}
	return session.ContextInfo{}, fmt.Errorf("%w with contextId %q", store.ErrNoContext, contextID)
}
