package cli

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// printTimings writes the quiet line of what a turn measured, after its
// state: "first token 180 ms · done in 2.4 s". Nothing when the turn was
// not measured.
func printTimings(w io.Writer, t session.Timings) {
	if line := timingsLine(t); line != "" {
		fmt.Fprintln(w, line)
	}
}

// timingsLine is the one line a person reads of a turn's timings.
func timingsLine(t session.Timings) string {
	if t.Final == 0 {
		return ""
	}
	first := "first token " + humanDuration(t.FirstText)
	if t.FirstText == 0 {
		first = "first event " + humanDuration(t.FirstEvent)
	}
	return first + " · done in " + humanDuration(t.Final)
}

// humanDuration is d as a person reads it: whole milliseconds under a
// second, seconds to a tenth above.
func humanDuration(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%d ms", d.Milliseconds())
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

// writeTurn writes, under a stored user message, how the turn it started
// went: "(first token 180 ms · done in 2.4 s · trace 4bf92f35…)".
func writeTurn(w *bufio.Writer, t *session.Turn) {
	if t == nil {
		return
	}
	parts := []string{}
	if line := timingsLine(t.Timings); line != "" {
		parts = append(parts, line)
	}
	if t.TraceID != "" {
		parts = append(parts, "trace "+termsafe.Line(t.TraceID))
	}
	if len(parts) > 0 {
		w.WriteString("    (" + strings.Join(parts, " · ") + ")\n")
	}
}
