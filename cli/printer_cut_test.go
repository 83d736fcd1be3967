package cli

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// parley send holds a window of a long artifact's text once the store
// has its front (a2aclient.Tracker.LetGoOfText): the text printer, on an
// event that makes it read the whole answer again (here an artifact
// holding text and a file), prints what follows what it showed, as it
// does when the tracker kept everything.
func TestTextPrinterGoesOnAfterTheTextLetGoOf(t *testing.T) {
	run := func(cut bool) string {
		var out bytes.Buffer
		p := newTextPrinter(&out)
		tr := &a2aclient.Tracker{ReleaseText: true}
		apply := func(ev a2aclient.Event) {
			tr.Apply(ev)
			p.update(session.Update{Event: &ev, Tracker: tr})
		}
		apply(a2aclient.Event{Task: &a2aclient.Task{ID: "t1", ContextID: "c1", Status: a2aclient.TaskStatus{State: a2aclient.StateWorking}}})
		for i := range 100 {
			apply(a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t1", Append: i > 0,
				Artifact: a2aclient.Artifact{ID: "a", Parts: []a2aclient.Part{a2aclient.TextPart(fmt.Sprintf("line %d\n", i))}}}})
			if cut && i == 50 && !tr.LetGoOfText("a", 300) {
				t.Fatal("the tracker let go of none of the artifact's text")
			}
		}
		apply(a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t1", LastChunk: true, Artifact: a2aclient.Artifact{ID: "r", Name: "report",
			Parts: []a2aclient.Part{a2aclient.TextPart("See the report."), {Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "r.pdf"}}}}}})
		apply(a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted}}})
		p.endLine()
		return out.String()
	}
	if got, want := run(true), run(false); got != want {
		t.Errorf("with the front let go of, the printer printed\n%q\nwant\n%q", got, want)
	}
}
