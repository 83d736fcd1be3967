package cli

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// printTimings writes the quiet line of what a turn measured, after its
// state: "first token 180 ms · done in 2.4 s". Nothing when the turn was
// not measured.
func printTimings(w io.Writer, t session.Timings) {
	if line := t.Line(); line != "" {
		fmt.Fprintln(w, termsafe.Line(line))
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
