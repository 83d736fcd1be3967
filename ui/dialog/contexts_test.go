package dialog

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// The conversations filter is a text field: ctrl+a and ctrl+e go to its
// start and end, as in the composer. They were the scope and export
// keys, so ctrl+a turned the list to every agent's and the letter typed
// next went on the end; the view's own actions keep off the field's
// line-editing keys.
func TestContextsFilterKeepsLineStartAndEnd(t *testing.T) {
	km := keys.Default().Contexts
	v := NewContexts(styles.New(themes.Dark), km, nil, "http://127.0.0.1:1/", "a")
	press := func(names ...string) {
		for _, n := range names {
			if act, _ := v.handleKey(uitest.Key(n)); act == ctxExport {
				t.Errorf("%s exported", n)
			}
		}
	}
	press("p", "i", "ctrl+a", "X", "ctrl+e", "Y")
	if got := v.input.Value(); got != "XpiY" {
		t.Errorf("the filter reads %q, want XpiY", got)
	}
	if v.all {
		t.Error("a line-editing key turned the list to every agent's")
	}
	press(keys.FirstKey(km.AllAgent))
	if !v.all {
		t.Errorf("%s does not turn the list to every agent's", keys.FirstKey(km.AllAgent))
	}
	if act, _ := v.handleKey(uitest.Key(keys.FirstKey(km.Export))); act != ctxExport {
		t.Errorf("%s does not export", keys.FirstKey(km.Export))
	}

	line := textinput.DefaultKeyMap()
	for _, edit := range append(line.LineStart.Keys(), line.LineEnd.Keys()...) {
		for _, b := range []struct {
			name string
			keys []string
		}{{"scope", km.AllAgent.Keys()}, {"export", km.Export.Keys()}} {
			for _, k := range b.keys {
				if k == edit {
					t.Errorf("contexts.%s takes %s from the filter", b.name, k)
				}
			}
		}
	}
}

// The conversations view names the user's keys, not the defaults.
func TestContextsNoteNamesTheUsersKeys(t *testing.T) {
	k := keys.Default()
	if err := k.Override(map[string][]string{"contexts.export": {"ctrl+y"}}); err != nil {
		t.Fatal(err)
	}
	v := NewContexts(styles.New(themes.Dark), k.Contexts, nil, "", "")
	screen := ansi.Strip(drawnDialog(v, styles.New(themes.Dark), 120, 20))
	if !strings.Contains(screen, "enter open · ctrl+r rename · ctrl+g delete · ctrl+y export · ctrl+s search") {
		t.Errorf("the note does not name the user's export key:\n%s", screen)
	}
}

// In the conversations view a click selects a conversation and a second
// click opens it.
func TestContextsClickSelectsThenOpens(t *testing.T) {
	v := NewContexts(styles.New(themes.Dark), keys.Default().Contexts, nil, "", "")
	v.setList([]session.ContextInfo{{Title: "one"}, {Title: "two"}, {Title: "three"}}, nil, nil)
	screen := drawnDialog(v, styles.New(themes.Dark), 120, 36)
	if lines := strings.Split(screen, "\n"); !strings.Contains(lines[4], "two") {
		t.Fatalf("row 4 is not the second conversation:\n%s", screen)
	}
	if a := v.click(4); a != ctxNone || v.cursor != 1 {
		t.Fatalf("first click: action %v, cursor %d", a, v.cursor)
	}
	if a := v.click(4); a != ctxOpen {
		t.Fatalf("second click: action %v", a)
	}
	if a := v.click(30); a != ctxNone || v.cursor != 1 {
		t.Fatalf("a click below the list: action %v, cursor %d", a, v.cursor)
	}
}

// Contexts for one agent with none stored points at the key that shows
// every agent's.
func TestNoConversationsHintsAtAllAgents(t *testing.T) {
	st := styles.New(themes.Dark)
	km := keys.Default().Contexts
	v := NewContexts(st, km, nil, "http://127.0.0.1:1/", "a")
	v.setList(nil, nil, nil)
	screen := ansi.Strip(drawnDialog(v, st, 100, 12))
	if !strings.Contains(screen, keys.FirstKey(km.AllAgent)+" shows every agent's") {
		t.Fatalf("no hint at the all-agents key:\n%s", screen)
	}
}

// drawnDialog is d drawn for a screen w×h.
func drawnDialog(d Dialog, st *styles.Styles, w, h int) string {
	d.SetSize(w, h)
	return d.View(st)
}

