package cli

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// noteTurn ends a text-mode exchange: on a terminal with the quiet line
// of what the turn measured and its trace id, "first token 180 ms · done
// in 2.4 s · trace 4bf92f35…"; off one (stdout is the answer, for a pipe)
// with only the trace id, as a note on stderr.
func (r *runner) noteTurn(s *session.Summary) {
	if !r.isTerminal() {
		r.noteTrace(s.TraceID)
		return
	}
	if line := turnLine(&session.Turn{Timings: s.Timings, TraceID: s.TraceID}); line != "" {
		fmt.Fprintln(r.env.Stdout, termsafe.Line(line))
	}
}

// noteTrace writes "parley: trace id …" on stderr when the exchange was
// traced, so a piped text-mode send still says which trace to look up.
func (r *runner) noteTrace(id string) {
	if id != "" {
		fmt.Fprintln(r.env.Stderr, "parley: trace id "+termsafe.Line(id))
	}
}

// writeTurn writes, under a stored user message, how the turn it started
// went: "(first token 180 ms · done in 2.4 s · trace 4bf92f35…)".
func writeTurn(w *bufio.Writer, t *session.Turn) {
	if line := turnLine(t); line != "" {
		w.WriteString("    (" + termsafe.Line(line) + ")\n")
	}
}

// turnLine is a turn's timings and trace id in one line; "" for none.
func turnLine(t *session.Turn) string {
	if t == nil {
		return ""
	}
	var parts []string
	if line := t.Timings.Line(); line != "" {
		parts = append(parts, line)
	}
	if t.TraceID != "" {
		parts = append(parts, "trace "+termsafe.Line(t.TraceID))
	}
	return strings.Join(parts, " · ")
}
