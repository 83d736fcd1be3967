package store

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
)

// A turn (session.Turn: its timings, the trace id its requests carried)
// is kept in the turn column of the user's message that started it, as
// its jsonout.TurnJSON; NULL where there is none.

// encodeTurn is what the turn column holds for t.
func encodeTurn(t *session.Turn) (any, error) {
	if t == nil {
		return nil, nil
	}
	b, err := json.Marshal(t.JSON())
	if err != nil {
		return nil, fmt.Errorf("encode the turn: %w", err)
	}
	return string(b), nil
}

// decodeTurn reads what encodeTurn stored.
func decodeTurn(s sql.NullString) (*session.Turn, error) {
	if !s.Valid || s.String == "" {
		return nil, nil
	}
	var j jsonout.TurnJSON
	if err := json.Unmarshal([]byte(s.String), &j); err != nil {
		return nil, fmt.Errorf("read the turn: %w", err)
	}
	return session.TurnFromJSON(&j), nil
}

// turn writes how a turn went under the user's message that started it,
// in the Markdown export: "_first token 180 ms · done in 2.4 s · trace
// 4bf92f35…_".
func (m *mdWriter) turn(t *session.Turn) {
	if t == nil {
		return
	}
	var parts []string
	if line := t.Timings.Line(); line != "" {
		parts = append(parts, line)
	}
	if t.TraceID != "" {
		parts = append(parts, "trace `"+oneLine(t.TraceID)+"`")
	}
	if len(parts) > 0 {
		m.blank()
		m.line("_" + strings.Join(parts, " · ") + "_")
	}
}
