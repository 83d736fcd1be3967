package cli

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
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
	"github.com/parley-a2a/parley/internal/syncbuf"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// TestCrashAtRandomMoments kills parley with SIGKILL at many moments of
// its life, always on the same store file: while it creates the store,
// between two groups, in the middle of writing one, while it resumes
// what an earlier kill left running. After each kill the file must open,
// pass SQLite's integrity check, hold every group any run reported
// committed, and list, search and resume. The moments are random; the
// seed is logged so a failure can be replayed with PARLEY_CRASH_SEED.
func TestCrashAtRandomMoments(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	seed := uint64(time.Now().UnixNano())
	if s, err := strconv.ParseUint(os.Getenv("PARLEY_CRASH_SEED"), 10, 64); err == nil {
		seed = s
	}
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))

	srv := httptest.NewServer(demoagent.New(demoagent.Options{ChunkDelay: 2 * time.Millisecond}).Handler())
	t.Cleanup(srv.Close)
	dbPath := filepath.Join(t.TempDir(), "parley.db")
	committed := map[string]reported{}
	kills := 0
	for run := range 8 {
		args := []string{"send", srv.URL + "/", "Tell me a story", "--json"}
		if run%3 == 2 {
			args = []string{"contexts", "resume"} // what earlier kills left running
		}
		// The first run is killed by the clock alone, early: before or
		// while it creates the store; so is resume, which reports
		// nothing. The others after some committed items, plus a few
		// random milliseconds, which lands inside a later write.
		after, delay := 0, time.Duration(rng.IntN(40))*time.Millisecond
		switch {
		case args[0] == "contexts":
			delay = time.Duration(rng.IntN(150)) * time.Millisecond
		case run > 0:
			after, delay = 1+rng.IntN(10), time.Duration(rng.IntN(4000))*time.Microsecond
		}
		seen, killed := runKilledAt(t, dbPath, args, after, delay)
		if killed {
			kills++
		}
		t.Logf("run %d: %s, killed %v after %d items + %s; %d items reported committed", run, strings.Join(args[:2], " "), killed, after, delay, len(seen))
		for k, v := range seen {
			if old, ok := committed[k]; !ok || v.version >= old.version {
				committed[k] = v
			}
		}
		checkStoreAfterCrash(t, dbPath, committed, fmt.Sprintf("run %d (%q, kill after %d groups + %s)", run, args[0], after, delay))
	}
	if kills < 4 {
		t.Errorf("only %d of 8 runs were killed before they ended; the kill points are too late", kills)
	}

	// The next start resumes whatever the kills left running.
	e := newEnv(t)
	var out, errOut syncbuf.Buffer
	env := e.env(&out, &errOut)
	env.StorePath = dbPath
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if code := Run(ctx, []string{"contexts", "resume"}, env); code != exitOK {
		t.Fatalf("resume after the crashes: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	st, err := store.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if p, err := st.PendingTasks(); err != nil || len(p) != 0 {
		t.Errorf("still pending after resume: %+v, %v", p, err)
	}
}

// runKilledAt runs a child parley and kills it with SIGKILL delay after
// it reported the after-th item it committed (after the start when after
// is 0). It returns what the child reported committed and whether the
// kill came before the child ended by itself.
func runKilledAt(t *testing.T, dbPath string, args []string, after int, delay time.Duration) (map[string]reported, bool) {
	t.Helper()
	cmd := crashCmd(dbPath, args)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	kill := func() { time.AfterFunc(delay, func() { _ = cmd.Process.Signal(syscall.SIGKILL) }) }
	started := func() {}
	if after == 0 {
		started = kill
	}
	seen := map[string]reported{}
	reports := 0
	_ = runReporting(t, cmd, started, func(key string, r reported) {
		seen[key] = r
		if reports++; reports == after {
			kill()
		}
	})
	return seen, killed(t, cmd, args, stderr.String())
}

// checkStoreAfterCrash opens the store as the next parley would and
// checks it whole.
func checkStoreAfterCrash(t *testing.T, path string, committed map[string]reported, when string) {
	t.Helper()
	if _, err := os.Stat(path); os.IsNotExist(err) {
		if len(committed) > 0 {
			t.Fatalf("%s: the store is gone", when)
		}
		return // killed before it was created
	}
	st, err := store.Open(path)
	if err != nil {
		t.Fatalf("%s: the store does not open: %v", when, err)
	}
	defer st.Close()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	var check string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("%s: integrity check says %q (%v)", when, check, err)
	}
	db.Close()
	contexts, err := st.ListContexts("", "")
	if err != nil {
		t.Fatalf("%s: list: %v", when, err)
	}
	if _, err := st.Search("story", 10); err != nil {
		t.Fatalf("%s: search: %v", when, err)
	}
	if _, err := st.PendingTasks(); err != nil {
		t.Fatalf("%s: pending tasks: %v", when, err)
	}
	stored := map[string]session.Item{}
	for _, c := range contexts {
		items, err := st.LoadTail(c.ID, 0)
		if err != nil {
			t.Fatalf("%s: load context %d: %v", when, c.ID, err)
		}
		for _, it := range items {
			stored[strconv.FormatInt(c.ID, 10)+" "+it.Key] = it
		}
	}
	for key, want := range committed {
		it, ok := stored[strconv.FormatInt(want.context, 10)+" "+key]
		if !ok {
			t.Errorf("%s: item %s of context %d was reported committed but is not in the store", when, key, want.context)
			continue
		}
		text := 0
		for _, p := range it.Parts {
			text += len(p.Text)
		}
		if it.Version < want.version || text < want.text {
			t.Errorf("%s: item %s is at version %d with %d bytes; version %d with %d was committed", when, key, it.Version, text, want.version, want.text)
		}
	}
}
