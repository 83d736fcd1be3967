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
