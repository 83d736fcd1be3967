package cli

import (
	"fmt"
	"io"
	"time"

	"github.com/parley-a2a/parley/session"
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
