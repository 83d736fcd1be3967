package store

import (
	"bytes"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/session"
)

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestStoreFileIsPrivateWithFTS5(t *testing.T) {
	// URI syntax in the path must not confuse the driver.
	path := filepath.Join(t.TempDir(), "my files #1 ?x=%20", "parley.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, f := range []string{path, path + "-wal", path + "-shm"} {
		info, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, want 0600", f, info.Mode().Perm())
		}
	}
	var mode string
	if err := s.db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal mode %q (%v), want wal", mode, err)
	}
	var opts string
	if err := s.db.QueryRow("SELECT group_concat(compile_options, ' ') FROM pragma_compile_options").Scan(&opts); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(opts, "ENABLE_FTS5") {
		t.Errorf("SQLite built without FTS5: %s", opts)
	}
}

func TestStoreRefusesCorruptAndForeignFiles(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.db")
	content := bytes.Repeat([]byte("this is not a database\n"), 400)
	if err := os.WriteFile(garbage, content, 0o600); err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(dir, "foreign.db")
	db, err := sql.Open("sqlite", foreign)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	foreignBefore := readFile(t, foreign)

	for _, path := range []string{garbage, foreign} {
		s, err := Open(path)
		var ce *CorruptError
		if !errors.As(err, &ce) {
			if s != nil {
				s.Close()
			}
			t.Fatalf("%s: err = %v, want a CorruptError", path, err)
		}
		if ce.Path != path || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "move it aside") {
			t.Errorf("%s: message %q should name the file and what to do", path, err)
		}
	}
	if !bytes.Equal(readFile(t, garbage), content) || !bytes.Equal(readFile(t, foreign), foreignBefore) {
		t.Error("a refused file was modified")
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(foreign + suffix); err == nil {
			t.Errorf("opening the foreign file left %s behind", foreign+suffix)
		}
	}
}

func TestStoreOpensNewerSchemaReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parley.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	conv := session.NewConversation(nil, "a", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "a", Ref: "http://a"}})
	say(conv, "hello from an older day")
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	// A newer parley moved the schema on.
	if _, err := s.db.Exec("PRAGMA user_version = 99; PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	before := readFile(t, path)

	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var ne *NewerSchemaError
	if !errors.As(s.ReadOnly(), &ne) || ne.Version != 99 || !strings.Contains(ne.Error(), "newer parley") || !strings.Contains(ne.Error(), path) {
		t.Fatalf("ReadOnly() = %v", s.ReadOnly())
	}
	list, err := s.ListContexts("", "")
	if err != nil || len(list) != 1 {
		t.Errorf("reading a newer file: %v %v", list, err)
	}
	if err := s.Rename(list[0].ID, "x"); !errors.As(err, &ne) {
		t.Errorf("rename = %v, want the newer-schema error", err)
	}
	conv = session.NewConversation(nil, "a", nil)
	rec = s.Record(conv, session.RecordOptions{})
	say(conv, "not to be written")
	if err := rec.Close(); !errors.As(err, &ne) {
		t.Errorf("recording = %v, want the newer-schema error", err)
	}
	s.Close()
	if !bytes.Equal(readFile(t, path), before) {
		t.Error("the newer parley's file was modified")
	}
}

// The header of the file is only a hint: what a running (or killed)
// parley committed may still be in the WAL. A newer parley's upgrade
// there makes the store read-only all the same, and a store created a
// moment ago, whose file has no application id yet, opens for writing.
func TestStoreVersionIsReadPastTheFileHeader(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parley.db")
	// An empty file is parley's to set up, in place (a new store is
	// otherwise built beside its path and appears whole: create.go), so
	// its schema is still in the WAL.
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	first, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	if h, err := readHeader(path); err != nil || h.ours {
		t.Fatalf("a new store's header %+v (%v): the test needs its schema still in the WAL", h, err)
	}
	second, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if second.ReadOnly() != nil {
		t.Fatalf("a store being created opens read-only: %v", second.ReadOnly())
	}
	conv := session.NewConversation(nil, "a", nil)
	rec := second.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "a", Ref: "http://a"}})
	say(conv, "written by the second parley")
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	second.Close()

	// Checkpointed, the header is now parley's; a newer parley upgrades
	// the schema in the WAL only.
	if _, err := first.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		t.Fatal(err)
	}
	if h, err := readHeader(path); err != nil || !h.ours || h.version != schemaVersion {
		t.Fatalf("header %+v (%v)", h, err)
	}
	if _, err := first.db.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	if h, _ := readHeader(path); h.version != schemaVersion {
		t.Fatalf("header version %d: the test needs the upgrade still in the WAL", h.version)
	}
	third, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer third.Close()
	var ne *NewerSchemaError
	if !errors.As(third.ReadOnly(), &ne) || ne.Version != 99 {
		t.Fatalf("ReadOnly() = %v, want the newer-schema error", third.ReadOnly())
	}
	if list, err := third.ListContexts("", ""); err != nil || len(list) != 1 {
		t.Errorf("reading the newer file: %v %v", list, err)
	}
}
