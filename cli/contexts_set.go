package cli

import (
	"fmt"

	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// contextLineJSON is one line of `parley contexts --json`: the context
// and, when the TUI's compare mode sent it with others, parley's number
// for that compare set.
type contextLineJSON struct {
	jsonout.ContextJSON
	Set int64 `json:"set,omitempty"`
}

// setCell is a context's cell in the SET column: "set N", or "-".
func setCell(sets map[int64]int64, ci session.ContextInfo) string {
	if n := sets[ci.ID]; n != 0 {
		return fmt.Sprintf("set %d", n)
	}
	return "-"
}

// contextLine is ci's --json line.
func contextLine(sets map[int64]int64, ci session.ContextInfo) contextLineJSON {
	return contextLineJSON{ContextJSON: store.ContextToJSON(ci), Set: sets[ci.ID]}
}
