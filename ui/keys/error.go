package keys

import (
	"strings"

	"github.com/parley-a2a/parley/internal/editdist"
)

// Error is a [keys] entry parley cannot use: a name it does not know
// or a key another binding has. Name is the entry's name as written, so
// the caller can find its line in the config file.
type Error struct {
	Name string
	Msg  string // what is wrong
	Hint string // what to do
}

func (e *Error) Error() string { return e.Msg + " — " + e.Hint }

// unknownName says a [keys] name is not a binding, suggesting the
// nearest one (a typo, usually).
func (k *Map) unknownName(name string) *Error {
	best, dist := "", 4 // further than three edits is no suggestion
	for _, n := range k.Names() {
		if d := editdist.Distance(name, n); d < dist {
			best, dist = n, d
		}
	}
	hint := "the key table of docs/tui.md lists every name"
	if best != "" {
		hint = "did you mean " + quoteName(best) + "? The key table of docs/tui.md lists every name"
	}
	return &Error{Name: name, Msg: "unknown key binding " + quoteName(name) + " in [keys]", Hint: hint}
}

func quoteName(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }
