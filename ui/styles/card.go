// Card text: what an agent writes on its card, cut to the lines it may
// take before it is cleaned, and kept from drawing the tick only a
// verified signature earns.

package styles

import (
	"strings"
	"unicode/utf8"

	"github.com/parley-a2a/parley/termsafe"
)

// CutBytes cuts s to at most n bytes at a character boundary, marking
// the cut with an ellipsis.
func CutBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// CardText cleans a card string for lines lines of width w, cutting it
// first to what those lines could hold (at four bytes a cell, with one
// line to spare so wrapping still sees that there was more).
func CardText(s string, w, lines int) string {
	return NoTicks.Replace(termsafe.Line(CutBytes(s, (lines+1)*w*4)))
}

// NoTicks keeps a card's own text from drawing the tick that only a
// verified signature earns: a name or a reason holding "✓" would pass
// for parley's mark.
var NoTicks = strings.NewReplacer("✓", "?", "✔", "?", "✅", "?", "☑", "?", "🗸", "?")
