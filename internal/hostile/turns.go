package hostile

import (
	"net/http"
	"strings"
)

// TurnNames is an agent that streams two artifacts at once, each named
// once with TurnNameSize bytes of escape sequences, bidi and invisible
// characters, then replaces each in turn TurnRounds times with one
// byte: a client that prints a line naming an artifact at every turn
// prints a name sent once again at every one of them.
const TurnNames Mode = "turn-names"

// TurnNameSize and TurnRounds shape TurnNames' answer.
const (
	TurnNameSize = 64 << 10
	TurnRounds   = 200
)

func (s *Server) turnNames(w http.ResponseWriter, c rpcCall) {
	evil := "\x1b]0;pwn\x07\u202eexe.txt\u200b\x1b[2J"
	named := func(id, text string, appendTo bool, name string) map[string]any {
		ev := chunk(TaskID, text, appendTo, false)
		a := artifact(id, text)
		a["name"] = name
		ev["artifact"] = a
		return ev
	}
	plain := func(id, text string, appendTo bool) map[string]any {
		ev := chunk(TaskID, text, appendTo, false)
		a := artifact(id, text)
		delete(a, "name")
		ev["artifact"] = a
		return ev
	}
	if !isStream(c.Method) {
		result(w, c.ID, task("completed", artifact("a", "x"), artifact("b", "y")))
		return
	}
	events(w, c.ID, task("submitted"), status(TaskID, "working", false),
		named("a", "A1", false, evil+strings.Repeat("N", TurnNameSize)),
		named("b", "B1", false, evil+strings.Repeat("M", TurnNameSize)),
		plain("a", "A2", true))
	for range TurnRounds {
		event(w, c.ID, plain("a", "x", false))
		event(w, c.ID, plain("b", "y", false))
	}
	event(w, c.ID, status(TaskID, "completed", true))
}
