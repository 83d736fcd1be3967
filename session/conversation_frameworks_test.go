package session

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
	"github.com/parley-a2a/parley/internal/frameworkstest"
)

// fedConversation is a conversation fed events as a stream's follower
// feeds them, through one tracker that reads the known frameworks.
func fedConversation(evs []a2aclient.Event) *Conversation {
	c := NewConversation(nil, "adk", nil)
	tr := &a2aclient.Tracker{Reading: frameworks.Reading{}}
	ex := &exchange{}
	for i := range evs {
		tr.Apply(evs[i])
		c.onUpdate(ex, "", Update{Event: &evs[i], Tracker: tr})
	}
	return c
}

// shown describes the items a person sees: an artifact's text and its
// other parts by kind; an artifact with nothing in it is not shown.
func shown(items []Item) string {
	var b []string
	for _, it := range items {
		if it.Kind == ItemArtifact && len(it.Parts) == 0 {
			continue
		}
		s := it.Kind.String()
		if it.Kind == ItemStatus {
			s += "(" + string(it.State) + ")"
		}
		for _, p := range it.Parts {
			if p.Kind == a2aclient.PartText {
				s += " " + p.Text
			} else {
				s += " [" + string(p.Kind) + "]"
			}
		}
		b = append(b, s)
	}
	return strings.Join(b, " | ")
}

// ADK's streamed answer in the transcript: the preview grows while it
// streams, then the whole answer takes its place; the emptied preview
// shows nothing and no empty data.
func TestConversationADKStreamedAnswerShowsOnce(t *testing.T) {
	evs := frameworkstest.ADKEcho()
	c := fedConversation(evs[:6])
	if got, want := shown(c.Items()), "status(working) | artifact ADK echo (turn 1): the "; got != want {
		t.Errorf("while streaming: %s\nwant %s", got, want)
	}
	c = fedConversation(evs)
	if got, want := shown(c.Items()), "status(working) | artifact "+frameworkstest.EchoText+" | status(completed)"; got != want {
		t.Errorf("at the end: %s\nwant %s", got, want)
	}
}

// A tool turn keeps the agent's order: call, answer, then the text.
func TestConversationADKToolTurnInOrder(t *testing.T) {
	c := fedConversation(frameworkstest.ADKTool())
	if got, want := shown(c.Items()), "status(working) | artifact [tool] [tool] "+frameworkstest.WeatherText+" | status(completed)"; got != want {
		t.Errorf("%s\nwant %s", got, want)
	}
}

// ADK's long-running call is the question: it shows on the status line
// as its parts, and the conversation can answer it (PendingTool,
// ConfirmTool) in ADK's form.
func TestConversationADKApprovalIsAPendingTool(t *testing.T) {
	c := fedConversation(frameworkstest.ADKApproval())
	if got, want := shown(c.Items()), "status(working) | artifact "+frameworkstest.WaitText+" | status(input-required) [tool] [tool] | tool"; got != want {
		t.Errorf("%s\nwant %s", got, want)
	}
	id, line := c.PendingTool()
	if id != "adk-2" || line != `request_approval {"action":"refund order 42","amount":30} · awaiting approval` {
		t.Errorf("pending tool %q %q", id, line)
	}
}

// A task snapshot (a get, a blocking send) lists ADK's emptied preview:
// the transcript shows nothing of it.
func TestConversationADKSnapshotLeavesOutTheEmptiedPreview(t *testing.T) {
	tr := &a2aclient.Tracker{Reading: frameworks.Reading{}}
	for _, ev := range frameworkstest.ADKTool() {
		tr.Apply(ev)
	}
	task := tr.Task()
	task.Artifacts = append(task.Artifacts, frameworkstest.ADKPreviewEnded())
	c := fedConversation([]a2aclient.Event{{Task: &task}})
	if got, want := shown(c.Items()), "artifact [tool] [tool] "+frameworkstest.WeatherText+" | status(completed)"; got != want {
		t.Errorf("%s\nwant %s", got, want)
	}
}
