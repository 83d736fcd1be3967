package cli

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/session/store"
)

// Two ways to fill the disk under a child parley (see crashChild):
//
//   - fsizeEnv: no file may grow past this many bytes (RLIMIT_FSIZE), as a
//     quota would; writes fail with EFBIG (Go ignores SIGXFSZ, so the
//     process lives to report it). Works wherever the test runs.
//   - tmpfsEnv: the child runs in its own user and mount namespace and
//     puts the store on a tmpfs this small, a disk that really fills
//     (ENOSPC). The tmpfs dies with the child, so the child copies the
//     store to tmpfsOutEnv before it exits. Skipped where unprivileged
//     namespaces are off.
const (
	fsizeEnv    = "PARLEY_FSIZE_LIMIT"
	tmpfsEnv    = "PARLEY_TMPFS_SIZE"
	tmpfsOutEnv = "PARLEY_TMPFS_OUT"
)

func init() {
	if n, err := strconv.ParseUint(os.Getenv(fsizeEnv), 10, 64); err == nil {
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
			panic(err)
		}
	}
	if size := os.Getenv(tmpfsEnv); size != "" {
		os.Exit(tmpfsChild(size))
	}
}

// tmpfsChild mounts a tmpfs of size at the store's folder, runs the
// crash child's command line there, and copies the store out.
func tmpfsChild(size string) int {
	dbPath := os.Getenv("PARLEY_CRASH_STORE")
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		fmt.Fprintln(os.Stderr, "make mounts private:", err)
		return 97
	}
	if err := syscall.Mount("tmpfs", filepath.Dir(dbPath), "tmpfs", 0, "size="+size); err != nil {
		fmt.Fprintln(os.Stderr, "mount tmpfs:", err)
		return 97
	}
	code := crashChild()
	out := os.Getenv(tmpfsOutEnv)
	for _, suffix := range []string{"", "-wal"} {
		if err := copyStoreFile(dbPath+suffix, filepath.Join(out, filepath.Base(dbPath)+suffix)); err != nil && !os.IsNotExist(err) {
			fmt.Fprintln(os.Stderr, "copy the store out:", err)
			return 98
		}
	}
	return code
}

func copyStoreFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// TestFullDiskLosesNothing runs parley send with a store that fills up
// part-way through the answer. The answer still reaches the user; parley
// says in one sentence that the conversation was not fully recorded and
// why; the store opens afterwards, passes the integrity check and holds
// every group committed before the disk filled.
func TestFullDiskLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	// Chunks far enough apart that each lands in a group of its own even
	// on a loaded machine: with fewer, larger groups the log grows less
	// and the answer could fit under the limit, and the disk never fill.
	srv := httptest.NewServer(demoagent.New(demoagent.Options{ChunkDelay: 20 * time.Millisecond}).Handler())
	t.Cleanup(srv.Close)
	args := []string{"send", srv.URL + "/", "Tell me a story"}

	t.Run("file size limit", func(t *testing.T) {
		t.Parallel()
		// On a loaded machine the chunks can arrive in a few large groups
		// whose log fits under the limit: the disk never fills, parley
		// rightly records everything and warns of nothing. That run
		// tests nothing, so it is tried again on a fresh store.
		for try := 1; ; try++ {
			dbPath := filepath.Join(t.TempDir(), "parley.db")
			st, err := store.Open(dbPath)
			if err != nil {
				t.Fatal(err)
			}
			st.Close()
			info, err := os.Stat(dbPath)
			if err != nil {
				t.Fatal(err)
			}
			// Room for the shared-memory index and a few pages of log: the
			// first groups commit, a later one does not fit.
			limit := max(info.Size(), 32<<10) + 12<<10
			cmd := crashCmd(dbPath, args, fsizeEnv+"="+strconv.FormatInt(limit, 10))
			if checkFullDisk(t, cmd, dbPath, "the disk may be full or failing") {
				return
			}
			if try == 3 {
				t.Fatalf("the store never filled in %d tries: everything was recorded each time", try)
			}
			t.Logf("try %d: everything fit under the limit; trying again", try)
		}
	})

	t.Run("full tmpfs", func(t *testing.T) {
		t.Parallel()
		dir, out := t.TempDir(), t.TempDir()
		dbPath := filepath.Join(dir, "parley.db")
		// 256k: room for the store's first pages and the demo's signed
		// card (with its signature it spills into an overflow page), and
		// far too little for the story.
		cmd := crashCmd(dbPath, args, tmpfsEnv+"=256k", tmpfsOutEnv+"="+out)
		cmd.SysProcAttr = &syscall.SysProcAttr{
			Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS,
			UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}},
			GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}},
		}
		probe := exec.Command(os.Args[0], "-test.run=^$")
		probe.SysProcAttr = cmd.SysProcAttr
		if err := probe.Run(); err != nil {
			t.Skipf("no unprivileged user namespaces here: %v", err)
		}
		if !checkFullDisk(t, cmd, filepath.Join(out, "parley.db"), "the disk is full") {
			t.Fatal("the 256k tmpfs never filled: everything was recorded")
		}
	})
}

// checkFullDisk runs cmd, then checks its output and the store at path.
// It reports false, checking nothing, when the disk never filled: no
// warning, and the last group committed holds every item settled.
func checkFullDisk(t *testing.T, cmd *exec.Cmd, path, why string) bool {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	stop := func() bool { return false }
	defer func() { stop() }()
	committed := map[string]reported{}
	err := runReporting(t, cmd, func() {
		stop = context.AfterFunc(ctx, func() { _ = cmd.Process.Kill() })
	}, func(key string, r reported) { committed[key] = r })
	if err != nil {
		t.Fatalf("parley failed with the disk full: %v\nstdout: %s\nstderr: %s", err, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "[completed]") {
		t.Errorf("the answer did not reach the user:\n%s", stdout.String())
	}
	var warning string
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(l, "not fully recorded") {
			warning = l
		}
	}
	if warning == "" && len(committed) > 0 && allSettled(committed) {
		return false
	}
	if !strings.Contains(warning, "could not be written: "+why) || !strings.Contains(warning, "what was saved before is intact") {
		t.Errorf("stderr does not say in one line that the disk is full:\n%s", stderr.String())
	}
	t.Logf("%d items committed before the disk filled; stderr:\n%s", len(committed), stderr.String())
	if len(committed) == 0 {
		t.Fatalf("nothing was committed before the disk filled; there is too little room to test anything\nstderr: %s", stderr.String())
	}
	checkStoreAfterCrash(t, path, committed, "after the disk filled")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM contexts`).Scan(&n); err != nil || n != 1 {
		t.Errorf("%d contexts (%v), want the one", n, err)
	}
	return true
}

// allSettled says whether every item's last committed version was done.
func allSettled(committed map[string]reported) bool {
	for _, r := range committed {
		if !r.done {
			return false
		}
	}
	return true
}
