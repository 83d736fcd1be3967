package cli

import (
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// The text printer prints interleaved artifacts by turns: the last that
// started goes on as its chunks come, the others' text is printed under
// a line naming each when the one printed settles or the exchange ends;
// a snapshot adds only what was not printed or kept, and a replacement
// of a waiting artifact is printed instead of what it replaced.
func TestTextPrinterTakesTurnsAtInterleavedChunks(t *testing.T) {
	last := func(ev a2aclient.Event) a2aclient.Event {
		ev.Artifact.LastChunk = true
		return ev
	}
	done := a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted}}}
	snapshot := a2aclient.Event{Task: &a2aclient.Task{ID: "t1", ContextID: "c1", Status: a2aclient.TaskStatus{State: a2aclient.StateWorking},
		Artifacts: []a2aclient.Artifact{
			{ID: "a", Parts: []a2aclient.Part{a2aclient.TextPart("A1A2A3")}},
			{ID: "b", Parts: []a2aclient.Part{a2aclient.TextPart("B1B2")}},
		}}}
	for _, c := range []struct {
		name   string
		events []a2aclient.Event
		want   string
	}{
		{"the first settles last", []a2aclient.Event{
			textChunk("a", "A1", false), textChunk("b", "B1", false), textChunk("a", "A2", true),
			textChunk("b", "B2", true), last(textChunk("a", "A3", true)), last(textChunk("b", "B3", true)), done,
		}, "A1B1B2B3\n[artifact a, continued]\nA2A3\n[completed]\n"},
		{"the exchange ends first", []a2aclient.Event{
			textChunk("a", "A1", false), textChunk("b", "B1", false), textChunk("a", "A2", true), textChunk("b", "B2", true), done,
		}, "A1B1B2\n[artifact a, continued]\nA2\n[completed]\n"},
		{"then the next one's turn", []a2aclient.Event{
			textChunk("a", "A1", false), textChunk("b", "B1", false), textChunk("c", "C1", false), textChunk("a", "A2", true),
			textChunk("b", "B2", true), last(textChunk("c", "C2", true)), textChunk("a", "A3", true), textChunk("b", "B3", true), done,
		}, "A1B1C1C2\n[artifact a, continued]\nA2A3\n[artifact b, continued]\nB2B3\n[completed]\n"},
		{"a waiting artifact replaced", []a2aclient.Event{
			textChunk("a", "A1", false), textChunk("b", "B1", false), textChunk("a", "A2", true),
			textChunk("a", "X", false), last(textChunk("b", "B2", true)), done,
		}, "A1B1B2\n[artifact a, replaced]\nX\n[completed]\n"},
		{"a snapshot", []a2aclient.Event{
			textChunk("a", "A1", false), textChunk("b", "B1", false), textChunk("a", "A2", true), textChunk("b", "B2", true), snapshot, done,
		}, "A1B1B2\n[working]\n[artifact a, continued]\nA2A3\n[completed]\n"},
	} {
		out, p, feed := fedTextPrinter()
		for _, ev := range c.events {
			feed(ev)
		}
		p.endLine()
		if got := out.String(); got != c.want {
			t.Errorf("%s: printed\n%q\nwant\n%q", c.name, got, c.want)
		}
	}
}

// A send that ends in an error (a broken stream, a timeout) still prints
// the text that waited for its turn: what arrived is not left unsaid.
func TestTextPrinterPrintsWaitingTextWhenTheSendFails(t *testing.T) {
	out, p, feed := fedTextPrinter()
	for _, ev := range []a2aclient.Event{textChunk("a", "A1", false), textChunk("b", "B1", false), textChunk("a", "A2", true)} {
		feed(ev)
	}
	p.stopped()
	if got, want := out.String(), "A1B1\n[artifact a, continued]\nA2\n"; got != want {
		t.Errorf("printed %q after the send failed, want %q", got, want)
	}
}
