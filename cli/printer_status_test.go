package cli

import (
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
)

// Status messages in the text output: one message that grows (same id)
// flows on its line and its new state follows alone; a separate note (a
// new id) or a message whose text was replaced gets a line of its own;
// gemini-cli's reply pieces flow as the answer; escapes stay out.
func TestTextPrinterStatusMessages(t *testing.T) {
	out, p, feed := fedTextPrinter()
	status := func(state a2aclient.State, id, text string, meta map[string]any) a2aclient.Event {
		var m *a2aclient.Message
		if text != "" {
			m = &a2aclient.Message{ID: id, Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{a2aclient.TextPart(text)}}
		}
		return a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", Status: a2aclient.TaskStatus{State: state, Message: m}, Metadata: meta}}
	}
	snapshot := func(state a2aclient.State, id, text string) a2aclient.Event {
		return a2aclient.Event{Task: &a2aclient.Task{ID: "t1", Status: a2aclient.TaskStatus{State: state,
			Message: &a2aclient.Message{ID: id, Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{a2aclient.TextPart(text)}}}}}
	}
	coder := func(kind string) map[string]any { return map[string]any{"coderAgent": map[string]any{"kind": kind}} }

	feed(snapshot(a2aclient.StateWorking, "m1", "Fake"))
	feed(snapshot(a2aclient.StateWorking, "m1", "Fake model"))
	feed(snapshot(a2aclient.StateWorking, "m1", "Fake model \x1b[2Jsays."))
	feed(status(a2aclient.StateWorking, "n1", "Searching…", nil))
	feed(status(a2aclient.StateWorking, "n2", "Found 3 results", nil))
	feed(status(a2aclient.StateWorking, "n2", "Replaced entirely", nil))
	feed(status(a2aclient.StateWorking, "d1", "Gemini", coder(frameworks.CoderKindText)))
	feed(status(a2aclient.StateWorking, "d2", " reply.", coder(frameworks.CoderKindText)))
	feed(snapshot(a2aclient.StateCompleted, "n2", "Replaced entirely"))
	p.endLine()
	want := "[working] Fake model says.\n" +
		"[working] Searching…\n" +
		"[working] Found 3 results\n" +
		"[working] Replaced entirely\n" +
		"Gemini reply.\n" +
		"[completed] Replaced entirely\n"
	if out.String() != want {
		t.Fatalf("printed\n%q\nwant\n%q", out.String(), want)
	}
}
