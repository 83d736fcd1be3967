package frameworks

import (
	"github.com/parley-a2a/parley/a2aclient"
)

// Google's Agent Development Kit (ADK, its A2A server adka2a) streams
// text into a temporary artifact marked "adk_partial": true, one token
// per update with append unset, gives the whole text in another artifact,
// and then empties the temporary one with an empty data part. A
// long-running tool's call (marked "adk_is_long_running": true) puts the
// task in input-required with the call as the status message's data; the
// user answers with the function's response.
type adk struct{}

// ADK is ADK's name as a ToolCall's From.
const ADK = "adk"

const (
	adkPartial     = "adk_partial"
	adkLongRunning = "adk_is_long_running"
	adkType        = "adk_type"
)

func (adk) Name() string { return ADK }

func (adk) Status(*a2aclient.StatusUpdate) a2aclient.StatusRole { return a2aclient.StatusNote }

// Artifact: a partial artifact is a preview while it holds text, and
// ends once it holds nothing but empty data.
func (adk) Artifact(u *a2aclient.ArtifactUpdate) a2aclient.ArtifactRole {
	if partial, _ := u.Artifact.Metadata[adkPartial].(bool); !partial {
		return a2aclient.ArtifactContent
	}
	for _, p := range u.Artifact.Parts {
		if !emptyData(p) {
			return a2aclient.ArtifactPreview
		}
	}
	return a2aclient.ArtifactPreviewEnd
}

func emptyData(p a2aclient.Part) bool {
	if p.Kind != a2aclient.PartData {
		return false
	}
	switch d := p.Data.(type) {
	case nil:
		return true
	case map[string]any:
		return len(d) == 0
	}
	return false
}

// ToolCall reads a long-running function call: one that waits for the
// user's answer.
func (adk) ToolCall(m *a2aclient.Message) (ToolCall, bool) {
	for _, p := range m.Parts {
		long, _ := p.Metadata[adkLongRunning].(bool)
		t, ok := a2aclient.ToolOf(p)
		if !ok || !long || t.Phase != a2aclient.ToolCall {
			continue
		}
		data, _ := p.Data.(map[string]any)
		tc := ToolCall{From: ADK, ID: str(data["id"]), Name: t.Name, Status: AwaitingApproval}
		if t.Args != nil {
			tc.Summary = str(t.Args)
		}
		return tc, tc.ID != ""
	}
	return ToolCall{}, false
}

// Answer is the function's response, {"approved": allow}, as ADK reads
// a function_response part.
func (adk) Answer(call ToolCall, allow bool) a2aclient.Part {
	return a2aclient.Part{Kind: a2aclient.PartData,
		Data:     map[string]any{"id": call.ID, "name": call.Name, "response": map[string]any{"approved": allow}},
		KeyOrder: []string{"id", "name", "response"},
		Metadata: map[string]any{adkType: a2aclient.ToolResult}}
}
