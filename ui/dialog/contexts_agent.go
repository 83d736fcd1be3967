// The conversations' agent column: as wide as the labels shown need,
// from the room their titles leave; a label cut keeps its end.

package dialog

import (
	"cmp"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/styles"
)

// agentColumn is the agent column's least width, and rowFixed the cells
// of a row's other columns and gaps beside title and agent (when, state,
// count, and the spaces between).
const (
	agentColumn = 14
	rowFixed    = 1 + 6 + 1 + 16 + 1 + 4 + 1 + 4 + 2 + 2
)

// labelOf is a conversation's agent's label, whole.
func (v *Contexts) labelOf(a session.AgentInfo) (name, place string) {
	if v.labelParts == nil {
		return termsafe.Line(cmp.Or(a.Name, a.Ref)), ""
	}
	return v.labelParts(a)
}

// agentName is a conversation's agent's label in at most w cells: the
// place kept whole, the name cut at its start (the end of "parley demo
// gRPC" is what tells it from "parley demo").
func (v *Contexts) agentName(a session.AgentInfo, w int) string {
	name, place := v.labelOf(a)
	if place == "" {
		return clipStart(name, w)
	}
	return styles.Clip(clipStart(name, max(w-1-ansi.StringWidth(place), 4))+" "+place, w)
}

// agentWidth is the agent column's width for the listed rows from top to
// end in a row w cells wide: the widest label among them, taken from the
// room the titles leave (each keeps its whole title, or at least three
// fifths of the room the two share), and never less than agentColumn.
func (v *Contexts) agentWidth(top, end, w int) int {
	widest, titles := 0, 0
	for i := top; i < end && i < len(v.list); i++ {
		c := v.list[i]
		name, place := v.labelOf(c.Agent)
		widest = max(widest, ansi.StringWidth(strings.TrimSpace(name+" "+place)))
		titles = max(titles, ansi.StringWidth(v.setMark(c)+termsafe.Line(c.Label())))
	}
	if widest <= agentColumn {
		return agentColumn
	}
	shared := w - rowFixed
	return max(agentColumn, min(widest, shared-min(titles, shared*3/5)))
}

// clipStart cuts plain s to n cells at its start, with an ellipsis: its
// last whole words when they fit ("…demo"), else its last cells.
func clipStart(s string, n int) string {
	w := ansi.StringWidth(s)
	if w <= n {
		return s
	}
	if n <= 1 {
		return styles.Clip(s, n)
	}
	tail := ansi.TruncateLeft(s, w-(n-1), "")
	if cut := len(s) - len(tail); cut > 0 && s[cut-1] != ' ' {
		if i := strings.IndexByte(tail, ' '); i >= 0 && i < len(tail)-1 {
			tail = tail[i+1:] // whole words read better than a cut one
		}
	}
	return "…" + strings.TrimLeft(tail, " ")
}
