package session

import "github.com/parley-a2a/parley/internal/jsonout"

// Turn is what parley learned of how one turn went: what it measured,
// and the trace id its requests carried. The conversation keeps it on
// the user's message that started the turn, and the store with it.
type Turn struct {
	Timings Timings
	TraceID string // empty when no traceparent was sent
}

// JSON is the turn's JSON form, as the store keeps it.
func (t *Turn) JSON() *jsonout.TurnJSON {
	return &jsonout.TurnJSON{Timings: t.Timings.JSON(), TraceID: t.TraceID}
}

// TurnFromJSON reads a turn back from its JSON form; nil gives nil.
func TurnFromJSON(j *jsonout.TurnJSON) *Turn {
	if j == nil {
		return nil
	}
	return &Turn{Timings: TimingsFromJSON(j.Timings), TraceID: j.TraceID}
}

// turnOf is the turn a summary holds, nil when the exchange measured
// nothing.
func turnOf(s *Summary) *Turn {
	if s == nil || s.Outcome.Timings == nil {
		return nil
	}
	return &Turn{Timings: s.Timings, TraceID: s.TraceID}
}

// keepTurn puts the turn an exchange measured on the user's message that
// started it; c.mu is held.
func (c *Conversation) keepTurn(ex *exchange, s *Summary) {
	it := c.byKey[ex.userKey]
	turn := turnOf(s)
	if it == nil || turn == nil {
		return
	}
	it.Turn = turn
	it.Version++ // the store writes an item again when its version moves
	c.touch(it)
}
