package frameworks

import (
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// Mastra's approval suspension is a tool call awaiting approval, answered
// with {approved}; a tool's own suspension (a nested suspendPayload) is
// no approval.
func TestMastraApprovalSuspension(t *testing.T) {
	m := &a2aclient.Message{Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{a2aclient.TextPart("Additional input is required to continue this task."),
		{Kind: a2aclient.PartData, Data: map[string]any{"suspendPayload": map[string]any{"toolCallId": "call-1", "toolName": "refund", "args": map[string]any{"order": 42.0}}}}}}
	tc, ok := ReadToolCall(m)
	if !ok || tc.From != Mastra || tc.ID != "call-1" || tc.Line() != `refund {"order":42} · awaiting approval` {
		t.Fatalf("read %+v, %v", tc, ok)
	}
	if p, ok := Answer(tc, true); !ok || p.Data.(map[string]any)["approved"] != true {
		t.Errorf("answer %+v", p)
	}
	own := &a2aclient.Message{Parts: []a2aclient.Part{{Kind: a2aclient.PartData, Data: map[string]any{"suspendPayload": map[string]any{
		"toolCallId": "call-2", "toolName": "ask", "suspendPayload": map[string]any{"message": "Which date?"}}}}}}
	if tc, ok := ReadToolCall(own); ok {
		t.Errorf("a tool's own suspension read as an approval: %+v", tc)
	}
}
