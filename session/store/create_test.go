package store

import (
	"database/sql"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hotJournal leaves at path what a process killed in the middle of its
// first write transaction leaves: a database file that SQLite wrote
// into, not yet parley's (no application id), beside a hot rollback
// journal. The writer's files are copied while its transaction is open,
// as a kill would leave them.
func hotJournal(t *testing.T, path string) {
	t.Helper()
	src := filepath.Join(t.TempDir(), "writer.db")
	db, err := sql.Open("sqlite", "file:"+src+"?_pragma=cache_size(1)&_pragma=journal_mode(DELETE)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.Exec("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('seed')"); err != nil {
		t.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	for i := 0; i < 200; i++ { // more than the cache holds: pages spill to the file
		if _, err := tx.Exec("INSERT INTO t VALUES (?)", strings.Repeat("x", 2000)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(src + "-journal"); err != nil {
		t.Fatalf("the writer has no journal: %v", err)
	}
	copyFile(t, src, path)
	copyFile(t, src+"-journal", path+"-journal")
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestAFileWithAHotJournalIsNamedNotSQLitesWords: a database that is not
// (yet) parley's, with a crashed writer's journal beside it, is left
// untouched, and the user is told what it is and what to do, not
// SQLite's "attempt to write a readonly database".
func TestAFileWithAHotJournalIsNamedNotSQLitesWords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parley.db")
	hotJournal(t, path)
	before, _ := os.ReadFile(path)
	_, err := Open(path)
	var ce *CorruptError
	if !errors.As(err, &ce) {
		t.Fatalf("Open = %v, want a CorruptError", err)
	}
	if strings.Contains(err.Error(), "readonly") {
		t.Errorf("the error speaks SQLite's words: %v", err)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("the file was changed")
	}
}

// TestCreatingTheStoreNeverLeavesItHalfMade: the store is built beside
// its path and appears there whole, so a parley killed while creating
// it leaves no half-made file (which, with a hot journal, no later
// parley could open); what a killed creation left beside it does not
// stop the next.
func TestCreatingTheStoreNeverLeavesItHalfMade(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "parley.db")
	// A creation killed with its journal hot, beside the path.
	hotJournal(t, path+creatingSuffix+"1234")
	var seen []string
	st, err := OpenWith(path, Options{creating: func(tmp string) {
		if _, err := os.Stat(path); err == nil {
			t.Errorf("the store is at its path before it is made")
		}
		seen = append(seen, tmp)
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if len(seen) != 1 || filepath.Dir(seen[0]) != dir || !strings.HasPrefix(filepath.Base(seen[0]), "parley.db"+creatingSuffix) {
		t.Fatalf("built at %q, want one file beside the path", seen)
	}
	h, err := readHeader(path)
	if err != nil || !h.ours || h.version != schemaVersion {
		t.Fatalf("the store at its path: %+v, %v", h, err)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("the store's mode: %v, %v; want 0600", info.Mode(), err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, "parley.db"+creatingSuffix+"*"))
	for _, f := range left {
		if !strings.HasSuffix(filepath.Base(f), "1234") && !strings.HasSuffix(filepath.Base(f), "1234-journal") {
			t.Errorf("left behind: %s", f)
		}
	}
}
