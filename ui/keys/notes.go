// The notes dialogs and footers build from the registry: a binding named
// by its first key, notes joined, a digit picked by its position.

package keys

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
)

// Note is a dialog's note for one binding: its keys and what it does
// here ("enter sign in"); desc "" takes the binding's own help text.
func Note(b key.Binding, desc string) string {
	if !b.Enabled() {
		return ""
	}
	if desc == "" {
		desc = b.Help().Desc
	}
	return FirstKey(b) + " " + desc
}

// Or is keys, or the default layout for a dialog built without
// them.
func Or(keys *Map) *Map {
	if keys == nil {
		k := Default()
		return &k
	}
	return keys
}

// FirstKey names a binding's first key as the help does ("↑", "f1").
func FirstKey(b key.Binding) string {
	if ks := b.Keys(); len(ks) > 0 {
		return helpKeys(ks[:1])
	}
	return ""
}

// JoinNotes joins dialog notes with " · ", leaving out disabled ones.
func JoinNotes(notes ...string) string {
	var out []string
	for _, n := range notes {
		if n != "" {
			out = append(out, n)
		}
	}
	return strings.Join(out, " · ")
}

// MatchIndex is which of b's keys msg is, or -1: the sign-in's digits
// pick the way at that position.
func MatchIndex(msg fmt.Stringer, b key.Binding) int {
	if !b.Enabled() {
		return -1
	}
	for i, k := range b.Keys() {
		if key.Matches(msg, key.NewBinding(key.WithKeys(k))) {
			return i
		}
	}
	return -1
}
