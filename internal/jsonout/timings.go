package jsonout

import (
	"strconv"
)

// TimingsJSON is what parley measured of one turn, in milliseconds from
// the moment it sent the message (docs/cli.md, "Timings"). A moment the
// turn never reached is left out.
type TimingsJSON struct {
	FirstByteMs  float64 `json:"firstByteMs,omitempty"`  // the response's first byte
	FirstEventMs float64 `json:"firstEventMs,omitempty"` // the first event (or the reply)
	FirstTextMs  float64 `json:"firstTextMs,omitempty"`  // the first artifact text
	FinalMs      float64 `json:"finalMs,omitempty"`      // the terminal or interrupted state, or the reply message
	// States is how long the task spent in each state it reported before
	// the last, in the order it reported them.
	States []StateTimeJSON `json:"states,omitempty"`
}

// StateTimeJSON is how long a task spent in one state.
type StateTimeJSON struct {
	State string  `json:"state"`
	Ms    float64 `json:"ms"`
}

// TurnJSON is what parley keeps of how one turn went: its timings and
// the trace id its requests carried. The store keeps it with the user's
// message.
type TurnJSON struct {
	Timings *TimingsJSON `json:"timings,omitempty"`
	TraceID string       `json:"traceId,omitempty"`
}

// appendMs writes a millisecond count as encoding/json writes a float64.
func appendMs(dst []byte, ms float64) []byte {
	// encoding/json uses 'f' formatting within [1e-6, 1e21), which every
	// duration parley measures is.
	return strconv.AppendFloat(dst, ms, 'f', -1, 64)
}

// timings writes t as encoding/json writes it.
func (l *lineWriter) timings(t *TimingsJSON) {
	l.lit("{")
	sep := ""
	field := func(name string, ms float64) {
		if ms == 0 {
			return
		}
		l.lit(sep + `"` + name + `":`)
		l.buf = appendMs(l.buf, ms)
		sep = ","
	}
	field("firstByteMs", t.FirstByteMs)
	field("firstEventMs", t.FirstEventMs)
	field("firstTextMs", t.FirstTextMs)
	field("finalMs", t.FinalMs)
	if len(t.States) > 0 {
		l.lit(sep + `"states":[`)
		for i := range t.States {
			if i > 0 {
				l.lit(",")
			}
			l.lit(`{"state":`)
			l.str(t.States[i].State, false)
			l.lit(`,"ms":`)
			l.buf = appendMs(l.buf, t.States[i].Ms)
			l.lit("}")
		}
		l.lit("]")
	}
	l.lit("}")
}
