package dialog

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/ui/internal/uitest"
)

// A hostile agent's JSON-RPC errors: escape sequences and bidi in the
// message, a huge message or code, a message or code that is no string
// or number, extra members. Each is summed up as a JSON-RPC error (not
// as "HTTP 200", which a new user reads as a success), on one short
// line, clean of anything that could drive the terminal.
func TestRawSummaryOfHostileJSONRPCErrors(t *testing.T) {
	evil, _ := json.Marshal("bad" + rawEvil)
	// In JSON that is shown as JSON, an escape sequence stays escaped
	// (\u001b): harmless, though AssertTerminalSafe would see its "]52;".
	bidi, _ := json.Marshal("bad\u202eevil\u200b\u2066")
	huge, _ := json.Marshal(strings.Repeat("é", 1<<20) + rawEvil)
	for _, c := range []struct{ name, errJSON, want string }{
		{"escapes in the message", `{"code":-32602,"message":` + string(evil) + `}`, "← JSON-RPC error -32602 bad"},
		{"a huge message", `{"code":-32000,"message":` + string(huge) + `}`, "← JSON-RPC error -32000 éé"},
		{"a number for the message", `{"code":-32000,"message":42}`, "← JSON-RPC error -32000 42"},
		{"an object for the message", `{"code":-32000,"message":{"why":` + string(bidi) + `}}`, `← JSON-RPC error -32000 {"why":"bad`},
		{"a string for the code", `{"code":` + string(bidi) + `,"message":"oops"}`, `← JSON-RPC error "bad`},
		{"a huge number for the code", `{"code":` + strings.Repeat("9", 1<<20) + `,"message":"oops"}`, "← JSON-RPC error 9999"},
		{"no code", `{"message":"oops"}`, "← JSON-RPC error oops"},
		{"extra members", `{"code":-32001,"message":"Task not found","data":{"x":` + string(bidi) + `},"more":[1,2]}`, "← JSON-RPC error -32001 Task not found"},
		{"a string for the error", string(bidi), `← JSON-RPC error "bad`},
	} {
		body := `{"jsonrpc":"2.0","id":"1","error":` + c.errJSON + `}`
		ex := &rawExchange{method: "GetTask", done: true, reply: &a2aclient.RawReply{Status: 200, ContentType: "application/json", Body: []byte(body)}}
		got := ex.summary()
		uitest.AssertTerminalSafe(t, got)
		if !strings.HasPrefix(got, c.want) || strings.Contains(got, "HTTP 200") {
			t.Errorf("%s: summary %.200q, want it to begin %q", c.name, got, c.want)
		}
		if w := ansi.StringWidth(got); w > 2*rawErrorMessage+40 {
			t.Errorf("%s: a summary %d cells wide", c.name, w)
		}
	}
}
