package hostile

import (
	"net/http"
	"strings"
	"time"
)

// ReplaceWidths is an agent that streams an answer of characters whose
// width terminals disagree on (emoji made wide by VS16, which xterm,
// tmux and VTE show in one cell and a grapheme count in two), then
// replaces it, Fault.Pause apart, with a draft and WidthsFinal. A client
// that redraws the answer in place counting two cells each goes up rows
// the answer never took and erases the lines above it.
const ReplaceWidths Mode = "replace-widths"

// WidthsFinal is ReplaceWidths' last text.
const WidthsFinal = "The final answer."

func (s *Server) replaceWidths(w http.ResponseWriter, c rpcCall, pause time.Duration) {
	if !isStream(c.Method) {
		result(w, c.ID, task("completed", artifact("answer", WidthsFinal)))
		return
	}
	events(w, c.ID, task("submitted"), status(TaskID, "working", false))
	for i, text := range []string{strings.Repeat("\u2764\ufe0f", 100), "A draft.", WidthsFinal} {
		event(w, c.ID, chunk(TaskID, text, false, i == 2))
		time.Sleep(pause)
	}
	event(w, c.ID, status(TaskID, "completed", true))
}
