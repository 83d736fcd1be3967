package dialog

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/doctor"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

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

// The doctor's checks, scrolled to the middle: the count hidden above on
// the list's first line, the count below on its last.
func TestDoctorCountsHiddenAboveOnTopAndBelowAtBottom(t *testing.T) {
	var results []doctor.Result
	for i := 0; i < 30; i++ {
		results = append(results, doctor.Result{Check: fmt.Sprintf("row-%02d", i), Interface: "http://127.0.0.1:4141/", Status: doctor.Pass})
	}
	d := doctorWith(results)
	d.cursor = 15
	noteLines(t, ansi.Strip(drawnDialog(d, styles.New(themes.Dark), 80, 16)))
}
