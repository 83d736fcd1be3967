package styles

import (
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/parley-a2a/parley/a2aclient"
)

// StateLook is how every pane shows one A2A task state: its glyph, its
// short word in the task list, its tone, and its line in the help's
// legend. Panes read this table and nothing else.
type StateLook struct {
	Glyph string // "" for a state still moving: the pane animates it
	word  string // the task list's short word
	Tone  func(*Styles) lipgloss.Style
	// Asks is a state waiting on the person (input or auth).
	Asks bool
	// legend is the help's words for the glyph; "" leaves it out.
	legend string
}

func toneSuccess(st *Styles) lipgloss.Style { return st.Success }
func toneInfo(st *Styles) lipgloss.Style    { return st.Info }
func toneWarning(st *Styles) lipgloss.Style { return st.Warning }
func toneError(st *Styles) lipgloss.Style   { return st.Error }
func toneMuted(st *Styles) lipgloss.Style   { return st.Muted }

// taskStates is the one table of A2A task states, in the order the
// help's legend lists them.
var taskStates = []struct {
	state a2aclient.State
	look  StateLook
}{
	{a2aclient.StateCompleted, StateLook{Glyph: "✓", word: "completed", Tone: toneSuccess, legend: "completed"}},
	{a2aclient.StateInputRequired, StateLook{Glyph: "?", word: "input", Tone: toneWarning, Asks: true, legend: "needs input"}},
	{a2aclient.StateAuthRequired, StateLook{Glyph: "🔒", word: "auth", Tone: toneWarning, Asks: true, legend: "needs auth"}},
	{a2aclient.StateFailed, StateLook{Glyph: "✗", word: "failed", Tone: toneError, legend: "failed"}},
	{a2aclient.StateCanceled, StateLook{Glyph: "⊘", word: "canceled", Tone: toneMuted, legend: "canceled or rejected"}},
	{a2aclient.StateRejected, StateLook{Glyph: "⊘", word: "rejected", Tone: toneMuted}},
	{a2aclient.StateSubmitted, StateLook{word: "submitted", Tone: toneInfo}},
	{a2aclient.StateWorking, StateLook{word: "working", Tone: toneInfo}},
}

// WorkingMark is the mark of a task still moving where no spinner
// runs: the chat's status lines, a listed task nobody follows.
const WorkingMark = "◆"

// UnknownMark is the mark of a state parley does not know (one A2A may
// add later, or "unknown"), in every pane.
const UnknownMark = "·"

// ChatMark is the chat status line's glyph for state s: the state's own
// (the legend's "? needs input" too), the working mark for one still
// moving.
func ChatMark(s a2aclient.State) string {
	if l := LookOf(s); l.Glyph != "" {
		return l.Glyph
	}
	return WorkingMark
}

// LookOf is state s's look; a state A2A may add later shows as its own
// word with a neutral dot, and no state yet as "sent".
func LookOf(s a2aclient.State) StateLook {
	for _, x := range taskStates {
		if x.state == s {
			return x.look
		}
	}
	if s == "" {
		return StateLook{Glyph: UnknownMark, word: "sent", Tone: toneMuted}
	}
	return StateLook{Glyph: UnknownMark, word: string(s), Tone: toneMuted}
}

// StateMark is the task list's badge for a state; a moving state shows
// the spinner's frame.
func StateMark(s a2aclient.State, spinner string, st *Styles) (string, lipgloss.Style) {
	l := LookOf(s)
	if l.Glyph == "" {
		return spinner, l.Tone(st)
	}
	return l.Glyph, l.Tone(st)
}

// StateWord is the state as the task list names it.
func StateWord(s a2aclient.State) string { return LookOf(s).word }

// legendIndent starts a legend's second row under its first ("Tasks:  "
// is eight cells wide).
const legendIndent = "        "

// StateLegend is the help's line of task badges, wrapped into rows of
// at most width cells, whole items a row.
func StateLegend(width int) string {
	var items []string
	for _, x := range taskStates {
		if x.look.legend != "" {
			items = append(items, x.look.Glyph+" "+x.look.legend)
		}
	}
	// The chat's mark for a task still moving, any other state's, and
	// the Tasks pane's for one a push changed while the user looked
	// elsewhere.
	items = append(items, WorkingMark+" working", UnknownMark+" other or unknown", "• changed while away")
	var rows []string
	row := ""
	for _, it := range items {
		switch {
		case row == "":
			row = it
		case CellWidth(row)+2+CellWidth(it) <= width:
			row += "  " + it
		default:
			rows = append(rows, row)
			row = it
		}
	}
	rows = append(rows, row)
	return strings.Join(rows, "\n"+legendIndent)
}

// StoredOutcome is how the conversations list shows the last state a
// stored conversation reached: a task state (with its full name, as the
// store keeps it), or one of the store's own outcomes, which are not
// task states: "message" (a direct reply) and "error" (the exchange
// failed before any task state came).
func StoredOutcome(s string) string {
	switch s {
	case "message", "":
		return s
	case "error":
		return "✗ error"
	}
	l := LookOf(a2aclient.State(s))
	if l.Glyph == "" {
		return "… " + s
	}
	if l.Glyph == UnknownMark {
		return s
	}
	return l.Glyph + " " + s
}
