package ui

import (
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/parley-a2a/parley/a2aclient"
)

// stateLook is how every pane shows one A2A task state: its glyph, its
// short word in the task list, its tone, and its line in the help's
// legend. Panes read this table and nothing else.
type stateLook struct {
	glyph string // "" for a state still moving: the pane animates it
	word  string // the task list's short word
	tone  func(*Styles) lipgloss.Style
	// asks is a state waiting on the person (input or auth).
	asks bool
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
	look  stateLook
}{
	{a2aclient.StateCompleted, stateLook{glyph: "✓", word: "completed", tone: toneSuccess, legend: "completed"}},
	{a2aclient.StateInputRequired, stateLook{glyph: "?", word: "input", tone: toneWarning, asks: true, legend: "needs input"}},
	{a2aclient.StateAuthRequired, stateLook{glyph: "🔒", word: "auth", tone: toneWarning, asks: true, legend: "needs auth"}},
	{a2aclient.StateFailed, stateLook{glyph: "✗", word: "failed", tone: toneError, legend: "failed"}},
	{a2aclient.StateCanceled, stateLook{glyph: "⊘", word: "canceled", tone: toneMuted, legend: "canceled or rejected"}},
	{a2aclient.StateRejected, stateLook{glyph: "⊘", word: "rejected", tone: toneMuted}},
	{a2aclient.StateSubmitted, stateLook{word: "submitted", tone: toneInfo}},
	{a2aclient.StateWorking, stateLook{word: "working", tone: toneInfo}},
}

// lookOf is state s's look; a state A2A may add later shows as its own
// word with a neutral dot, and no state yet as "sent".
func lookOf(s a2aclient.State) stateLook {
	for _, x := range taskStates {
		if x.state == s {
			return x.look
		}
	}
	if s == "" {
		return stateLook{glyph: "·", word: "sent", tone: toneMuted}
	}
	return stateLook{glyph: "·", word: string(s), tone: toneMuted}
}

// stateMark is the task list's badge for a state; a moving state shows
// the spinner's frame.
func stateMark(s a2aclient.State, spinner string, st *Styles) (string, lipgloss.Style) {
	l := lookOf(s)
	if l.glyph == "" {
		return spinner, l.tone(st)
	}
	return l.glyph, l.tone(st)
}

// stateWord is the state as the task list names it.
func stateWord(s a2aclient.State) string { return lookOf(s).word }

// stateLegend is the help's line of task badges, wrapped after three.
func stateLegend() string {
	var items []string
	for _, x := range taskStates {
		if x.look.legend != "" {
			items = append(items, x.look.glyph+" "+x.look.legend)
		}
	}
	// The chat's mark for a task still moving, and the Tasks pane's for
	// one a push changed while the user looked elsewhere.
	items = append(items, "◆ working", "• changed while away")
	var rows []string
	for i := 0; i < len(items); i += 4 {
		rows = append(rows, strings.Join(items[i:min(i+4, len(items))], "  "))
	}
	return strings.Join(rows, "\n        ")
}

// storedOutcome is how the conversations list shows the last state a
// stored conversation reached: a task state (with its full name, as the
// store keeps it), or one of the store's own outcomes, which are not
// task states: "message" (a direct reply) and "error" (the exchange
// failed before any task state came).
func storedOutcome(s string) string {
	switch s {
	case "message", "":
		return s
	case "error":
		return "✗ error"
	}
	l := lookOf(a2aclient.State(s))
	if l.glyph == "" {
		return "… " + s
	}
	if l.glyph == "·" {
		return s
	}
	return l.glyph + " " + s
}
