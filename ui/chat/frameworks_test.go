package chat

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// An artifact that emptied (ADK's preview, once its whole answer came)
// draws nothing: the chat reads as if it had never been, whether it
// empties while shown or arrives empty, and the selection stays on what
// it was on.
func TestEmptiedArtifactDrawsNothing(t *testing.T) {
	text := func(s string) []a2aclient.Part { return []a2aclient.Part{a2aclient.TextPart(s)} }
	var with, without testItems
	status := func(b *testItems, st a2aclient.State) {
		b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", State: st, Time: at(0), Done: true})
	}
	status(&with, a2aclient.StateWorking)
	status(&without, a2aclient.StateWorking)
	preview := with.add(session.Item{Key: "art:t1/tmp", Kind: session.ItemArtifact, TaskID: "t1", Parts: text("ADK echo (turn"), Time: at(1)})
	with.add(session.Item{Key: "art:t1/final", Kind: session.ItemArtifact, TaskID: "t1", Parts: text("ADK echo (turn 1): the fox"), Time: at(2), Done: true})
	without.add(session.Item{Key: "art:t1/final", Kind: session.ItemArtifact, TaskID: "t1", Parts: text("ADK echo (turn 1): the fox"), Time: at(2), Done: true})
	status(&with, a2aclient.StateCompleted)
	status(&without, a2aclient.StateCompleted)

	want := newTestChat(60, 12)
	want.Reset(without.items, "agent")
	wantView := ansi.Strip(want.View(want.st))

	// Shown while it streamed, then emptied.
	c := newTestChat(60, 12)
	c.Reset(with.items, "agent")
	if v := ansi.Strip(c.View(c.st)); strings.Count(v, "ADK echo") != 2 {
		t.Fatalf("while streaming the chat shows the preview and the answer:\n%s", v)
	}
	preview.Parts, preview.Done, preview.Version = nil, true, 2
	c.Upsert([]session.Item{preview})
	if got := ansi.Strip(c.View(c.st)); got != wantView {
		t.Errorf("with an emptied preview the chat reads\n%s\nwant\n%s", got, wantView)
	}
	if it, ok := c.Selected(); !ok || it.State != a2aclient.StateCompleted {
		t.Errorf("selected %+v, want the last status", it)
	}

	// Restored empty, from the store.
	with.items[1] = preview
	r := newTestChat(60, 12)
	r.Reset(with.items, "agent")
	if got := ansi.Strip(r.View(r.st)); got != wantView {
		t.Errorf("restored with an empty artifact the chat reads\n%s\nwant\n%s", got, wantView)
	}
}

// A question asked only in data shows under its state: a tool call as a
// call, a form as its fields.
func TestDataOnlyQuestionShows(t *testing.T) {
	call := a2aclient.LiftPart(a2aclient.Part{Kind: a2aclient.PartData,
		Data:     map[string]any{"id": "adk-2", "name": "request_approval", "args": map[string]any{"action": "refund order 42"}},
		Metadata: map[string]any{"adk_type": "function_call", "adk_is_long_running": true}})
	form := a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{"field": "date", "format": "YYYY-MM-DD"}}
	var b testItems
	b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", State: a2aclient.StateInputRequired, Time: at(0), Done: true,
		Parts: []a2aclient.Part{call, form}})
	c := newTestChat(70, 20)
	c.Reset(b.items, "agent")
	screen := ansi.Strip(c.View(c.st))
	for _, want := range []string{"input-required", "called request_approval", "refund order 42", "YYYY-MM-DD"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the chat lacks %q:\n%s", want, screen)
		}
	}
}
