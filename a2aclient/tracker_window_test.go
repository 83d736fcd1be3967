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
