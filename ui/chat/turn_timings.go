package chat

import (
	"strings"
	"time"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// A user's message whose turn has ended folds out (enter, chat.details)
// to how the turn went: when the first byte, event and text came and
// when it settled, how long the task spent in each state, and the trace
// id its requests carried. Folded, it shows as before.

// folds reports whether enter folds and unfolds it: an error, a
// thought, a tool call, a user's message with its turn.
func folds(it *session.Item) bool { return foldable(it.Kind) || hasTurn(it) }

// hasTurn reports whether it is a user's message with a turn to show.
func hasTurn(it *session.Item) bool {
	return it.Kind == session.ItemUser && it.Turn != nil
}

// turnLines are the folded-out lines of a user's message's turn.
func turnLines(t *session.Turn) []string {
	tm := t.Timings
	var moments []string
	for _, m := range []struct {
		name string
		d    time.Duration
	}{{"first byte", tm.FirstByte}, {"first event", tm.FirstEvent}, {"first token", tm.FirstText}, {"done in", tm.Final}} {
		if m.d != 0 {
			moments = append(moments, m.name+" "+shortDuration(m.d))
		}
	}
	var out []string
	if len(moments) > 0 {
		out = append(out, strings.Join(moments, " · "))
	}
	var states []string
	for _, s := range tm.States {
		states = append(states, termsafe.Line(string(s.State))+" "+shortDuration(s.Spent))
	}
	if len(states) > 0 {
		out = append(out, strings.Join(states, " · "))
	}
	if t.TraceID != "" {
		out = append(out, "trace "+termsafe.Line(t.TraceID))
	}
	return out
}

func shortDuration(d time.Duration) string { return session.HumanDuration(d) }
