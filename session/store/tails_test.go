package store

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

// putText sets artifact a of task t1 to text, as a stream's chunks do.
func putText(c *session.Conversation, text string, done bool) {
	c.Edit(func(e session.Editor) {
		e.Task("t1", "")
		e.PutArtifact("t1", a2aclient.Artifact{ID: "a", Name: "answer", Parts: []a2aclient.Part{a2aclient.TextPart(text)}}, done)
	})
	c.Changed()
}

// recordStream starts recording a conversation that streams one artifact.
func recordStream(t *testing.T, s *Store) (*session.Conversation, *Recorder) {
	t.Helper()
	conv := session.NewConversation(nil, "fake", nil)
	conv.Restore("ctx-1", nil, nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "fake", Ref: "http://fake"}, Delay: 1 << 40})
	t.Cleanup(func() { rec.Close() })
	return conv, rec
}

func flush(t *testing.T, rec *Recorder) {
	t.Helper()
	if err := rec.Flush(); err != nil {
		t.Fatal(err)
	}
}

func tailRows(t *testing.T, s *Store) int {
	t.Helper()
	var n int
	if err := s.db.QueryRow(`SELECT count(*) FROM item_tails`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// storedArtifact is the artifact as a reader sees it, and its row alone.
func storedArtifact(t *testing.T, s *Store, id int64) (session.Item, string) {
	t.Helper()
	items, err := s.LoadTail(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	var row sql.NullString
	if err := s.db.QueryRow(`SELECT parts FROM items WHERE context = ? AND key = 'art:t1/a'`, id).Scan(&row); err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if it.Key == "art:t1/a" {
			return it, row.String
		}
	}
	t.Fatalf("no artifact among %s", sessiontest.Kinds(items))
	return session.Item{}, ""
}

func hits(t *testing.T, s *Store, word string) int {
	t.Helper()
	h, err := s.Search(word, 0)
	if err != nil {
		t.Fatal(err)
	}
	return len(h)
}

func TestRecorderAppendsStreamedTextAndIndexesItOnce(t *testing.T) {
	s := openTestStore(t)
	conv, rec := recordStream(t, s)
	text := "first words"
	putText(conv, text, false)
	flush(t, rec)
	for i := range 5 {
		text += fmt.Sprintf(" chunk%d", i)
		putText(conv, text, false)
		flush(t, rec)
	}
	it, row := storedArtifact(t, s, rec.ID())
	if joinText(it.Parts) != text || it.Version != 6 || it.Done {
		t.Errorf("read while streaming: %q version %d done %v", joinText(it.Parts), it.Version, it.Done)
	}
	if strings.Contains(row, "chunk") || tailRows(t, s) != 5 {
		t.Errorf("the row was rewritten (%s) or the text not appended (%d tails)", row, tailRows(t, s))
	}
	if hits(t, s, "first") != 0 {
		t.Error("a streaming item was indexed before it settled")
	}

	text += " lastword"
	putText(conv, text, true)
	flush(t, rec)
	it, row = storedArtifact(t, s, rec.ID())
	if joinText(it.Parts) != text || !it.Done || !strings.Contains(row, "lastword") || tailRows(t, s) != 0 {
		t.Errorf("settled: %q done %v, row %s, %d tails", joinText(it.Parts), it.Done, row, tailRows(t, s))
	}
	if hits(t, s, "first") != 1 || hits(t, s, "lastword") != 1 {
		t.Error("the settled item is not searchable")
	}
}

func TestRecorderCloseIndexesAnItemStillStreaming(t *testing.T) {
	s := openTestStore(t)
	conv, rec := recordStream(t, s)
	putText(conv, "opening", false)
	flush(t, rec)
	putText(conv, "opening unfinished", false)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	it, row := storedArtifact(t, s, rec.ID())
	if joinText(it.Parts) != "opening unfinished" || it.Done || !strings.Contains(row, "unfinished") || tailRows(t, s) != 0 {
		t.Errorf("closed mid-stream: %q done %v, row %s, %d tails", joinText(it.Parts), it.Done, row, tailRows(t, s))
	}
	if hits(t, s, "unfinished") != 1 {
		t.Error("an item left streaming by Close is not searchable")
	}
}

// An item longer than search sees is indexed while it streams: more text
// could not change what search sees of it.
func TestRecorderIndexesALongItemWhileItStreams(t *testing.T) {
	s := openTestStore(t)
	conv, rec := recordStream(t, s)
	text := "early " + strings.Repeat("filler text ", 1000)
	putText(conv, text, false)
	flush(t, rec)
	if hits(t, s, "early") != 0 {
		t.Fatal("indexed too soon")
	}
	for len(text) <= maxBody+100 {
		text += strings.Repeat("more filler ", 2000)
		putText(conv, text, false)
		flush(t, rec)
	}
	if hits(t, s, "early") != 1 {
		t.Error("an item past maxBody is not searchable while it streams")
	}
	putText(conv, text+" end", true)
	flush(t, rec)
	it, _ := storedArtifact(t, s, rec.ID())
	if joinText(it.Parts) != text+" end" || hits(t, s, "early") != 1 {
		t.Errorf("settled: %d bytes, %d hits", len(joinText(it.Parts)), hits(t, s, "early"))
	}
}

// A parley killed mid-stream leaves tails; the next Open folds them
// into their item and indexes it. The killed parley is played by a
// recorder that is not closed until the end; a second Store on the same
// file is the next parley.
func TestOpenStoreFoldsTailsLeftByAKilledParley(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parley.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	conv, rec := recordStream(t, s)
	putText(conv, "orphan", false)
	flush(t, rec)
	putText(conv, "orphan text", false)
	flush(t, rec)

	next, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer next.Close()
	it, row := storedArtifact(t, next, rec.ID())
	if joinText(it.Parts) != "orphan text" || it.Version != 2 || !strings.Contains(row, "orphan text") || tailRows(t, next) != 0 {
		t.Errorf("folded: %q version %d, row %s, %d tails", joinText(it.Parts), it.Version, row, tailRows(t, next))
	}
	if hits(t, next, "text") != 1 {
		t.Error("the folded item is not searchable")
	}

	// The parley still streaming finds its row changed and writes the
	// item whole rather than a tail that would follow the wrong row.
	putText(conv, "orphan text and more", false)
	flush(t, rec)
	it, _ = storedArtifact(t, next, rec.ID())
	if joinText(it.Parts) != "orphan text and more" || it.Version != 3 {
		t.Errorf("after the fold: %q version %d", joinText(it.Parts), it.Version)
	}
	// So does one whose row another parley rewrote meanwhile.
	if _, err := next.db.Exec(`UPDATE items SET parts = '[{"kind":"text","text":"theirs"}]', version = 50 WHERE key = 'art:t1/a'`); err != nil {
		t.Fatal(err)
	}
	putText(conv, "orphan text and more, then the end", false)
	flush(t, rec)
	it, _ = storedArtifact(t, next, rec.ID())
	if joinText(it.Parts) != "orphan text and more, then the end" {
		t.Errorf("after another parley's write: %q", joinText(it.Parts))
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	it, _ = storedArtifact(t, next, rec.ID())
	if joinText(it.Parts) != "orphan text and more, then the end" || tailRows(t, next) != 0 || hits(t, next, "end") != 1 {
		t.Errorf("closed: %q, %d tails", joinText(it.Parts), tailRows(t, next))
	}
}

// Any change but text appended to the last part writes the item whole.
func TestRecorderWritesWholeWhatIsNotAnAppend(t *testing.T) {
	s := openTestStore(t)
	conv, rec := recordStream(t, s)
	steps := []func(){
		func() { putText(conv, "one", false) },
		func() { putText(conv, "one two", false) },
		func() { putText(conv, "replaced", false) }, // not a prefix
		func() { putText(conv, "replaced too", false) },
		func() {
			conv.Edit(func(e session.Editor) {
				e.PutArtifact("t1", a2aclient.Artifact{ID: "a", Name: "renamed", Parts: []a2aclient.Part{a2aclient.TextPart("replaced too!")}}, false)
			})
			conv.Changed()
		},
		func() {
			conv.Edit(func(e session.Editor) {
				e.PutArtifact("t1", a2aclient.Artifact{ID: "a", Name: "renamed", Parts: []a2aclient.Part{a2aclient.TextPart("replaced too!"),
					{Kind: a2aclient.PartData, Data: map[string]any{"k": "v"}}}}, false)
			})
			conv.Changed()
		},
	}
	for i, step := range steps {
		step()
		flush(t, rec)
		live := conv.Items()
		stored, err := s.LoadTail(rec.ID(), 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) { sameTranscript(t, stored, live) })
	}
}

func TestAppendedText(t *testing.T) {
	base := session.Item{Key: "k", Kind: session.ItemArtifact, Name: "n", Parts: []a2aclient.Part{a2aclient.TextPart("a"), a2aclient.TextPart("bc")}}
	with := func(f func(it *session.Item)) session.Item {
		it := base
		it.Parts = append([]a2aclient.Part(nil), base.Parts...)
		f(&it)
		return it
	}
	for _, tc := range []struct {
		name string
		it   session.Item
		tail string
		ok   bool
	}{
		{"appended", with(func(it *session.Item) { it.Parts[1].Text = "bcdef" }), "def", true},
		{"unchanged", with(func(it *session.Item) {}), "", true},
		{"earlier part changed", with(func(it *session.Item) { it.Parts[0].Text = "ax" }), "", false},
		{"last part rewritten", with(func(it *session.Item) { it.Parts[1].Text = "xbc" }), "", false},
		{"shorter", with(func(it *session.Item) { it.Parts[1].Text = "b" }), "", false},
		{"done", with(func(it *session.Item) { it.Parts[1].Text = "bcd"; it.Done = true }), "d", true}, // settled by the caller
		{"renamed", with(func(it *session.Item) { it.Parts[1].Text = "bcd"; it.Name = "m" }), "", false},
		{"part added", with(func(it *session.Item) { it.Parts = append(it.Parts, a2aclient.TextPart("x")) }), "", false},
		{"metadata", with(func(it *session.Item) { it.Parts[1].Text = "bcd"; it.Parts[1].Metadata = map[string]any{"x": 1} }), "", false},
		{"not text", with(func(it *session.Item) { it.Parts[1] = a2aclient.Part{Kind: a2aclient.PartData, Data: "bcd"} }), "", false},
		{"secret", with(func(it *session.Item) { it.Parts[1].Text = "bcd"; it.Secret = true }), "", false},
		{"text field", with(func(it *session.Item) { it.Text = "t" }), "", false},
		{"invalid UTF-8", with(func(it *session.Item) { it.Parts[1].Text = "bc\xffd" }), "", false},
		{"a rune's end", with(func(it *session.Item) { it.Parts[1].Text = "bc\x82\xac" }), "", false},
	} {
		tail, ok := appendedText(&base, &tc.it)
		if tail != tc.tail || ok != tc.ok {
			t.Errorf("%s: appendedText = %q, %v; want %q, %v", tc.name, tail, ok, tc.tail, tc.ok)
		}
	}
}

// A store of schema version 1 opens, is brought to the current version
// with its items intact, and records again.
func TestStoreUpgradesVersion1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parley.db")
	db, err := sql.Open("sqlite", dsn(path, false, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec(migrations[0] + fmt.Sprintf(`; PRAGMA user_version = 1; PRAGMA application_id = %d;
		INSERT INTO contexts (id, created, updated, title) VALUES (1, 1, 1, 'old');
		INSERT INTO items (context, key, seq, kind, time, parts, version, done, body)
			VALUES (1, 'art:t/a', 0, 'artifact', 1, '[{"kind":"text","text":"stored long ago"}]', 7, 0, 'stored long ago')`, applicationID))
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var version int
	if err := s.db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil || version != schemaVersion {
		t.Fatalf("schema version %d (%v), want %d", version, err, schemaVersion)
	}
	oc, err := s.OpenContext(1, 0)
	if err != nil || len(oc.Items) != 1 || joinText(oc.Items[0].Parts) != "stored long ago" || oc.Items[0].Version != 7 {
		t.Fatalf("the old item reads %+v (%v)", oc, err)
	}
	if hits(t, s, "ago") != 1 {
		t.Error("the old item is not found")
	}
	conv := session.NewConversation(nil, "fake", nil)
	conv.Restore("", oc.Items, nil)
	rec := s.Record(conv, session.RecordOptions{Context: 1})
	say(conv, "recorded after the upgrade")
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if n, err := s.CountItems(1); err != nil || n != 2 {
		t.Errorf("%d items after the upgrade (%v)", n, err)
	}
}

func TestWithTail(t *testing.T) {
	for _, tc := range []struct {
		name  string
		parts []a2aclient.Part
		want  []a2aclient.Part
	}{
		{"text", []a2aclient.Part{a2aclient.TextPart("a")}, []a2aclient.Part{a2aclient.TextPart("a+")}},
		{"after data", []a2aclient.Part{{Kind: a2aclient.PartData, Data: "d"}}, []a2aclient.Part{{Kind: a2aclient.PartData, Data: "d"}, a2aclient.TextPart("+")}},
		{"none", nil, []a2aclient.Part{a2aclient.TextPart("+")}},
	} {
		it := session.Item{Parts: tc.parts, Version: 1}
		withTail(&it, sql.NullString{String: "+", Valid: true}, sql.NullInt64{Int64: 3, Valid: true})
		if jsonOf(t, it.Parts) != jsonOf(t, tc.want) || it.Version != 3 {
			t.Errorf("%s: %s version %d", tc.name, jsonOf(t, it.Parts), it.Version)
		}
	}
	it := session.Item{Parts: []a2aclient.Part{{Kind: a2aclient.PartData, Data: "d"}}, Version: 4}
	withTail(&it, sql.NullString{Valid: true}, sql.NullInt64{Int64: 2, Valid: true})
	if len(it.Parts) != 1 || it.Version != 4 {
		t.Errorf("a mark alone changed the item: %+v", it)
	}
}

func joinText(parts []a2aclient.Part) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

// A streamed text reads back as the same text written whole would: what
// JSON keeps of it (invalid UTF-8 becomes U+FFFD), whatever its chunks,
// while it streams and once it settled: folded into its row (short) or
// with its tails kept (long).
func TestTailsReadBackAsTheWholeItemWould(t *testing.T) {
	chunks := []string{"plain ", "nul \x00 and \u2028 and é ", "<b>&amp;</b> \"q\" \\ ", "bad \xff byte ", "split \xe2\x82", "\xac euro", " end", "\xe2", "\x82"}
	checkStreamedText(t, chunks, false)
	checkStreamedText(t, chunks, true)
}

// FuzzTailsReadBack cuts any text into chunks streamed into the store.
func FuzzTailsReadBack(f *testing.F) {
	f.Add("plain text, then é and \u2028", []byte{3, 9}, false)
	f.Add("bad \xff byte, split \xe2\x82\xac euro", []byte{5, 12, 17}, true)
	f.Add("\x00<>&\"\\", []byte{1, 1, 1}, true)
	f.Add("ok then \xff bad", []byte{3}, false)
	f.Fuzz(func(t *testing.T, text string, cuts []byte, long bool) {
		var chunks []string
		for _, c := range cuts {
			if n := int(c) % (len(text) + 1); n > 0 {
				chunks, text = append(chunks, text[:n]), text[n:]
			}
		}
		checkStreamedText(t, append(chunks, text), long)
	})
}

// checkStreamedText streams chunks into one artifact, a group each, and
// reads the artifact back after each and once it is done. long starts
// the text with enough to make the settled item keep its tails.
func checkStreamedText(t *testing.T, chunks []string, long bool) {
	t.Helper()
	s := openTestStore(t)
	conv, rec := recordStream(t, s)
	text := ""
	if long {
		text = strings.Repeat("padding ", keepTailsFrom/8)
	}
	check := func(after string) {
		t.Helper()
		it, _ := storedArtifact(t, s, rec.ID())
		want, err := decodeParts(sql.NullString{String: mustEncode(t, nil, a2aclient.TextPart(text)), Valid: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := joinText(it.Parts); got != want[0].Text {
			t.Fatalf("after %q: read %q, want %q", after, got, want[0].Text)
		}
	}
	for _, chunk := range chunks {
		text += chunk
		putText(conv, text, false)
		flush(t, rec)
		check(chunk)
	}
	putText(conv, text, true)
	flush(t, rec)
	check("done")
	if it, _ := storedArtifact(t, s, rec.ID()); !it.Done || long != (tailRows(t, s) > 0) {
		t.Fatalf("settled: done %v, %d tails (long %v)", it.Done, tailRows(t, s), long)
	}
}

func mustEncode(t *testing.T, parts []a2aclient.Part, more ...a2aclient.Part) string {
	t.Helper()
	pj, err := encodeParts(append(parts, more...))
	if err != nil {
		t.Fatal(err)
	}
	return pj.(string)
}
