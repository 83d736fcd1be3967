// Package frameworkstest holds the event sequences agent frameworks
// send, as parley's tests feed them to each output: Google ADK's
// (adka2a v1.7.0, copied from its wire) and a question asked only in
// data.
package frameworkstest

import (
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// The ids of the sequences' task, context and artifacts.
const (
	TaskID    = "t1"
	ContextID = "c1"
	// Preview is ADK's temporary artifact, Final the one with the
	// whole answer (and, in a tool turn, the call and its response).
	Preview = "tmp"
	Final   = "final"
)

func partial() map[string]any { return map[string]any{"adk_partial": true} }

// preview is one token into ADK's temporary artifact: append unset, the
// artifact and the part marked adk_partial.
func preview(text string) a2aclient.Event {
	return a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: TaskID, ContextID: ContextID, Metadata: partial(),
		Artifact: a2aclient.Artifact{ID: Preview, Metadata: partial(), Parts: []a2aclient.Part{{Kind: a2aclient.PartText, Text: text, Metadata: partial()}}}}}
}

// previewEnd is ADK's last word on its temporary artifact: an empty
// data part, the last chunk.
func previewEnd() a2aclient.Event {
	return a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: TaskID, ContextID: ContextID, Metadata: partial(), LastChunk: true,
		Artifact: a2aclient.Artifact{ID: Preview, Metadata: partial(), Parts: []a2aclient.Part{{Kind: a2aclient.PartData, Data: map[string]any{}, Metadata: partial()}}}}}
}

func final(appendTo bool, parts ...a2aclient.Part) a2aclient.Event {
	return a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: TaskID, ContextID: ContextID, Append: appendTo,
		Artifact: a2aclient.Artifact{ID: Final, Parts: parts}}}
}

// Status is a status update of the sequences' task.
func Status(state a2aclient.State, m *a2aclient.Message) a2aclient.Event {
	return a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: TaskID, ContextID: ContextID,
		Status: a2aclient.TaskStatus{State: state, Message: m}}}
}

// streamed is text streamed a word at a time into the preview.
func streamed(text string) []a2aclient.Event {
	var evs []a2aclient.Event
	for _, w := range strings.SplitAfter(text, " ") {
		evs = append(evs, preview(w))
	}
	return evs
}

// EchoText is what ADKEcho answers.
const EchoText = "ADK echo (turn 1): the quick brown fox"

// ADKEcho is a streamed ADK answer: the tokens into the temporary
// artifact, the whole text in another, the temporary one emptied,
// completed.
func ADKEcho() []a2aclient.Event {
	evs := []a2aclient.Event{Status(a2aclient.StateWorking, nil)}
	evs = append(evs, streamed(EchoText)...)
	return append(evs, final(false, a2aclient.TextPart(EchoText)), previewEnd(), Status(a2aclient.StateCompleted, nil))
}

// WeatherText is what ADKTool answers after its tool call.
const WeatherText = "The weather in Paris is sunny, 21 C."

// Call is an ADK function call part, read as a tool part as the
// decoders read it; long marks a long-running tool.
func Call(id, name string, args map[string]any, long bool) a2aclient.Part {
	return a2aclient.LiftPart(a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{"id": id, "name": name, "args": args},
		Metadata: map[string]any{"adk_type": "function_call", "adk_is_long_running": long}})
}

// Response is an ADK function response part.
func Response(id, name string, resp map[string]any) a2aclient.Part {
	return a2aclient.LiftPart(a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{"id": id, "name": name, "response": resp},
		Metadata: map[string]any{"adk_type": "function_response"}})
}

// ADKTool is an ADK turn with an ordinary tool call: the call and its
// answer in the final artifact, then the text streamed into the
// temporary one and appended whole to the final, the temporary emptied.
func ADKTool() []a2aclient.Event {
	evs := []a2aclient.Event{Status(a2aclient.StateWorking, nil),
		final(false, Call("adk-1", "get_weather", map[string]any{"city": "Paris"}, false)),
		final(true, Response("adk-1", "get_weather", map[string]any{"city": "Paris", "forecast": "sunny, 21 C"}))}
	evs = append(evs, streamed(WeatherText)...)
	return append(evs, final(true, a2aclient.TextPart(WeatherText)), previewEnd(), Status(a2aclient.StateCompleted, nil))
}

// WaitText is what ADKApproval says while it waits.
const WaitText = "Waiting for your approval to refund order 42."

// ApprovalCall is the call ADKApproval waits on.
func ApprovalCall() a2aclient.Part {
	return Call("adk-2", "request_approval", map[string]any{"action": "refund order 42", "amount": 30}, true)
}

// ADKApproval is an ADK turn that asks: its long-running tool's call is
// the input-required status message, data only, with no text.
func ADKApproval() []a2aclient.Event {
	evs := []a2aclient.Event{Status(a2aclient.StateWorking, nil)}
	evs = append(evs, streamed(WaitText)...)
	evs = append(evs, final(false, a2aclient.TextPart(WaitText)), previewEnd())
	return append(evs, Status(a2aclient.StateInputRequired, &a2aclient.Message{ID: "q1", Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{
		ApprovalCall(),
		Response("adk-2", "request_approval", map[string]any{"action": "refund order 42", "status": "pending"}),
	}}))
}

// DataQuestion is an input-required status whose question is only
// data: a form to fill, no text.
func DataQuestion() []a2aclient.Event {
	return []a2aclient.Event{Status(a2aclient.StateWorking, nil),
		Status(a2aclient.StateInputRequired, &a2aclient.Message{ID: "q2", Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{
			{Kind: a2aclient.PartData, Data: map[string]any{"field": "date", "format": "YYYY-MM-DD"}, KeyOrder: []string{"field", "format"}},
		}})}
}

// MastraApproval is Mastra's turn whose tool needs approval: the run
// suspends, and the input-required message has a prompt and the call
// as data (@mastra/server 1.67.0).
func MastraApproval() []a2aclient.Event {
	schema := `{"type":"object","properties":{"approved":{"type":"boolean"}},"required":["approved"]}`
	return []a2aclient.Event{Status(a2aclient.StateWorking, &a2aclient.Message{ID: "w1", Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{a2aclient.TextPart("Generating response...")}}),
		Status(a2aclient.StateInputRequired, &a2aclient.Message{ID: "q3", Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{
			a2aclient.TextPart("Additional input is required to continue this task."),
			{Kind: a2aclient.PartData, Data: map[string]any{
				"suspendPayload": map[string]any{"toolCallId": "call-1", "toolName": "refund", "args": map[string]any{"order": 42.0, "amount": 30.0}, "resumeSchema": schema},
				"resumeSchema":   schema,
			}, KeyOrder: []string{"suspendPayload", "resumeSchema"}},
		}})}
}

// ADKPreviewEnded is ADK's temporary artifact as its task holds it once
// emptied: a task snapshot (get, a blocking send) lists it.
func ADKPreviewEnded() a2aclient.Artifact {
	return previewEnd().Artifact.Artifact
}