// Clicks and wheel notches on every row of the conversations, listed and
// searched, a title full of escapes among them, at every size the root
// draws dialogs at (40×10 and up): nothing panics, and what is drawn
// cannot drive a terminal. (TestHostileMouseEverywhere throws them at
// the whole screen.)
func TestHostileClicksOnTheConversations(t *testing.T) {
	st := styles.New(themes.Dark)
	listed := NewContexts(st, keys.Default().Contexts, nil, "http://127.0.0.1:1/", "demo")
	listed.setList([]session.ContextInfo{{ID: 1, Title: "a"}, {ID: 2, Title: "b\x1b]0;x\a"}}, nil, nil)
	searched := NewContexts(st, keys.Default().Contexts, nil, "", "")
	searched.search = true
	searched.setList(nil, []store.SearchHit{{Context: session.ContextInfo{ID: 1}, Snippet: "x"}, {Context: session.ContextInfo{ID: 9}, Snippet: "y\x1b]52;c;aGk=\a"}}, nil)
	for _, v := range []*Contexts{listed, searched} {
		for _, sz := range [][2]int{{120, 36}, {80, 24}, {50, 14}, {40, 10}} {
			uitest.AssertTerminalSafe(t, drawnDialog(v, st, sz[0], sz[1]))
			for y := -2; y <= 38; y++ {
				v.Update(tea.MouseClickMsg{X: 10, Y: y, Button: tea.MouseLeft})
				v.Update(tea.MouseWheelMsg{X: 10, Y: y, Button: tea.MouseWheelDown})
				v.Update(tea.MouseWheelMsg{X: 10, Y: y, Button: tea.MouseWheelUp})
			}
			uitest.AssertTerminalSafe(t, drawnDialog(v, st, sz[0], sz[1]))
		}
	}
}

// A hit's excerpt in the list is cut around the match, so the matched
// word shows even when the excerpt is wider than the row.
func TestSearchHitExcerptShowsTheMatch(t *testing.T) {
	v := &Contexts{st: styles.New(themes.Dark)}
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

// noteLines finds, in a drawn dialog, the line counting the rows hidden
// above and the one counting those below; every row of the list
// ("row-NN") must stand between them, in order.
func noteLines(t *testing.T, screen string) (above, below int, rows map[int]int) {
	t.Helper()
	above, below, rows = -1, -1, map[int]int{}
	prev := -1
	for y, l := range strings.Split(screen, "\n") {
		switch k := strings.Index(l, "row-"); {
		case strings.Contains(l, "more above"):
			above = y
		case strings.Contains(l, "more below"):
			below = y
		case k >= 0:
			var i int
			fmt.Sscanf(l[k:], "row-%02d", &i)
			if above < 0 || below >= 0 || i <= prev {
				t.Fatalf("row-%02d on line %d is not between the notes, in order:\n%s", i, y, screen)
			}
			rows[y], prev = i, i
		}
	}
	if above < 0 || below < 0 || len(rows) == 0 {
		t.Fatalf("a list scrolled to its middle lacks a note above (line %d) or below (line %d):\n%s", above, below, screen)
	}
	return above, below, rows
}

// The conversations, listed or searched, scrolled to the middle: the
// count hidden above is on the list's first line, the count below on
// its last, and a click on a row still picks that row.
func TestContextsCountHiddenAboveOnTopAndBelowAtBottom(t *testing.T) {
	st := styles.New(themes.Dark)
	var list []session.ContextInfo
	for i := 0; i < 30; i++ {
		list = append(list, session.ContextInfo{ID: int64(i + 1), Title: fmt.Sprintf("row-%02d", i)})
	}
	var hits []store.SearchHit
	for _, c := range list {
		hits = append(hits, store.SearchHit{Context: c, Snippet: "words"})
	}
	listed := NewContexts(st, keys.Default().Contexts, nil, "", "")
	listed.setList(list, nil, nil)
	searched := NewContexts(st, keys.Default().Contexts, nil, "", "")
	searched.search = true
	searched.setList(nil, hits, nil)
	for name, v := range map[string]*Contexts{"listed": listed, "searched": searched} {
		v.cursor = 15
		screen := ansi.Strip(drawnDialog(v, st, 80, 16))
		_, _, rows := noteLines(t, screen)
		for y, i := range rows {
			v.cursor = 15
			drawnDialog(v, st, 80, 16)
			v.click(y)
			if v.cursor != i {
				t.Fatalf("%s: a click on line %d (row-%02d) picks %d:\n%s", name, y, i, v.cursor, screen)
			}
		}
	}
}
