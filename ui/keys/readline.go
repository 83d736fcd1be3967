package keys

import (
	"strings"

	"charm.land/bubbles/v2/key"
)

// readlineKeys are the composer's text-field keys: the textarea's own
// (readline habits), not the registry's, so [keys] does not rebind them.
// The help lists them from this one table. Those a registry key takes
// first (ctrl+p, ctrl+n, ctrl+f) are left out: the composer never sees them.
func readlineKeys() []key.Binding {
	km := ComposerTextKeyMap()
	return []key.Binding{
		km.LineStart, km.LineEnd, km.WordBackward, km.WordForward,
		km.DeleteWordBackward, km.DeleteWordForward, km.DeleteBeforeCursor, km.DeleteAfterCursor,
		km.InputBegin, km.InputEnd, km.TransposeCharacterBackward,
		km.UppercaseWordForward, km.LowercaseWordForward, km.CapitalizeWordForward,
		km.SelectAll, km.Paste,
	}
}

// readlineNames are a binding's keys as the help lists them: its first
// key and the readline ones (ctrl or alt with one character), so a row
// fits the help's column.
func readlineNames(b key.Binding) string {
	ks := b.Keys()
	out := []string{ks[0]}
	for _, k := range ks[1:] {
		if mod, c, ok := strings.Cut(k, "+"); ok && (mod == "ctrl" || mod == "alt") && len(c) == 1 {
			out = append(out, k)
		}
	}
	return strings.Join(out, " ")
}
