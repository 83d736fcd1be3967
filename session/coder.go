package session

import (
	"encoding/json"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// gemini-cli's A2A server (the CoderAgent protocol) sends its thoughts
// and tool calls as status messages with one data part each. These read
// them for people, and build the answer it expects to a tool call that
// awaits the user's confirmation: a data part naming the call and the
// outcome, sent to the task that asked.

// ToolCall is one tool call an agent reported.
type ToolCall struct {
	ID     string // the agent's call id
	Name   string // the tool, as the agent shows it
	Status string // "validating", "scheduled", "awaiting_approval", "executing", "success", "error", "cancelled"
	// Summary says what the call does: the command, the file, the
	// confirmation's title.
	Summary string
	// Output is what the tool returned or printed, when it says.
	Output string
}

// AwaitsApproval reports whether the agent waits for the user to allow
// or refuse the call.
func (tc ToolCall) AwaitsApproval() bool { return tc.Status == "awaiting_approval" }

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

// Tool-call outcomes gemini-cli accepts in a confirmation.
const (
	ToolProceedOnce = "proceed_once"
	ToolCancel      = "cancel"
)

// ToolConfirmation is the part that answers a tool call awaiting
// approval: outcome is ToolProceedOnce or ToolCancel.
func ToolConfirmation(callID, outcome string) a2aclient.Part {
	return a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{"callId": callID, "outcome": outcome},
		KeyOrder: []string{"callId", "outcome"}}
}

// ReadToolCall reads a tool call from a status message's data part.
func ReadToolCall(m *a2aclient.Message) (ToolCall, bool) {
	if m == nil {
		return ToolCall{}, false
	}
	for _, p := range m.Parts {
		d, ok := p.Data.(map[string]any)
		if p.Kind != a2aclient.PartData || !ok {
			continue
		}
		req, _ := d["request"].(map[string]any)
		tc := ToolCall{ID: str(req["callId"]), Name: str(req["name"]), Status: str(d["status"])}
		if tc.ID == "" {
			continue
		}
		if tool, _ := d["tool"].(map[string]any); str(tool["displayName"]) != "" {
			tc.Name = str(tool["displayName"])
		}
		args, _ := req["args"].(map[string]any)
		details, _ := d["confirmationDetails"].(map[string]any)
		switch {
		case str(details["command"]) != "":
			tc.Summary = str(details["command"])
		case str(args["command"]) != "":
			tc.Summary = str(args["command"])
		case str(args["file_path"]) != "":
			tc.Summary = str(args["file_path"])
		case str(details["title"]) != "":
			tc.Summary = str(details["title"])
		}
		if resp, _ := d["response"].(map[string]any); resp != nil {
			tc.Output = str(resp["resultDisplay"])
			if e, _ := resp["error"].(map[string]any); tc.Output == "" && e != nil {
				tc.Output = str(e["message"])
			}
		}
		if tc.Output == "" {
			tc.Output = str(d["liveOutput"])
		}
		return tc, true
	}
	return ToolCall{}, false
}

// ReadThought reads a thought ({subject, description}) or a thought given
// as text.
func ReadThought(m *a2aclient.Message) string {
	if m == nil {
		return ""
	}
	var parts []string
	for _, p := range m.Parts {
		switch d := p.Data.(type) {
		case map[string]any:
			s := strings.TrimSpace(str(d["subject"]))
			if desc := strings.TrimSpace(str(d["description"])); desc != "" {
				if s != "" {
					s += ": "
				}
				s += desc
			}
			if s != "" {
				parts = append(parts, s)
			}
		default:
			if p.Kind == a2aclient.PartText && strings.TrimSpace(p.Text) != "" {
				parts = append(parts, strings.TrimSpace(p.Text))
			}
		}
	}
	return strings.Join(parts, "\n")
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
