package store

import (
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// A store of schema version 8 is brought to 9: its contexts read as
// before, in no compare set, and a set can be recorded from then on.
func TestStoreUpgradeFrom8AddsCompareSets(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parley.db")
	db, err := sql.Open("sqlite", dsn(path, false, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec(strings.Join(migrations[:8], ";") + fmt.Sprintf(`; PRAGMA user_version = 8; PRAGMA application_id = %d;
		INSERT INTO contexts (id, agent_id, agent_ref, context_id, name, created, updated) VALUES (1, 'http://127.0.0.1:9', 'http://127.0.0.1:9/', 'c', 'compare 2026-01-02 03:04:05 · a', 1, 1);
		INSERT INTO contexts (id, agent_id, agent_ref, context_id, created, updated) VALUES (2, 'http://127.0.0.1:8', 'http://127.0.0.1:8/', 'd', 1, 1);`, applicationID))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var version int
	if err := s.db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil || version != 9 {
		t.Fatalf("schema version %d (%v), want 9", version, err)
	}
	sets, err := s.CompareSetsOf()
	if err != nil || len(sets) != 0 {
		t.Fatalf("sets after the upgrade = %v (%v), want none", sets, err)
	}
	list, err := s.ListContexts("", "")
	if err != nil || len(list) != 2 {
		t.Fatalf("contexts after the upgrade = %v (%v)", list, err)
	}
	set, err := s.JoinCompareSet("k", 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.JoinCompareSet("k", 1, 0); err != nil {
		t.Fatal(err)
	}
	members, err := s.CompareSet(set)
	if err != nil || fmt.Sprint(members) != "[1 2]" {
		t.Errorf("members = %v (%v), want [1 2] in their columns' order", members, err)
	}
}

// The contexts sent together in compare mode share one set, numbered by
// parley; joining again changes nothing; a context deleted leaves it.
func TestCompareSetRoundTrip(t *testing.T) {
	s := openTestStore(t)
	ids := make([]int64, 4)
	for i := range ids {
		ids[i] = insertContext(t, s, fmt.Sprintf("c%d", i))
	}
	a, err := s.JoinCompareSet("compare 1", ids[0], 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range []struct {
		key string
		id  int64
		pos int
	}{{"compare 1", ids[1], 1}, {"compare 1", ids[0], 0}, {"compare 2", ids[2], 0}, {"compare 2", ids[3], 1}} {
		got, err := s.JoinCompareSet(j.key, j.id, j.pos)
		if err != nil {
			t.Fatal(err)
		}
		if j.key == "compare 1" && got != a {
			t.Errorf("context %d joined set %d, want %d", j.id, got, a)
		}
		if j.key == "compare 2" && got == a {
			t.Errorf("a second set has the first's number %d", a)
		}
	}
	of, err := s.CompareSetsOf()
	if err != nil {
		t.Fatal(err)
	}
	if len(of) != 4 || of[ids[0]] != a || of[ids[1]] != a || of[ids[2]] == a || of[ids[2]] != of[ids[3]] {
		t.Errorf("sets of the contexts = %v", of)
	}
	members, err := s.CompareSet(a)
	if err != nil || len(members) != 2 || members[0] != ids[0] || members[1] != ids[1] {
		t.Errorf("set %d = %v (%v), want %v", a, members, err, ids[:2])
	}
	if err := s.Delete(ids[0]); err != nil {
		t.Fatal(err)
	}
	if members, err = s.CompareSet(a); err != nil || len(members) != 1 || members[0] != ids[1] {
		t.Errorf("set %d after deleting a member = %v (%v)", a, members, err)
	}
	if err := s.Delete(ids[1]); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CompareSet(a); !errors.Is(err, ErrNoCompareSet) {
		t.Errorf("an emptied set reads %v, want ErrNoCompareSet", err)
	}
}

// insertContext stores an empty context and returns parley's number for it.
func insertContext(t *testing.T, s *Store, contextID string) int64 {
	t.Helper()
	res, err := s.db.Exec(`INSERT INTO contexts (agent_id, agent_ref, context_id, created, updated) VALUES ('http://127.0.0.1:9', 'http://127.0.0.1:9/', ?, 1, 1)`, contextID)
	if err != nil {
		t.Fatal(err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		t.Fatal(err)
	}
	return id
}
