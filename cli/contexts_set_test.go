package cli

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/parley-a2a/parley/session/store"
)

// Contexts sent together in the TUI's compare mode are listed with their
// set: a "set N" cell in the table, "set": N in --json; a context in no
// set has neither.
func TestContextsListShowsCompareSets(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	var ids []int64
	for _, text := range []string{"one", "two", "alone"} {
		r := e.run("send", base, text)
		wantCode(t, r, exitOK)
		id, err := strconv.ParseInt(storedID(t, r), 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	st, err := store.Open(e.store)
	if err != nil {
		t.Fatal(err)
	}
	var set int64
	for i, id := range ids[:2] {
		if set, err = st.JoinCompareSet("compare test", id, i); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()

	r := e.run("contexts")
	wantCode(t, r, exitOK)
	for _, c := range []struct {
		title string
		set   string
	}{{"one", fmt.Sprintf("set %d", set)}, {"two", fmt.Sprintf("set %d", set)}, {"alone", "-"}} {
		row := regexp.MustCompile(`(?m)^\d+\s+` + regexp.QuoteMeta(c.set) + `\s.*\s` + c.title + `$`)
		if !row.MatchString(r.stdout) {
			t.Errorf("no row for %q in %s:\n%s", c.title, c.set, r.stdout)
		}
	}
	r = e.run("contexts", "--json")
	wantCode(t, r, exitOK)
	for _, line := range jsonLines(t, r) {
		got, has := line["set"]
		if line["title"] == "alone" {
			if has {
				t.Errorf("a context in no set has \"set\": %v", got)
			}
			continue
		}
		if got != float64(set) {
			t.Errorf("%v: set %v, want %d", line["title"], got, set)
		}
	}
}
