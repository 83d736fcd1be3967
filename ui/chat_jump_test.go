package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/themes"
)

// Opening a search hit whose words sit far down a long answer scrolls
// the matched line into view, near the middle, not just the answer's
// header to the top (the line was left below the screen).
func TestChatJumpShowsTheMatchedLine(t *testing.T) {
	c := newTestChat(60, 10)
	var b testItems
	var text []string
	for i := range 30 {
		text = append(text, fmt.Sprintf("line %d of the answer.", i))
	}
	text = append(text, "That is all. Thanks for asking.")
	c.Reset([]session.Item{
		b.add(session.Item{Kind: session.ItemNotice, Time: at(1), Text: "before", Done: true}),
		b.add(session.Item{Kind: session.ItemNotice, Time: at(2), Text: strings.Join(text, "\n\n"), Done: true}),
		b.add(session.Item{Kind: session.ItemNotice, Time: at(3), Text: strings.Join(text[:20], "\n\n"), Done: true}),
	}, "a")
	c.Highlight([]string{"thanks"})
	if !c.JumpToKey("item:1") {
		t.Fatal("the hit's item is not shown")
	}
	lines := strings.Split(ansi.Strip(c.View()), "\n")
	at := -1
	for i, l := range lines {
		if strings.Contains(l, "Thanks") {
			at = i
		}
	}
	if at < 0 {
		t.Fatalf("the matched line is off screen:\n%s", strings.Join(lines, "\n"))
	}
	if at < 2 || at > 7 {
		t.Errorf("the matched line is at row %d of 10, not near the middle:\n%s", at, strings.Join(lines, "\n"))
	}
}

// A hit's excerpt in the list is cut around the match, so the matched
// word shows even when the excerpt is wider than the row.
func TestSearchHitExcerptShowsTheMatch(t *testing.T) {
	v := &contextsView{st: NewStyles(themes.Dark)}
	snippet := "…" + strings.Repeat("lorem ipsum dolor ", 6) + "That is all. " + store.SnippetOpen + "Thanks" + store.SnippetClose + " for reading this long answer…"
	rows := v.hitRows(store.SearchHit{Snippet: snippet}, false, 60)
	got := ansi.Strip(rows[1])
	if !strings.Contains(got, "Thanks") {
		t.Fatalf("the excerpt hides the match: %q", got)
	}
	if w := ansi.StringWidth(rows[1]); w > 60 {
		t.Errorf("the excerpt is %d cells, wider than the row (60)", w)
	}
}
