package cli

import (
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// statusUpdate shows a status update the way ReadStatus reads it: a
// piece of the reply flows on with the answer, a thought or a tool call
// gets a line of its own labelled as such, a note a line with the state.
func (p *textPrinter) statusUpdate(u session.Update) {
	st := u.Event.Status
	switch a2aclient.ReadStatus(u.Tracker.Reading, st) {
	case a2aclient.StatusReply:
		p.lastState = st.Status.State
		p.text(u)
	case a2aclient.StatusThought:
		p.lastState = st.Status.State
		p.note("thought", frameworks.ReadThought(st.Status.Message))
	case a2aclient.StatusToolCall:
		p.lastState = st.Status.State
		if tc, ok := frameworks.ReadToolCall(st.Status.Message); ok {
			p.note("tool", tc.Line())
			switch {
			case tc.AwaitsApproval():
				p.awaiting = tc.Name + " " + tc.Summary
			case p.awaiting != "":
				p.awaiting = ""
			}
			return
		}
		p.note("tool", st.Status.Message.Text())
	default:
		p.status(st.Status)
	}
}

// sameMessage prints a status message that repeats the one on the open
// status line (same message id), as VoltAgent's task snapshots do while
// the answer grows and again when the task completes: grown text flows
// on after what the line shows, and a new state with nothing new gets a
// line with the state alone. It reports whether it printed the status.
func (p *textPrinter) sameMessage(st a2aclient.TaskStatus, note string) bool {
	if !p.noteOpen || st.Message == nil || st.Message.ID == "" || st.Message.ID != p.noteID || !strings.HasPrefix(note, p.lastNote) {
		return false
	}
	grown := note[len(p.lastNote):]
	changed := st.State != p.lastState
	p.lastState, p.lastNote = st.State, note
	if grown != "" {
		p.write(strings.ReplaceAll(grown, "\n", "\n  "))
	}
	if changed {
		p.noteOpen = false
		p.note(string(st.State), "")
	}
	return true
}

// openNote prints a status line and leaves it open for the message to
// grow on (sameMessage).
func (p *textPrinter) openNote(label, text string) {
	p.endLine()
	line := "[" + termsafe.Line(label) + "]"
	if text = strings.TrimSpace(termsafe.Clean(text)); text != "" {
		line += " " + strings.ReplaceAll(text, "\n", "\n  ")
	}
	p.write(line)
	p.noteOpen = p.midLine
	if !p.midLine {
		fmt.Fprintln(p.w)
	}
}

// closeNote ends an open status line before answer text: the answer
// does not run on from it.
func (p *textPrinter) closeNote() {
	if p.noteOpen {
		p.endLine()
	}
}
