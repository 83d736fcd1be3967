package a2aclient

import (
	"strings"
	"testing"
)

// A tracker that releases text lets go of the front of a long
// artifact's text when told (LetGoOfText), a rune's start at most: it
// holds the rest, says how much is missing (TextCut, TextCutTotal), and
// EachText hands Text's pieces with their cuts, which read back in full
// give the text a tracker that kept everything gives.
func TestTrackerLetsGoOfTheFrontOfALongArtifact(t *testing.T) {
	stream := func(tr *Tracker, cut bool) {
		tr.Apply(Event{Task: &Task{ID: "t1", ContextID: "c1", Status: TaskStatus{State: StateWorking}}})
		tr.Apply(chunk("s", "short ", false, true))
		for i := range 1000 {
			tr.Apply(chunk("a", "é"+strings.Repeat("x", 98), i > 0, false))
			if cut && i == 900 && !tr.LetGoOfText("a", 50001) {
				t.Fatal("nothing let go of")
			}
		}
		tr.Apply(chunk("b", " after", false, true))
		tr.Apply(Event{Status: &StatusUpdate{TaskID: "t1", Status: TaskStatus{State: StateCompleted}}})
	}
	var whole, cut Tracker
	whole.ReleaseText, cut.ReleaseText = true, true
	stream(&whole, false)
	stream(&cut, true)
	full, _ := whole.Artifact("a")
	a, _ := cut.Artifact("a")
	if got := cut.TextCut("a"); got != 50000 || cut.TextCutTotal() != 50000 || a.Text() != full.Text()[50000:] {
		t.Errorf("let go of %d bytes (total %d), holds %d; want 50000 (a rune's start), and the rest", got, cut.TextCutTotal(), len(a.Text()))
	}
	var read strings.Builder
	if err := cut.EachText(func(id string, n int, text string) error {
		if n > 0 { // read back where the caller keeps it
			read.WriteString(full.Text()[:n])
		}
		read.WriteString(text)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if read.String() != whole.Text() {
		t.Errorf("the pieces read back are %d bytes, not the %d of the text", read.Len(), len(whole.Text()))
	}
	// Asked to let go of more than it holds, it lets go of all it holds.
	var all Tracker
	all.ReleaseText = true
	all.Apply(chunk("a", "Hello, world", false, false))
	if !all.LetGoOfText("a", 1000) || all.TextCut("a") != 12 {
		t.Errorf("let go of %d bytes of 12 when asked for 1000", all.TextCut("a"))
	}
	// Nothing is let go of without ReleaseText, or of a preview's text.
	var keep Tracker
	keep.Apply(chunk("a", "Hello, world", false, false))
	if keep.LetGoOfText("a", 5) {
		t.Error("a tracker that keeps text let go of some")
	}
	// A chunk that replaces the artifact starts it whole again.
	cut.Apply(chunk("a", "anew", false, true))
	if cut.TextCutTotal() != 0 || cut.TextCut("a") != 0 {
		t.Errorf("after a replacing chunk %d bytes are missing; want none", cut.TextCutTotal())
	}
}

// A task snapshot that leaves out an artifact held as a window (one
// fetched after a broken stream, from an agent that sends a task
// without its artifacts) keeps it as it is, its front let go of, after
// the snapshot's: the snapshot replaces only what it lists. One that
// lists it replaces it whole.
func TestTrackerSnapshotKeepsACutArtifactItLeavesOut(t *testing.T) {
	tr := Tracker{ReleaseText: true}
	tr.Apply(Event{Task: &Task{ID: "t1", ContextID: "c1", Status: TaskStatus{State: StateWorking}}})
	for i := range 100 {
		tr.Apply(chunk("a", strings.Repeat("x", 99)+"\n", i > 0, false))
	}
	if !tr.LetGoOfText("a", 5000) {
		t.Fatal("nothing let go of")
	}
	tr.Apply(Event{Task: &Task{ID: "t1", Status: TaskStatus{State: StateWorking}, Artifacts: []Artifact{{ID: "z", Parts: []Part{TextPart("Z")}}}}})
	var ids []string
	for _, a := range tr.Task().Artifacts {
		ids = append(ids, a.ID)
	}
	if a, _ := tr.Artifact("a"); strings.Join(ids, ",") != "z,a" || tr.TextCut("a") != 5000 || tr.TextCutTotal() != 5000 || len(a.Text()) != 5000 {
		t.Errorf("after a snapshot leaving it out: artifacts %v, %d bytes let go of (total %d), %d held; want z,a, 5000, 5000 held",
			ids, tr.TextCut("a"), tr.TextCutTotal(), len(a.Text()))
	}
	tr.Apply(Event{Task: &Task{ID: "t1", Status: TaskStatus{State: StateWorking}, Artifacts: []Artifact{{ID: "a", Parts: []Part{TextPart("whole")}}}}})
	if a, _ := tr.Artifact("a"); tr.TextCutTotal() != 0 || a.Text() != "whole" {
		t.Errorf("after a snapshot listing it: %d bytes let go of, text %q", tr.TextCutTotal(), a.Text())
	}
}
