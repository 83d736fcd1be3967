package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

func openTestStore(t testing.TB) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "parley.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// flushLog keeps every group a recorder committed.
type flushLog struct {
	mu      sync.Mutex
	flushes []session.Flush
}

func (l *flushLog) add(f session.Flush) {
	l.mu.Lock()
	l.flushes = append(l.flushes, f)
	l.mu.Unlock()
}

func (l *flushLog) all() []session.Flush {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]session.Flush(nil), l.flushes...)
}

func jsonOf(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sameTranscript compares items as stored (JSON forms, times to the
// nanosecond, parts with their bytes), ignoring Err, which is not kept.
func sameTranscript(t *testing.T, got, want []session.Item) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("stored %d items, conversation has %d:\nstored: %s\nlive:   %s", len(got), len(want), sessiontest.Kinds(got), sessiontest.Kinds(want))
	}
	for i := range want {
		g, w := ItemToJSON(got[i]), ItemToJSON(want[i])
		g.Time, w.Time = g.Time.UTC(), w.Time.UTC().Round(0)
		if a, b := jsonOf(t, g), jsonOf(t, w); a != b {
			t.Errorf("item %d:\nstored %s\nlive   %s", i, a, b)
		}
	}
}

func TestRecorderRecordsEventsAsTheyArrive(t *testing.T) {
	srv := sessiontest.DemoServer(t, demoagent.Options{ChunkDelay: time.Millisecond})
	s := openTestStore(t)
	conv := session.NewConversation(sessiontest.ResolveDemo(t, srv.URL), "parley demo", nil)
	var log flushLog
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(srv.URL, conv.Client()), OnFlush: log.add})
	conv.Send("Tell me about *streaming*")
	sessiontest.WaitIdle(t, conv)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}

	// The artifact was written while it grew, not only at the end.
	partial := 0
	for _, f := range log.all() {
		for _, it := range f.Items {
			if it.Kind == session.ItemArtifact && !it.Done {
				partial++
			}
		}
	}
	if partial < 2 {
		t.Errorf("the growing artifact was written %d times before it was sealed; want it written as it streamed", partial)
	}

	id := rec.ID()
	items, err := s.LoadTail(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	sameTranscript(t, items, conv.Items())

	info, err := s.Context(id)
	if err != nil {
		t.Fatal(err)
	}
	if info.Title != "Tell me about *streaming*" || info.LastState != "completed" || info.Messages != 1 ||
		info.ContextID == "" || info.ContextID != conv.ContextID() || info.Agent.Ref != srv.URL || info.Agent.Name != "parley demo" ||
		!json.Valid(info.Agent.Card) || info.Agent.CardURL == "" {
		t.Errorf("context = %+v", info)
	}
	tasks, err := s.Tasks(id)
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) != 1 || tasks[0].State != a2aclient.StateCompleted || tasks[0].Title != "Tell me about *streaming*" {
		t.Errorf("tasks = %+v", tasks)
	}
}

func TestRecorderKeepsDataAndFilePartsAndDropsSecrets(t *testing.T) {
	srv := sessiontest.DemoServer(t, demoagent.Options{})
	s := openTestStore(t)
	conv := session.NewConversation(sessiontest.ResolveDemo(t, srv.URL), "parley demo", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(srv.URL, conv.Client())})
	conv.Send("Show me the itinerary data")
	sessiontest.WaitIdle(t, conv)
	conv.Send("sign in please")
	sessiontest.WaitIdle(t, conv)
	taskID, state := conv.Waiting()
	if state != a2aclient.StateAuthRequired {
		t.Fatalf("waiting = %q %q", taskID, state)
	}
	conv.SendCredentialTurn(taskID)
	sessiontest.WaitIdle(t, conv)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	items, err := s.LoadTail(rec.ID(), 0)
	if err != nil {
		t.Fatal(err)
	}
	sameTranscript(t, items, conv.Items())
	var file *a2aclient.File
	var data any
	for _, it := range items {
		for _, p := range it.Parts {
			switch p.Kind {
			case a2aclient.PartFile:
				file = p.File
			case a2aclient.PartData:
				if data == nil {
					data = p.Data
				}
			}
		}
	}
	if file == nil || file.Name != "itinerary.csv" || !bytes.Contains(file.Bytes, []byte("LIS")) {
		t.Errorf("file part = %+v", file)
	}
	if !strings.Contains(jsonOf(t, data), "LIS") {
		t.Errorf("data part = %s", jsonOf(t, data))
	}
	secret := 0
	for _, it := range items {
		if it.Secret {
			secret++
			if it.Text != session.CredentialTurnNote(taskID) || it.Kind != session.ItemNotice || it.Parts != nil || it.Detail != "" {
				t.Errorf("secret item stored as %+v", it)
			}
		}
	}
	if secret != 1 {
		t.Errorf("%d secret items stored, want 1", secret)
	}
}

