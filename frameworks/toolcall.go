package frameworks

import (
	"encoding/json"
	"strings"
)

// ToolCall is one tool call an agent reported.
type ToolCall struct {
	// From is the framework that reported it (Framework.Name): its
	// answer takes that framework's form.
	From string
	ID   string // the agent's call id
	Name string // the tool, as the agent shows it
	// Status is where the call is: "validating", "scheduled",
	// "awaiting_approval", "executing", "success", "error", "cancelled".
	Status string
	// Summary says what the call does: the command, the file, the
	// confirmation's title, the arguments.
	Summary string
	// Output is what the tool returned or printed, when it says.
	Output string
}

// AwaitingApproval is the Status of a call that waits for the user.
const AwaitingApproval = "awaiting_approval"

// AwaitsApproval reports whether the agent waits for the user to allow
// or refuse the call.
func (tc ToolCall) AwaitsApproval() bool { return tc.Status == AwaitingApproval }

// Line is the call as one line: "Shell echo hi · awaiting approval".
func (tc ToolCall) Line() string {
	var b strings.Builder
	b.WriteString(tc.Name)
	if tc.Summary != "" {
		b.WriteString(" " + tc.Summary)
	}
	if tc.Status != "" {
		b.WriteString(" · " + strings.ReplaceAll(tc.Status, "_", " "))
	}
	return b.String()
}

// str is a JSON string value, or the JSON of anything else that is set.
func str(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	default:
		b, err := json.Marshal(v)
		if err != nil {
			return ""
		}
		return string(b)
	}
}
