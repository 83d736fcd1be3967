package a2aclient

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// streamDistinct applies n distinct sealed one-character artifacts, each
// read back as the session does, then the task's end.
func streamDistinct(tr *Tracker, n int) {
	tr.Apply(Event{Task: &Task{ID: "t1", ContextID: "c1", Status: TaskStatus{State: StateWorking}}})
	for i := range n {
		id := "a" + strconv.Itoa(i)
		tr.Apply(chunk(id, "x", false, true))
		tr.Artifact(id)
	}
	tr.Apply(Event{Status: &StatusUpdate{TaskID: "t1", Status: TaskStatus{State: StateCompleted}}})
}

// heapAfter is the live heap once a tracker has taken n artifacts, with
// the tracker still alive.
func heapAfter(release bool, n int) uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	before := m.HeapAlloc
	tr := &Tracker{ReleaseText: release}
	streamDistinct(tr, n)
	runtime.GC()
	runtime.ReadMemStats(&m)
	runtime.KeepAlive(tr)
	if m.HeapAlloc < before {
		return 0
	}
	return m.HeapAlloc - before
}

// A tracker told to release text (parley send's text output, which
// prints the answer as it streams) keeps no builder for a settled
// artifact of plain text: its snapshot lists none of them, and what it
// keeps of each is its name and its text's place, not a builder.
func TestTrackerReleasesSettledTextArtifacts(t *testing.T) {
	const n = 20000
	var tr Tracker
	tr.ReleaseText = true
	streamDistinct(&tr, n)
	if got := len(tr.Task().Artifacts); got != 0 {
		t.Errorf("the snapshot lists %d settled text artifacts; want 0", got)
	}
	if got := len(tr.Text()); got != n {
		t.Errorf("the text holds %d characters; want %d", got, n)
	}
	if a, ok := tr.Artifact("a17"); !ok || a.Text() != "x" || !tr.Sealed("a17") {
		t.Errorf("a released artifact reads back as %+v, %v", a, ok)
	}
	kept, all := heapAfter(true, n), heapAfter(false, n)
	t.Logf("bytes an artifact: %d released, %d kept", kept/n, all/n)
	if kept*3 > all*2 {
		t.Errorf("released, the tracker holds %d bytes an artifact against %d; want under two thirds", kept/n, all/n)
	}
	// What it keeps of each is its id's bytes, its place in the text
	// and a slot of the index that finds it: a map of ids held 82 bytes
	// an artifact (and each id its own string).
	if kept/n > 48 {
		t.Errorf("released, the tracker holds %d bytes an artifact; want under 48", kept/n)
	}
}

// A late chunk of a released artifact continues it: the artifact read
// back holds its text before the chunk.
func TestTrackerReleasedArtifactTakesALateChunk(t *testing.T) {
	var tr Tracker
	tr.ReleaseText = true
	tr.Apply(Event{Task: &Task{ID: "t1", ContextID: "c1", Status: TaskStatus{State: StateWorking}}})
	tr.Apply(chunk("a", "Hello", false, true))
	tr.Apply(chunk("b", "Other", false, true))
	tr.Apply(chunk("a", ", world", true, true))
	if a, _ := tr.Artifact("a"); a.Text() != "Hello, world" || a.Name != "answer" {
		t.Errorf("late chunk: got %q named %q", a.Text(), a.Name)
	}
	other := chunk("c", "!", false, true)
	other.Artifact.Artifact.Name = "note"
	tr.Apply(other)
	tr.Apply(chunk("d", "?", false, true))
	tr.Apply(Event{Status: &StatusUpdate{TaskID: "t1", Status: TaskStatus{State: StateWorking}}})
	for id, name := range map[string]string{"b": "answer", "c": "note", "d": "answer"} {
		if a, ok := tr.Artifact(id); !ok || a.Name != name {
			t.Errorf("released artifact %s reads back named %q; want %q", id, a.Name, name)
		}
	}
	// A file among the parts keeps the artifact whole, for the closing
	// lines and --output-dir.
	tr.Apply(Event{Artifact: &ArtifactUpdate{TaskID: "t1", Artifact: Artifact{ID: "f", Parts: []Part{{Kind: PartFile, File: &File{Name: "r.pdf"}}}}, LastChunk: true}})
	tr.Apply(Event{Status: &StatusUpdate{TaskID: "t1", Status: TaskStatus{State: StateCompleted}}})
	// The artifact a late chunk made whole again stays a builder.
	var ids []string
	for _, a := range tr.Task().Artifacts {
		ids = append(ids, a.ID)
	}
	if strings.Join(ids, ",") != "a,f" {
		t.Errorf("the snapshot lists %v; want a (taken back) and the file's f", ids)
	}
	if got := tr.Text(); got != "Hello, worldOther!?" {
		t.Errorf("the text reads %q; want the artifacts' in their order", got)
	}
}

// A long artifact is not released: joining its text to the others'
// would copy the answer.
func TestTrackerKeepsALongArtifact(t *testing.T) {
	tr := Tracker{ReleaseText: true}
	tr.Apply(Event{Task: &Task{ID: "t1", ContextID: "c1", Status: TaskStatus{State: StateWorking}}})
	tr.Apply(chunk("a", strings.Repeat("x", maxReleasedArt+1), false, true))
	tr.Apply(Event{Status: &StatusUpdate{TaskID: "t1", Status: TaskStatus{State: StateCompleted}}})
	if tr.Released("a") || tr.done.Len() != 0 {
		t.Errorf("a long artifact was released (%d bytes copied)", tr.done.Len())
	}
}

// A task snapshot that leaves out the released artifacts (one fetched
// after a broken stream, from an agent that sends a task without them)
// keeps them, in front, as a tracker that released nothing keeps the
// artifacts a snapshot leaves out; one that lists them replaces them.
func TestTrackerSnapshotKeepsReleasedArtifactsItLeavesOut(t *testing.T) {
	tr := Tracker{ReleaseText: true}
	tr.Apply(Event{Task: &Task{ID: "t1", ContextID: "c1", Status: TaskStatus{State: StateWorking}}})
	tr.Apply(chunk("a", "A", false, true))
	tr.Apply(chunk("b", "B", false, true))
	tr.Apply(Event{Task: &Task{ID: "t1", Status: TaskStatus{State: StateWorking}, Artifacts: []Artifact{{ID: "z", Parts: []Part{TextPart("Z")}}}}})
	if got := tr.Text(); got != "ABZ" || !tr.Released("a") || len(tr.Task().Artifacts) != 1 {
		t.Errorf("after a snapshot leaving them out: text %q, a released %v, %d artifacts listed", got, tr.Released("a"), len(tr.Task().Artifacts))
	}
	tr.Apply(Event{Task: &Task{ID: "t1", Status: TaskStatus{State: StateWorking}, Artifacts: []Artifact{{ID: "a", Parts: []Part{TextPart("A2")}}}}})
	if got := tr.Text(); got != "A2" || tr.Released("a") || tr.Released("b") {
		t.Errorf("after a snapshot listing one: text %q, a released %v", got, tr.Released("a"))
	}
}
