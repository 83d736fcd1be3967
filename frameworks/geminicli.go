package frameworks

import (
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// gemini-cli's A2A server (the "CoderAgent" protocol) says what each
// status update carries in metadata.coderAgent.kind, and sends its
// thoughts and tool calls as status messages with one data part each.
// A call awaiting approval is answered with a data part naming the call
// and the outcome, sent to the task that asked.
type geminiCLI struct{}

// The CoderAgent kinds.
const (
	CoderKindText             = "text-content"
	CoderKindThought          = "thought"
	CoderKindToolCall         = "tool-call-update"
	CoderKindToolConfirmation = "tool-call-confirmation"
	CoderKindStateChange      = "state-change"
	CoderKindCitation         = "citation"
)

// Tool-call outcomes gemini-cli accepts in a confirmation.
const (
	ToolProceedOnce = "proceed_once"
	ToolCancel      = "cancel"
)

// GeminiCLI is gemini-cli's name as a ToolCall's From.
const GeminiCLI = "gemini-cli"

func (geminiCLI) Name() string { return GeminiCLI }

// CoderKind is the CoderAgent kind of a status update's metadata, "" when
// the agent sent none.
func CoderKind(metadata map[string]any) string {
	ca, _ := metadata["coderAgent"].(map[string]any)
	kind, _ := ca["kind"].(string)
	return kind
}

// Status: "text-content" is a piece of the reply, "thought" reasoning,
// "tool-call-update" and "tool-call-confirmation" a tool call; any other
// kind is a note.
func (geminiCLI) Status(u *a2aclient.StatusUpdate) a2aclient.StatusRole {
	switch CoderKind(u.Metadata) {
	case CoderKindText:
		return a2aclient.StatusReply
	case CoderKindThought:
		return a2aclient.StatusThought
	case CoderKindToolCall, CoderKindToolConfirmation:
		return a2aclient.StatusToolCall
	}
	return a2aclient.StatusNote
}

func (geminiCLI) Artifact(*a2aclient.ArtifactUpdate) a2aclient.ArtifactRole {
	return a2aclient.ArtifactContent
}

// ToolCall reads {request: {callId, name, args}, status, tool,
// confirmationDetails, response, liveOutput}.
func (geminiCLI) ToolCall(m *a2aclient.Message) (ToolCall, bool) {
	for _, p := range m.Parts {
		d, ok := p.Data.(map[string]any)
		if p.Kind != a2aclient.PartData || !ok {
			continue
		}
		req, _ := d["request"].(map[string]any)
		tc := ToolCall{From: GeminiCLI, ID: str(req["callId"]), Name: str(req["name"]), Status: str(d["status"])}
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

// Answer is {callId, outcome: "proceed_once" | "cancel"}.
func (geminiCLI) Answer(call ToolCall, allow bool) a2aclient.Part {
	outcome := ToolProceedOnce
	if !allow {
		outcome = ToolCancel
	}
	return a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{"callId": call.ID, "outcome": outcome},
		KeyOrder: []string{"callId", "outcome"}}
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
