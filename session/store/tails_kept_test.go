package store

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// longText is an answer long enough to keep its tails once it settles.
func longText(word string) string {
	return word + " " + strings.Repeat("long answer text ", keepTailsFrom/16)
}

func openStoreAt(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// A long answer that came in a few groups is not written a second time
// as it ends: its row takes done and its last version, its tails stay,
// and every reader (this store, the next parley's, search) sees it whole.
func TestASettledLongAnswerKeepsItsTails(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parley.db")
	s := openStoreAt(t, path)
	conv, rec := recordStream(t, s)
	text := longText("opening")
	putText(conv, text, false)
	flush(t, rec)
	text += " middle"
	putText(conv, text, false)
	flush(t, rec)
	text += " lastword"
	putText(conv, text, true)
	flush(t, rec)

	it, row := storedArtifact(t, s, rec.ID())
	if joinText(it.Parts) != text || !it.Done || it.Version != 3 {
		t.Fatalf("settled: %d bytes, done %v, version %d", len(joinText(it.Parts)), it.Done, it.Version)
	}
	if strings.Contains(row, "middle") || tailRows(t, s) != 2 {
		t.Errorf("the row was written again (%d bytes) or its tails dropped (%d)", len(row), tailRows(t, s))
	}
	if hits(t, s, "opening") != 1 || hits(t, s, "lastword") != 1 {
		t.Error("the settled item is not searchable whole")
	}
	sameTranscript(t, mustLoad(t, s, rec.ID()), conv.Items())

	// The next parley neither folds nor rewrites it, and reads it whole.
	next := openStoreAt(t, path)
	if tailRows(t, next) != 2 {
		t.Errorf("the next Open folded a settled item's tails")
	}
	sameTranscript(t, mustLoad(t, next, rec.ID()), conv.Items())
}

func mustLoad(t *testing.T, s *Store, id int64) []session.Item {
	t.Helper()
	items, err := s.LoadTail(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	return items
}

// An item of many tails is folded into its row as it settles: reading
// it would otherwise join them all, every time.
func TestASettledItemOfManyTailsIsWrittenWhole(t *testing.T) {
	s := openTestStore(t)
	conv, rec := recordStream(t, s)
	text := longText("opening")
	for i := range maxKeptTails + 1 {
		text += fmt.Sprintf(" chunk%d", i)
		putText(conv, text, false)
		flush(t, rec)
	}
	putText(conv, text, true)
	flush(t, rec)
	it, row := storedArtifact(t, s, rec.ID())
	if joinText(it.Parts) != text || !it.Done || !strings.Contains(row, fmt.Sprintf("chunk%d", maxKeptTails)) || tailRows(t, s) != 0 {
		t.Errorf("settled: done %v, %d tails", it.Done, tailRows(t, s))
	}
}

// A recorder closed mid-stream settles a long item as it is, not done,
// indexed, its tails kept; the next Open leaves it alone.
func TestRecorderCloseSettlesALongItemStillStreaming(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parley.db")
	s := openStoreAt(t, path)
	conv, rec := recordStream(t, s)
	text := longText("opening")
	putText(conv, text, false)
	flush(t, rec)
	text += " unfinished"
	putText(conv, text, false)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	it, row := storedArtifact(t, s, rec.ID())
	if joinText(it.Parts) != text || it.Done || it.Version != 2 || strings.Contains(row, "unfinished") || tailRows(t, s) != 1 {
		t.Errorf("closed mid-stream: done %v, version %d, %d tails", it.Done, it.Version, tailRows(t, s))
	}
	if hits(t, s, "unfinished") != 1 {
		t.Error("a long item left streaming by Close is not searchable")
	}
	next := openStoreAt(t, path)
	if tailRows(t, next) != 1 {
		t.Error("the next Open folded an indexed item")
	}
	sameTranscript(t, mustLoad(t, next, rec.ID()), conv.Items())
}

// A row another parley rewrote is not settled over: the recorder writes
// its item whole instead, even when the last group added nothing.
func TestRecorderSettlesOnlyTheRowItWrote(t *testing.T) {
	s := openTestStore(t)
	conv, rec := recordStream(t, s)
	text := longText("mine")
	putText(conv, text, false)
	flush(t, rec)
	if _, err := s.db.Exec(`UPDATE items SET parts = '[{"kind":"text","text":"theirs"}]', version = 50 WHERE key = 'art:t1/a'`); err != nil {
		t.Fatal(err)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if it, _ := storedArtifact(t, s, rec.ID()); joinText(it.Parts) != text {
		t.Errorf("read %q…", joinText(it.Parts)[:10])
	}
}

// An item with kept tails, reopened and changed otherwise than by an
// append, is written whole and its tails go; one written again as it was
// keeps them.
func TestAnItemWithKeptTailsWrittenAgain(t *testing.T) {
	s := openTestStore(t)
	conv, rec := recordStream(t, s)
	text := longText("opening")
	putText(conv, text, false)
	flush(t, rec)
	putText(conv, text+" more", true)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	id := rec.ID()
	stored, _ := storedArtifact(t, s, id)

	// The same item again, as a reopened context's recorder knows it.
	st := recState{id: id, known: map[string]bool{stored.Key: true}, remap: map[string]string{}, streams: map[string]streamed{}}
	if _, err := s.writeGroup(&st, group{items: []session.Item{stored}, now: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if it, _ := storedArtifact(t, s, id); joinText(it.Parts) != text+" more" || tailRows(t, s) != 1 {
		t.Errorf("written again unchanged: %d bytes, %d tails", len(joinText(it.Parts)), tailRows(t, s))
	}

	oc, err := s.OpenContext(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	conv = session.NewConversation(nil, "fake", nil)
	conv.Restore("ctx-1", oc.Items, oc.Tasks)
	rec = s.Record(conv, session.RecordOptions{Context: id})
	conv.Edit(func(e session.Editor) {
		e.PutArtifact("t1", a2aclient.Artifact{ID: "a", Name: "answer", Parts: []a2aclient.Part{a2aclient.TextPart("replaced")}}, true)
	})
	conv.Changed()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if it, row := storedArtifact(t, s, id); joinText(it.Parts) != "replaced" || !strings.Contains(row, "replaced") || tailRows(t, s) != 0 {
		t.Errorf("rewritten: %q, %d tails", joinText(it.Parts), tailRows(t, s))
	}
	if hits(t, s, "opening") != 0 || hits(t, s, "replaced") != 1 {
		t.Error("search still sees the old text, or not the new")
	}
}

// A version 2 store with an item a killed parley left streaming (its
// tails, and the mark that it waits to be indexed) is upgraded, and the
// item folded and indexed as the store opens.
func TestStoreUpgradesVersion2WithTails(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parley.db")
	db, err := sql.Open("sqlite", dsn(path, false, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec(migrations[0] + migrations[1] + fmt.Sprintf(`; PRAGMA user_version = 2; PRAGMA application_id = %d;
		INSERT INTO contexts (id, created, updated, title) VALUES (1, 1, 1, 'old');
		INSERT INTO items (context, key, seq, kind, time, parts, version, done, body)
			VALUES (1, 'art:t/a', 0, 'artifact', 1, '[{"kind":"text","text":"left "}]', 1, 0, '');
		INSERT INTO item_tails (context, key, n, version, text) VALUES (1, 'art:t/a', 0, 1, ''), (1, 'art:t/a', 1, 2, 'streaming'), (1, 'art:t/a', 2, 3, ' when killed')`, applicationID))
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	s := openStoreAt(t, path)
	var version, flag int
	if err := s.db.QueryRow(`SELECT (SELECT user_version FROM pragma_user_version), (SELECT tails FROM items)`).Scan(&version, &flag); err != nil || version != schemaVersion {
		t.Fatalf("schema version %d (%v), want %d", version, err, schemaVersion)
	}
	items := mustLoad(t, s, 1)
	if len(items) != 1 || joinText(items[0].Parts) != "left streaming when killed" || items[0].Version != 3 || flag != noTails || tailRows(t, s) != 0 {
		t.Fatalf("upgraded: %+v, tails column %d, %d tails", items, flag, tailRows(t, s))
	}
	if hits(t, s, "killed") != 1 {
		t.Error("the folded item is not searchable")
	}
}

// An item of many large tails (a fast stream committed as parley send
// prints it) keeps them as it settles: written whole, it would cost its
// size again. It reads whole and is searchable.
func TestASettledItemOfManyLargeTailsKeepsThem(t *testing.T) {
	s := openTestStore(t)
	conv, rec := recordStream(t, s)
	text := longText("opening")
	for i := range maxKeptTails + 1 {
		text += fmt.Sprintf(" chunk%d ", i) + strings.Repeat("x", minKeptTail)
		putText(conv, text, false)
		flush(t, rec)
	}
	putText(conv, text, true)
	flush(t, rec)
	it, row := storedArtifact(t, s, rec.ID())
	if joinText(it.Parts) != text || !it.Done {
		t.Fatalf("settled: %d bytes of %d, done %v", len(joinText(it.Parts)), len(text), it.Done)
	}
	if strings.Contains(row, fmt.Sprintf("chunk%d", maxKeptTails)) || tailRows(t, s) != maxKeptTails+1 {
		t.Errorf("written whole (%d bytes in the row) or tails dropped (%d)", len(row), tailRows(t, s))
	}
	if hits(t, s, "opening") != 1 {
		t.Error("the settled item is not searchable")
	}
	sameTranscript(t, mustLoad(t, s, rec.ID()), conv.Items())
}
