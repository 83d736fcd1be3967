package store

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/a2ui"
)

// Search finds what the people and agents said, not parley's own
// notices (the welcome banner was a hit), and its excerpts read as text,
// not Markdown source ("**sign in**") (issue 32, item 23).
func TestSearchFindsWhatWasSaid(t *testing.T) {
	s := openTestStore(t)
	conv := session.NewConversation(nil, "a", nil)
	rec := s.Record(conv, session.RecordOptions{})
	conv.Notice("Welcome to parley. Press ctrl+x for an example prompt.")
	conv.Edit(func(e session.Editor) {
		e.Add(&session.Item{Kind: session.ItemUser, Text: "where is the example lighthouse?", Done: true})
		e.Add(&session.Item{Kind: session.ItemAgent, Text: "Please **sign in** at [the portal](https://127.0.0.1:1/x) with `token` first.", Done: true})
	})
	conv.Changed()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	found, err := s.Search("example", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range found {
		if h.Kind == session.ItemNotice {
			t.Errorf("parley's own notice is a hit: %q", h.Snippet)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d hits for example, want the user's one", len(found))
	}
	found, err = s.Search("sign", 0)
	if err != nil || len(found) != 1 {
		t.Fatalf("%d hits for sign (%v)", len(found), err)
	}
	plain := strings.NewReplacer(SnippetOpen, "", SnippetClose, "").Replace(found[0].Snippet)
	if want := "Please sign in at the portal with token first."; plain != want {
		t.Fatalf("excerpt %q, want %q", plain, want)
	}
}

// Search's excerpts read as the chat shows an item: an agent's form
// (A2UI) by its words, not its JSON (`…component":"Text","id":"title"…`),
// other data by its keys and values without JSON's marks, and a name an
// item repeats (an artifact named as its file) once.
func TestSearchReadsDataAsText(t *testing.T) {
	var form any
	if err := json.Unmarshal([]byte(`[
{"version": "v0.9", "createSurface": {"surfaceId": "booking", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
{"version": "v0.9", "updateDataModel": {"surfaceId": "booking", "path": "/booking", "value": {"name": ""}}},
{"version": "v0.9", "updateComponents": {"surfaceId": "booking", "components": [
 {"id": "root", "component": "Column", "children": ["title", "name"]},
 {"id": "title", "component": "Text", "text": "Book a table", "variant": "h2"},
 {"id": "name", "component": "TextField", "label": "Your name", "value": {"path": "/booking/name"}}
]}}]`), &form); err != nil {
		t.Fatal(err)
	}
	s := openTestStore(t)
	conv := session.NewConversation(nil, "a", nil)
	rec := s.Record(conv, session.RecordOptions{})
	conv.Edit(func(e session.Editor) {
		e.Add(&session.Item{Kind: session.ItemAgent, Text: "Here is a form.", Done: true, Parts: []a2aclient.Part{
			{Kind: a2aclient.PartData, Data: form, Metadata: map[string]any{"mimeType": a2ui.MimeType}}}})
		e.Add(&session.Item{Kind: session.ItemArtifact, Name: "itinerary", Done: true, Parts: []a2aclient.Part{
			{Kind: a2aclient.PartData, Data: map[string]any{"legs": []any{map[string]any{"from": "LHR", "to": "LIS"}}}}}})
		e.Add(&session.Item{Kind: session.ItemArtifact, Name: "itinerary.csv", Done: true, Parts: []a2aclient.Part{
			{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "itinerary.csv", MimeType: "text/csv"}}}})
	})
	conv.Changed()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	plain := func(h SearchHit) string {
		return strings.NewReplacer(SnippetOpen, "", SnippetClose, "").Replace(h.Snippet)
	}
	for _, c := range []struct{ query, want string }{{"table", "Book a table"}, {"name", "Your name"}, {"LIS", "LIS"}, {"csv", "itinerary.csv"}} {
		found, err := s.Search(c.query, 0)
		if err != nil || len(found) != 1 {
			t.Fatalf("%d hits for %s (%v), want one", len(found), c.query, err)
		}
		got := plain(found[0])
		if !strings.Contains(got, c.want) || strings.ContainsAny(got, `{}[]"`) || strings.Contains(got, "component") {
			t.Errorf("excerpt for %s: %q, want the words (%q) without JSON", c.query, got, c.want)
		}
		if strings.Count(got, c.want) != 1 {
			t.Errorf("excerpt for %s: %q says %q more than once", c.query, got, c.want)
		}
	}
}
