package store

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/session"
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
