package cli

import (
	"bytes"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
	"github.com/parley-a2a/parley/session"
)

func textChunk(id, text string, appendTo bool) a2aclient.Event {
	return a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t1", ContextID: "c1",
		Artifact: a2aclient.Artifact{ID: id, Parts: []a2aclient.Part{a2aclient.TextPart(text)}}, Append: appendTo}}
}

func textSnapshot(text string) a2aclient.Event {
	return a2aclient.Event{Task: &a2aclient.Task{ID: "t1", ContextID: "c1",
		Status:    a2aclient.TaskStatus{State: a2aclient.StateWorking},
		Artifacts: []a2aclient.Artifact{{ID: "a", Parts: []a2aclient.Part{a2aclient.TextPart(text)}}}}}
}

// fedTextPrinter is a text printer writing to out, and feed, which
// hands it an event as send does: applied to the task's tracker first.
func fedTextPrinter() (out *bytes.Buffer, p *textPrinter, feed func(a2aclient.Event)) {
	out = new(bytes.Buffer)
	p = newTextPrinter(out)
	tr := &a2aclient.Tracker{Reading: frameworks.Reading{}}
	return out, p, func(ev a2aclient.Event) {
		tr.Apply(ev)
		p.update(session.Update{Event: &ev, Tracker: tr})
	}
}

// A snapshot (a poll, a resubscribe) that repeats what streamed prints
// only what is new; one that changed what was shown prints the new
// version whole, on a line of its own; a chunk after it goes on.
func TestTextPrinterPrintsOnlyWhatIsNew(t *testing.T) {
	out, p, feed := fedTextPrinter()
	feed(textChunk("a", "Hello", false))
	feed(textChunk("a", ", world", true))
	feed(textSnapshot("Hello, world"))
	feed(textSnapshot("Hello, world!"))
	feed(textSnapshot("Goodbye"))
	feed(textChunk("a", " now", true))
	feed(textSnapshot("Goodbye now"))
	feed(textSnapshot("Goodbye now."))
	p.endLine()
	want := "Hello, world\n" +
		"[working]\n" +
		"!\n" +
		"Goodbye now.\n"
	if out.String() != want {
		t.Fatalf("printed\n%q\nwant\n%q", out.String(), want)
	}
}

// The printer keeps no copy of the answer it printed: taking in a 2 MB
// answer, chunk by chunk and then as a snapshot that repeats it, it
// allocates far less than the answer (a copy grown by doubling is 2-4 MB).
func TestTextPrinterHoldsNoCopyOfTheAnswer(t *testing.T) {
	p := newTextPrinter(io.Discard)
	var tr a2aclient.Tracker
	piece := strings.Repeat("abcdefgh", 128) + "\n"
	const pieces = 2000
	var allocated uint64
	var ms runtime.MemStats
	feed := func(ev a2aclient.Event) {
		tr.Apply(ev)
		runtime.ReadMemStats(&ms)
		before := ms.TotalAlloc
		p.update(session.Update{Event: &ev, Tracker: &tr})
		runtime.ReadMemStats(&ms)
		allocated += ms.TotalAlloc - before
	}
	for i := range pieces {
		feed(textChunk("a", piece, i > 0))
	}
	feed(textSnapshot(tr.Text()))
	if answer := uint64(len(piece) * pieces); allocated > answer/8 {
		t.Errorf("the printer allocated %d bytes for a %d-byte answer", allocated, answer)
	}
}

// An artifact replaced by content that does not extend what was shown
// (a status the agent keeps rewriting) is printed once, whole, when it
// settles: not a line per replacement.
func TestTextPrinterHoldsReplacementsUntilTheArtifactSettles(t *testing.T) {
	out, p, feed := fedTextPrinter()
	replace := func(text string, last bool) a2aclient.Event {
		ev := textChunk("a", text, false)
		ev.Artifact.LastChunk = last
		return ev
	}
	feed(textChunk("a", "Step 1 of 3", false))
	feed(replace("Step 2 of 3", false))
	feed(replace("Step 3 of 3", false))
	feed(textChunk("a", ": done", true))
	feed(replace("All 3 steps done.", true))
	feed(a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted}}})
	p.endLine()
	want := "Step 1 of 3\n" +
		"All 3 steps done.\n" +
		"[completed]\n"
	if out.String() != want {
		t.Fatalf("printed\n%q\nwant\n%q", out.String(), want)
	}
}

// A replacement still held when the task ends is printed then, whole.
func TestTextPrinterPrintsAHeldReplacementAtTheEnd(t *testing.T) {
	out, p, feed := fedTextPrinter()
	feed(textChunk("a", "Draft", false))
	feed(textChunk("a", "Final answer", false))
	feed(a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted}}})
	p.endLine()
	if want := "Draft\nFinal answer\n[completed]\n"; out.String() != want {
		t.Fatalf("printed\n%q\nwant\n%q", out.String(), want)
	}
}
