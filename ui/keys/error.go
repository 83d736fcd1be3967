package keys

import "strings"

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
		if d := editDistance(name, n); d < dist {
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

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
