package a2aclient

import (
	"strings"
	"testing"
	"unsafe"
)

func chunk(id, text string, appendTo, last bool) Event {
	return Event{Artifact: &ArtifactUpdate{TaskID: "t1", ContextID: "c1", Artifact: Artifact{ID: id, Name: "answer", Parts: []Part{TextPart(text)}}, Append: appendTo, LastChunk: last}}
}

func TestTrackerAssemblesChunksInOrder(t *testing.T) {
	var tr Tracker
	tr.Apply(Event{Task: &Task{ID: "t1", ContextID: "c1", Status: TaskStatus{State: StateSubmitted}}})
	tr.Apply(chunk("a", "Hello", false, false))
	tr.Apply(chunk("b", "Other", false, true))
	tr.Apply(chunk("a", ", ", true, false))
	tr.Apply(chunk("a", "world", true, true))
	tr.Apply(Event{Status: &StatusUpdate{TaskID: "t1", Status: TaskStatus{State: StateCompleted}}})

	task := tr.Task()
	if len(task.Artifacts) != 2 {
		t.Fatalf("artifacts = %d, want 2", len(task.Artifacts))
	}
	if got := task.Artifacts[0].Text(); got != "Hello, world" {
		t.Errorf("artifact a = %q", got)
	}
	if len(task.Artifacts[0].Parts) != 1 {
		t.Errorf("consecutive text chunks should join into one part, got %d", len(task.Artifacts[0].Parts))
	}
	if got := tr.Text(); got != "Hello, worldOther" {
		t.Errorf("Text = %q", got)
	}
	if !tr.Sealed("a") || tr.State() != StateCompleted || task.ContextID != "c1" {
		t.Errorf("sealed=%v state=%s ctx=%s", tr.Sealed("a"), tr.State(), task.ContextID)
	}
}

func TestTrackerReplaceWithoutAppend(t *testing.T) {
	var tr Tracker
	tr.Apply(chunk("a", "draft", false, false))
	tr.Apply(chunk("a", "final", false, true))
	if got := tr.Text(); got != "final" {
		t.Errorf("append=false must replace, got %q", got)
	}
}

func TestTrackerAppendToUnknownArtifactCreatesIt(t *testing.T) {
	var tr Tracker
	tr.Apply(chunk("ghost", "boo", true, false))
	if a, ok := tr.Artifact("ghost"); !ok || a.Text() != "boo" {
		t.Errorf("append to a missing artifact should create it, got %v %q", ok, a.Text())
	}
}

func TestTrackerSnapshotsDoNotChange(t *testing.T) {
	var tr Tracker
	tr.Apply(chunk("a", "one", false, false))
	before := tr.Task()
	tr.Apply(chunk("a", " two", true, false))
	if got := before.Artifacts[0].Text(); got != "one" {
		t.Errorf("old snapshot changed to %q", got)
	}
	if got := tr.Task().Artifacts[0].Text(); got != "one two" {
		t.Errorf("new snapshot = %q", got)
	}
}

func TestTrackerMixedPartsKeepOrder(t *testing.T) {
	var tr Tracker
	tr.Apply(chunk("a", "before ", false, false))
	tr.Apply(Event{Artifact: &ArtifactUpdate{Artifact: Artifact{ID: "a", Parts: []Part{{Kind: PartData, Data: map[string]any{"k": 1.0}}}}, Append: true}})
	tr.Apply(chunk("a", "after", true, true))
	parts := tr.Task().Artifacts[0].Parts
	kinds := []string{}
	for _, p := range parts {
		kinds = append(kinds, string(p.Kind))
	}
	if strings.Join(kinds, ",") != "text,data,text" {
		t.Errorf("parts = %v", kinds)
	}
}

func TestTrackerTaskSnapshotReplacesArtifacts(t *testing.T) {
	var tr Tracker
	tr.Apply(chunk("a", "partial", false, false))
	tr.Apply(Event{Task: &Task{ID: "t1", Status: TaskStatus{State: StateWorking}, Artifacts: []Artifact{{ID: "a", Parts: []Part{TextPart("from snapshot")}}}}})
	tr.Apply(chunk("a", " + more", true, false))
	if got := tr.Text(); got != "from snapshot + more" {
		t.Errorf("Text = %q", got)
	}
}

func TestTrackerMessageReply(t *testing.T) {
	var tr Tracker
	tr.Apply(Event{Message: &Message{Role: RoleAgent, Parts: []Part{TextPart("pong")}}})
	if tr.Text() != "pong" || tr.Seen() {
		t.Errorf("text=%q seen=%v", tr.Text(), tr.Seen())
	}
}

func BenchmarkTrackerIngest(b *testing.B) {
	ev := chunk("a", strings.Repeat("x", 64), true, false)
	b.ReportAllocs()
	var tr Tracker
	tr.Apply(chunk("a", "", false, false))
	for b.Loop() {
		tr.Apply(ev)
	}
}

// The text of a one-artifact answer is the artifact's own text, not a
// copy: at the end of a long send a copy was a second answer-sized
// buffer. Two pieces still join, and a reply streamed as status
// messages still follows the artifacts' text.
func TestTrackerTextOfOnePieceIsNotCopied(t *testing.T) {
	var tr Tracker
	tr.Apply(chunk("a", strings.Repeat("x", 1<<16), false, false))
	tr.Apply(chunk("a", "y", true, true))
	art, _ := tr.Artifact("a")
	text := tr.Text()
	if text != art.Text() {
		t.Fatalf("Text is not the artifact's text")
	}
	if unsafe.StringData(text) != unsafe.StringData(art.Parts[0].Text) {
		t.Error("Text copied the one artifact's text")
	}
	if n := testing.AllocsPerRun(10, func() { _ = tr.Text() }); n != 0 {
		t.Errorf("Text of one piece allocates %v times", n)
	}
	tr.Apply(chunk("b", "!", false, true))
	if got := tr.Text(); got != text+"!" {
		t.Errorf("two artifacts: Text ends %q", got[len(got)-2:])
	}
}