// applyChunks grows one artifact n times, as a fast stream does.
func applyChunks(c *session.Conversation, taskID string, n int) {
	var text strings.Builder
	for i := range n {
		text.WriteString("chunk ")
		c.Edit(func(e session.Editor) {
			e.Task(taskID, "")
			e.PutArtifact(taskID, a2aclient.Artifact{ID: "a", Name: "answer", Parts: []a2aclient.Part{a2aclient.TextPart(text.String())}}, i == n-1)
		})
		c.Changed()
	}
}

func TestRecorderGroupsStreamedChunks(t *testing.T) {
	s := openTestStore(t)
	conv := session.NewConversation(nil, "fake", nil)
	conv.Restore("ctx-1", nil, nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "fake", Ref: "http://fake"}})
	before := s.Commits()
	const chunks = 10000
	applyChunks(conv, "t1", chunks)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	commits := s.Commits() - before
	t.Logf("%d chunk updates cost %d transactions", chunks, commits)
	if commits > chunks/20 {
		t.Errorf("%d chunk updates cost %d transactions; want them grouped", chunks, commits)
	}
	items, err := s.LoadTail(rec.ID(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 1 || !items[0].Done || items[0].Version != chunks || len(items[0].Parts[0].Text) != chunks*len("chunk ") {
		t.Errorf("stored %+v", items)
	}
}

func TestStoreListsFiltersAndPages(t *testing.T) {
	s := openTestStore(t)
	mk := func(agent, title string, n int) int64 {
		conv := session.NewConversation(nil, agent, nil)
		conv.Restore("", nil, nil)
		rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: agent, Ref: "http://" + agent}})
		conv.Edit(func(e session.Editor) {
			e.Add(&session.Item{Key: "user:1", Kind: session.ItemUser, Text: title, Done: true})
			for i := 1; i < n; i++ {
				e.Add(&session.Item{Kind: session.ItemNotice, Text: "note", Done: true})
			}
		})
		conv.Changed()
		if err := rec.Close(); err != nil {
			t.Fatal(err)
		}
		return rec.ID()
	}
	a := mk("alpha", "Book a flight to Lisbon", 1)
	b := mk("beta", "What is 100% of_it?", 1)
	c := mk("alpha", "Long one\nsecond line", 250)

	all, err := s.ListContexts("", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 3 || all[0].ID != c || all[2].ID != a {
		t.Fatalf("list = %+v", all)
	}
	if all[0].Title != "Long one" {
		t.Errorf("title = %q, want the first line", all[0].Title)
	}
	for _, tc := range []struct {
		agent, filter string
		want          []int64
	}{
		{"alpha", "", []int64{c, a}},
		{"http://beta", "", []int64{b}},
		{"", "lisbon", []int64{a}},
		{"", "100%", []int64{b}},
		{"", "i_b", nil}, // "_" is not a wildcard
		{"", "of_", []int64{b}},
	} {
		got, err := s.ListContexts(tc.agent, tc.filter)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, g := range got {
			ids = append(ids, g.ID)
		}
		if jsonOf(t, ids) != jsonOf(t, tc.want) {
			t.Errorf("ListContexts(%q, %q) = %v, want %v", tc.agent, tc.filter, ids, tc.want)
		}
	}

	if err := s.Rename(a, "Lisbon trip"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.ListContexts("", "trip"); len(got) != 1 || got[0].Label() != "Lisbon trip" {
		t.Errorf("after rename: %+v", got)
	}

	tail, err := s.LoadTail(c, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(tail) != 100 || tail[0].Seq != 150 || tail[99].Seq != 249 {
		t.Fatalf("tail = %d items from %d", len(tail), tail[0].Seq)
	}
	seen := len(tail)
	for first := tail[0].Seq; first > 0; {
		page, err := s.LoadBefore(c, first, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 || page[len(page)-1].Seq != first-1 {
			t.Fatalf("page before %d = %d items", first, len(page))
		}
		seen += len(page)
		first = page[0].Seq
	}
	if n, _ := s.CountItems(c); n != 250 || seen != 250 {
		t.Errorf("count %d, paged through %d", n, seen)
	}

	if err := s.Delete(c); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.CountItems(c); n != 0 {
		t.Errorf("%d items left after delete", n)
	}
	if _, err := s.Context(c); !errors.Is(err, ErrNoContext) {
		t.Errorf("deleted context: %v", err)
	}
	if hits, _ := s.Search("note", 0); len(hits) != 0 {
		t.Errorf("search still finds the deleted context: %+v", hits)
	}
	if err := s.Delete(c); !errors.Is(err, ErrNoContext) {
		t.Errorf("second delete: %v", err)
	}
}

func TestStoreSearch(t *testing.T) {
	srv := sessiontest.DemoServer(t, demoagent.Options{})
	s := openTestStore(t)
	conv := session.NewConversation(sessiontest.ResolveDemo(t, srv.URL), "parley demo", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(srv.URL, conv.Client())})
	conv.Send("Tell me about the Café \"quoted\" OR -weird* (syntax)")
	sessiontest.WaitIdle(t, conv)
	conv.Send("Show me the itinerary data")
	sessiontest.WaitIdle(t, conv)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		query string
		kind  session.ItemKind
		want  string
	}{
		{"cafe", session.ItemUser, "Café"},            // diacritics folded
		{"\"quoted\" OR", session.ItemUser, "quoted"}, // FTS syntax is text
		{"-weird* (syntax", session.ItemUser, "weird"},
		{"itinerary.csv", session.ItemArtifact, "itinerary"},
		{"LIS", session.ItemArtifact, "LIS"}, // inside a data part
		{"answered chunks", session.ItemStatus, "Answered"},
		{"itiner", session.ItemUser, "itinerary"}, // the last word is a prefix
	} {
		hits, err := s.Search(tc.query, 0)
		if err != nil {
			t.Fatalf("%q: %v", tc.query, err)
		}
		found := false
		for _, h := range hits {
			if h.Kind == tc.kind && h.Context.ID == rec.ID() && strings.Contains(h.Snippet, SnippetOpen) &&
				strings.Contains(strings.ToLower(h.Snippet), strings.ToLower(tc.want)) && h.Key != "" {
				found = true
			}
		}
		if !found {
			t.Errorf("Search(%q) = %+v, want a %v hit with %q", tc.query, hits, tc.kind, tc.want)
		}
	}
	if hits, err := s.Search("zzzyyyxxx", 0); err != nil || len(hits) != 0 {
		t.Errorf("nonsense query: %v %v", hits, err)
	}
	if hits, err := s.Search(" \"* ", 0); err != nil || hits != nil {
		t.Errorf("punctuation only: %v %v", hits, err)
	}
}

func TestStoreKeepsNoCredentialsFromAgentURLs(t *testing.T) {
	s := openTestStore(t)
	conv := session.NewConversation(nil, "a", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "a", Ref: "https://me:hunter2@agent.example/a2a?api_key=abc&tenant=t1",
		URL: "https://agent.example/rpc?access_token=xyz", CardURL: "https://agent.example/card?sig=s"}})
	say(conv, "hi")
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	c, err := s.Context(rec.ID())
	if err != nil {
		t.Fatal(err)
	}
	if c.Agent.Ref != "https://agent.example/a2a?tenant=t1" || c.Agent.URL != "https://agent.example/rpc" || c.Agent.CardURL != "https://agent.example/card" {
		t.Errorf("stored agent = %+v", c.Agent)
	}
}
