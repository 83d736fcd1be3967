package cli

import (
	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// statusUpdate shows a status update the way ReadStatus reads it: a
// piece of the reply flows on with the answer, a thought or a tool call
// gets a line of its own labelled as such, a note a line with the state.
func (p *textPrinter) statusUpdate(u session.Update) {
	st := u.Event.Status
	switch a2aclient.ReadStatus(st) {
	case a2aclient.StatusReply:
		p.lastState = st.Status.State
		p.text(u)
	case a2aclient.StatusThought:
		p.lastState = st.Status.State
		p.note("thought", session.ReadThought(st.Status.Message))
	case a2aclient.StatusToolCall:
		p.lastState = st.Status.State
		if tc, ok := session.ReadToolCall(st.Status.Message); ok {
			p.note("tool", tc.Line())
			return
		}
		p.note("tool", st.Status.Message.Text())
	default:
		p.status(st.Status)
	}
}
