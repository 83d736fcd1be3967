package store

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

// What a turn measured is recorded with the user's message, read back
// with it, and carried by the transcript (contexts show, export).
func TestRecorderKeepsTheTurnsTimings(t *testing.T) {
	srv := sessiontest.DemoServer(t, demoagent.Options{})
	s := openTestStore(t)
	conv := session.NewConversation(sessiontest.ResolveDemo(t, srv.URL), "parley demo", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(srv.URL, conv.Client())})
	conv.Send("hello")
	sessiontest.WaitIdle(t, conv)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	items, err := s.LoadTail(rec.ID(), 0)
	if err != nil {
		t.Fatal(err)
	}
	sameTranscript(t, items, conv.Items())
	if len(items) == 0 || items[0].Kind != session.ItemUser || items[0].Turn == nil || items[0].Turn.Timings.Final <= 0 {
		t.Fatalf("the user's message was stored without its turn: %+v", items[0])
	}
	tr, err := s.Transcript(rec.ID())
	if err != nil {
		t.Fatal(err)
	}
	if u := tr.Items[0]; u.Turn == nil || u.Turn.Timings == nil || u.Turn.Timings.FinalMs <= 0 {
		t.Errorf("the transcript's user item carries no timings: %+v", u)
	}
	var doc strings.Builder
	if err := s.ExportJSON(&doc, rec.ID()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(doc.String(), `"finalMs"`) {
		t.Errorf("the JSON export carries no timings:\n%s", doc.String())
	}
	var md strings.Builder
	if err := s.ExportMarkdown(&md, rec.ID()); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^_first token (< 1 ms|\d+(\.\d)? m?s) · done in (< 1 ms|\d+(\.\d)? m?s)_$`).MatchString(md.String()) {
		t.Errorf("the Markdown export carries no timings:\n%s", md.String())
	}
}

// A store of schema version 7 is brought to 8: its items read as before,
// without a turn, and a turn can be kept on them from then on.
func TestStoreUpgradeFrom7KeepsItemsAndAddsTurns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parley.db")
	db, err := sql.Open("sqlite", dsn(path, false, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec(strings.Join(migrations[:7], ";") + fmt.Sprintf(`; PRAGMA user_version = 7; PRAGMA application_id = %d;
		INSERT INTO contexts (id, agent_id, agent_ref, context_id, created, updated) VALUES (1, 'http://127.0.0.1:9', 'http://127.0.0.1:9/', 'c', 1, 1);
		INSERT INTO items (context, key, seq, kind, time, text, done) VALUES (1, 'user:m1', 0, 'user', 1, 'hello', 1);`, applicationID))
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
	if err := s.db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil || version < 8 {
		t.Fatalf("schema version %d (%v), want 8 or later", version, err)
	}
	items, err := s.LoadTail(1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 1 || items[0].Text != "hello" || items[0].Turn != nil {
		t.Fatalf("items after the upgrade = %+v", items)
	}
	if _, err := s.db.Exec(`UPDATE items SET turn = '{"timings":{"finalMs":2400},"traceId":"4bf92f3577b34da6a3ce929d0e0e4736"}' WHERE key = 'user:m1'`); err != nil {
		t.Fatal(err)
	}
	items, err = s.LoadTail(1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if tu := items[0].Turn; tu == nil || tu.Timings.Final.Milliseconds() != 2400 || tu.TraceID != "4bf92f3577b34da6a3ce929d0e0e4736" {
		t.Errorf("turn read back = %+v", tu)
	}
}
