package dialog

import (
	"fmt"

	"github.com/parley-a2a/parley/session"
)

// A context the compare view recorded with others is in a compare set
// (session/store, compare_set.go): its row is marked "◆ set N", the
// agents pane's compare mark and parley's number for the set, and
// opening it from the list opens the whole set as columns.

// setOf is the compare set of the listed context info, 0 for none; a
// search hit opens its one context at the hit, so it has none.
func (v *Contexts) setOf(info session.ContextInfo) int64 {
	if v.search {
		return 0
	}
	return v.sets[info.ID]
}

// setMark is the row's mark before its title: "◆ set N  ", or "".
func (v *Contexts) setMark(c session.ContextInfo) string {
	if n := v.sets[c.ID]; n != 0 {
		return fmt.Sprintf("◆ set %d  ", n)
	}
	return ""
}
