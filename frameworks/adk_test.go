package frameworks

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// adkPreview is one token of ADK's temporary artifact: append unset,
// the artifact and the part marked adk_partial, as adka2a v1.7.0 sends
// it.
func adkPreview(id, text string) a2aclient.Event {
	partial := map[string]any{"adk_partial": true}
	return a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t1", ContextID: "c1", Metadata: partial,
		Artifact: a2aclient.Artifact{ID: id, Metadata: partial, Parts: []a2aclient.Part{{Kind: a2aclient.PartText, Text: text, Metadata: partial}}}}}
}

// adkPreviewEnd is ADK's last word on its temporary artifact: an empty
// data part, the last chunk.
func adkPreviewEnd(id string) a2aclient.Event {
	partial := map[string]any{"adk_partial": true}
	return a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t1", ContextID: "c1", Metadata: partial, LastChunk: true,
		Artifact: a2aclient.Artifact{ID: id, Metadata: partial, Parts: []a2aclient.Part{{Kind: a2aclient.PartData, Data: map[string]any{}, Metadata: partial}}}}}
}

// ADKEchoTurn is the events of a streamed ADK answer: the tokens into a
// temporary artifact, the whole text in another, the temporary one
// emptied, completed.
func ADKEchoTurn() []a2aclient.Event {
	var evs []a2aclient.Event
	evs = append(evs, a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", ContextID: "c1", Status: a2aclient.TaskStatus{State: a2aclient.StateWorking}}})
	for _, w := range strings.SplitAfter("ADK echo (turn 1): the quick brown fox", " ") {
		evs = append(evs, adkPreview("tmp", w))
	}
	evs = append(evs,
		a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t1", ContextID: "c1", LastChunk: false,
			Artifact: a2aclient.Artifact{ID: "final", Parts: []a2aclient.Part{a2aclient.TextPart("ADK echo (turn 1): the quick brown fox")}}}},
		adkPreviewEnd("tmp"),
		a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", ContextID: "c1", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted}}})
	return evs
}

// Read by ADK's marks, the tokens join into a preview that grows, the
// whole text takes its place, and the emptied preview is not part of
// the task: the answer reads once, whole, with no empty data artifact.
func TestADKPreviewThenFinalThenEmptyReadsAsOneAnswer(t *testing.T) {
	tr := &a2aclient.Tracker{Reading: Reading{}}
	var grew []string
	for _, ev := range ADKEchoTurn() {
		tr.Apply(ev)
		if ev.Artifact != nil && ev.Artifact.Artifact.ID == "tmp" && !tr.Ended("tmp") {
			grew = append(grew, tr.Text())
		}
	}
	if got, want := grew[len(grew)-1], "ADK echo (turn 1): the quick brown fox"; got != want {
		t.Errorf("the preview grew to %q, want %q", got, want)
	}
	if got, want := grew[1], "ADK echo "; got != want {
		t.Errorf("after two tokens the preview reads %q, want %q", got, want)
	}
	if got, want := tr.Text(), "ADK echo (turn 1): the quick brown fox"; got != want {
		t.Errorf("answer %q, want %q", got, want)
	}
	arts := tr.Task().Artifacts
	if len(arts) != 1 || arts[0].ID != "final" {
		t.Errorf("the task's artifacts are %+v, want the final one alone", arts)
	}
	if a, ok := tr.Artifact("tmp"); !ok || len(a.Parts) != 0 || !tr.Ended("tmp") {
		t.Errorf("the preview is %+v (found %v), want it found, ended and empty", a, ok)
	}
}

// Without a reading the same events glue the last token to the answer:
// why the reading is passed in.
func TestADKTurnReadBySpecAloneGluesThePreview(t *testing.T) {
	var tr a2aclient.Tracker
	for _, ev := range ADKEchoTurn()[:len(ADKEchoTurn())-2] {
		tr.Apply(ev)
	}
	if got := tr.Text(); got != "foxADK echo (turn 1): the quick brown fox" {
		t.Errorf("spec reading gives %q", got)
	}
}

// ADK's input-required question is its long-running call: read as a
// tool call awaiting approval, answered with the function's response.
func TestADKLongRunningCallIsAnsweredWithItsResponse(t *testing.T) {
	m := &a2aclient.Message{Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{
		{Kind: a2aclient.PartData, Data: map[string]any{"id": "adk-1", "name": "request_approval", "args": map[string]any{"action": "refund order 42"}},
			Metadata: map[string]any{"adk_type": "function_call", "adk_is_long_running": true}},
		{Kind: a2aclient.PartData, Data: map[string]any{"id": "adk-1", "name": "request_approval", "response": map[string]any{"status": "pending"}},
			Metadata: map[string]any{"adk_type": "function_response"}},
	}}
	tc, ok := ReadToolCall(m)
	if !ok || tc.From != ADK || tc.ID != "adk-1" || tc.Name != "request_approval" || !tc.AwaitsApproval() {
		t.Fatalf("read %+v, %v", tc, ok)
	}
	if got, want := tc.Line(), `request_approval {"action":"refund order 42"} · awaiting approval`; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	p, ok := Answer(tc, false)
	resp, _ := p.Data.(map[string]any)["response"].(map[string]any)
	if !ok || p.Metadata["adk_type"] != "function_response" || resp["approved"] != false || p.Data.(map[string]any)["id"] != "adk-1" {
		t.Errorf("answer %+v", p)
	}
}
