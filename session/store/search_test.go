package store

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/session"
)

// A version 3 store, indexed with prefix indexes, is upgraded to the
// index without them: rebuilt from the items' bodies, consistent with
// them, found by whole words and by prefixes of any length, and kept up
// to date by the triggers.
func TestStoreUpgradesVersion3Search(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parley.db")
	db, err := sql.Open("sqlite", dsn(path, false, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec(migrations[0] + migrations[1] + migrations[2] + fmt.Sprintf(`; PRAGMA user_version = 3; PRAGMA application_id = %d;
		INSERT INTO contexts (id, created, updated, title) VALUES (1, 1, 1, 'old');
		INSERT INTO items (context, key, seq, kind, time, text, done, body) VALUES
			(1, 'user:1', 0, 'user', 1, 'Plan the itinerary for Zürich', 1, 'Plan the itinerary for Zürich'),
			(1, 'agent:1', 1, 'agent', 1, 'Gladly: museums, then the lake', 1, 'Gladly: museums, then the lake'),
			(1, 'art:t/a', 2, 'artifact', 1, '', 0, '')`, applicationID))
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	s := openStoreAt(t, path)
	var ddl string
	if err := s.db.QueryRow(`SELECT sql FROM sqlite_schema WHERE name = 'items_fts'`).Scan(&ddl); err != nil || strings.Contains(ddl, "prefix") {
		t.Fatalf("items_fts after the upgrade: %q (%v)", ddl, err)
	}
	checkIndex(t, s)
	for query, want := range map[string]int{"itinerary": 1, "zurich": 1, "it": 1, "iti": 1, "itin": 1, "m": 1, "mu": 1, "mus": 1, "the": 2, "th": 2, "nothing": 0} {
		if got := hits(t, s, query); got != want {
			t.Errorf("Search(%q): %d hits, want %d", query, got, want)
		}
	}

	conv := session.NewConversation(nil, "a", nil)
	oc, err := s.OpenContext(1, 0)
	if err != nil {
		t.Fatal(err)
	}
	conv.Restore("", oc.Items, nil)
	rec := s.Record(conv, session.RecordOptions{Context: 1})
	say(conv, "recorded after the upgrade: lighthouse")
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(`UPDATE items SET body = 'Gladly: galleries' WHERE key = 'agent:1'`); err != nil {
		t.Fatal(err)
	}
	checkIndex(t, s)
	for query, want := range map[string]int{"lighth": 1, "museums": 0, "gal": 1} {
		if got := hits(t, s, query); got != want {
			t.Errorf("after writes, Search(%q): %d hits, want %d", query, got, want)
		}
	}
}

// checkIndex has FTS5 check its index against the items' bodies.
func checkIndex(t *testing.T, s *Store) {
	t.Helper()
	if _, err := s.db.Exec(`INSERT INTO items_fts(items_fts, rank) VALUES ('integrity-check', 1)`); err != nil {
		t.Fatalf("the search index does not match the items: %v", err)
	}
}
