package frameworks

import "github.com/parley-a2a/parley/a2aclient"

// Mastra's A2A server (@mastra/server) suspends a run whose tool needs
// approval (requireApproval) and puts the task in input-required with a
// text prompt and a data part {suspendPayload: {toolCallId, toolName,
// args, resumeSchema}, resumeSchema}; a tool that suspends itself nests
// its own suspendPayload inside, and is no approval. The answer resumes
// the run with {approved: true|false}.
type mastra struct{}

// Mastra is Mastra's name as a ToolCall's From.
const Mastra = "mastra"

func (mastra) Name() string { return Mastra }

func (mastra) Status(*a2aclient.StatusUpdate) a2aclient.StatusRole { return a2aclient.StatusNote }

func (mastra) Artifact(*a2aclient.ArtifactUpdate) a2aclient.ArtifactRole {
	return a2aclient.ArtifactContent
}

// ToolCall reads an approval suspension's payload.
func (mastra) ToolCall(m *a2aclient.Message) (ToolCall, bool) {
	for _, p := range m.Parts {
		d, _ := p.Data.(map[string]any)
		sp, _ := d["suspendPayload"].(map[string]any)
		if p.Kind != a2aclient.PartData || sp == nil || sp["suspendPayload"] != nil {
			continue
		}
		tc := ToolCall{From: Mastra, ID: str(sp["toolCallId"]), Name: str(sp["toolName"]), Status: AwaitingApproval}
		if sp["args"] != nil {
			tc.Summary = str(sp["args"])
		}
		if tc.ID != "" && tc.Name != "" {
			return tc, true
		}
	}
	return ToolCall{}, false
}

// Answer is the resume data {"approved": allow}.
func (mastra) Answer(_ ToolCall, allow bool) a2aclient.Part {
	return a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{"approved": allow}}
}
