package session

import (
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// chunkInto applies a chunk of text to artifact id of task t1, as a
// stream hands it to the tracker and the conversation.
func chunkInto(c *Conversation, tr *a2aclient.Tracker, ex *exchange, id, text string, appendTo, last bool) {
	ev := a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t1", Artifact: a2aclient.Artifact{ID: id, Parts: []a2aclient.Part{a2aclient.TextPart(text)}}, Append: appendTo, LastChunk: last}}
	tr.Apply(ev)
	c.mu.Lock()
	c.applyEvent(ex, "", ev, tr)
	c.mu.Unlock()
}

// A conversation keeps a window for every artifact still streaming
// (WindowEach), with what the store has not committed of each summed in
// TextBehind, and none for one that settled, was let go of, or whose
// task settled with it open: what it keeps of windows is bounded by the
// artifacts still streaming. Without WindowEach, one: the last that
// started afresh.
func TestWindowsAreKeptForTheArtifactsStillStreaming(t *testing.T) {
	c := NewConversation(nil, "agent", nil)
	c.ReleaseCommitted()
	c.WindowEach()
	tr := &a2aclient.Tracker{ReleaseText: true}
	ex := &exchange{}
	tr.Apply(a2aclient.Event{Task: &a2aclient.Task{ID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateWorking}}})
	for _, id := range []string{"a", "b", "c"} {
		chunkInto(c, tr, ex, id, "0123456789", false, false)
	}
	for _, id := range []string{"a", "b", "c"} {
		chunkInto(c, tr, ex, id, "0123456789", true, false)
	}
	if n, behind := len(c.textWindows), c.TextBehind(); n != 3 || behind != 60 {
		t.Fatalf("three artifacts streaming: %d windows, %d bytes behind; want 3, 60", n, behind)
	}
	c.CommittedText("art:t1/a", c.byKey["art:t1/a"].Version, 15)
	if behind := c.TextBehind(); behind != 45 {
		t.Errorf("with 15 bytes of a committed, %d bytes behind; want 45", behind)
	}
	chunkInto(c, tr, ex, "a", "!", true, true) // a settles
	if _, ok := c.textWindows["art:t1/a"]; ok || c.TextBehind() != 40 {
		t.Errorf("a settled: its window kept %v, %d bytes behind; want none, 40", ok, c.TextBehind())
	}
	chunkInto(c, tr, ex, "b", "0123456789", false, false) // b replaced: afresh
	if w := c.textWindows["art:t1/b"]; w.from != c.byKey["art:t1/b"].Version || c.TextBehind() != 30 {
		t.Errorf("b replaced: its window from version %d, %d bytes behind; want from %d, 30", w.from, c.TextBehind(), c.byKey["art:t1/b"].Version)
	}
	chunkInto(c, tr, ex, "b", "!", true, true)
	c.Committed(c.Items()) // b let go of (a too)
	if _, ok := c.textWindows["art:t1/b"]; ok || c.byKey["art:t1/b"] != nil {
		t.Error("b settled and let go of keeps its window")
	}
	c.mu.Lock()
	c.tasks["t1"].State = a2aclient.StateCompleted
	c.mu.Unlock()
	c.finish(0, ex, &Summary{}, nil) // c was still open
	if n, behind := len(c.textWindows), c.TextBehind(); n != 0 || behind != 0 {
		t.Errorf("the task settled: %d windows, %d bytes behind; want none", n, behind)
	}

	one := NewConversation(nil, "agent", nil)
	one.ReleaseCommitted()
	tr = &a2aclient.Tracker{ReleaseText: true}
	tr.Apply(a2aclient.Event{Task: &a2aclient.Task{ID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateWorking}}})
	for _, id := range []string{"a", "b"} {
		chunkInto(one, tr, ex, id, "0123456789", false, false)
	}
	chunkInto(one, tr, ex, "a", "0123456789", true, false)
	if _, ok := one.textWindows["art:t1/b"]; len(one.textWindows) != 1 || !ok || one.TextBehind() != 10 {
		t.Errorf("without WindowEach: windows %v, %d bytes behind; want b's only, 10", one.textWindows, one.TextBehind())
	}
}
