package session

import (
	"context"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// A reopened conversation whose waiting task the agent no longer knows
// (it restarted) stops offering to answer it once checked: the task ends
// as unknown with one line that says so, a note drawn whole rather than
// an error cut to its line. It offered "answering task …
// (input-required)", then "✗ The agent does not know this task" (issue
// 32, items 15 and 16).
func TestCheckWaitingForgetsATaskTheAgentLost(t *testing.T) {
	before, _ := demoConversation(t, "/")
	before.Send("Book a flight to Lisbon")
	waitIdle(t, before)
	taskID, state := before.Waiting()
	if state != a2aclient.StateInputRequired {
		t.Fatalf("waiting = %q %q", taskID, state)
	}
	after, _ := demoConversation(t, "/") // another agent process: it never saw the task
	after.Restore(before.ContextID(), before.Items(), before.Tasks())
	if id, _ := after.Waiting(); id != taskID {
		t.Fatalf("restored, it waits for %q", id)
	}
	after.CheckWaiting(context.Background())
	if id, _ := after.Waiting(); id != "" {
		t.Fatalf("still answering task %s the agent does not know", id)
	}
	for _, ti := range after.Tasks() {
		if ti.ID == taskID && ti.State != a2aclient.StateUnknown {
			t.Errorf("task %s is %s, want unknown", taskID, ti.State)
		}
	}
	items := after.Items()
	if last := items[len(items)-1]; last.Kind != ItemNotice || !strings.Contains(last.Text, "no longer knows task "+ShortID(taskID)) {
		t.Errorf("last item %+v", last)
	}

	// One the agent knows keeps waiting, and nothing is added.
	n := len(before.Items())
	before.CheckWaiting(context.Background())
	if id, _ := before.Waiting(); id != taskID || len(before.Items()) != n {
		t.Errorf("a task the agent knows: waiting %q, %d items (was %d)", id, len(before.Items()), n)
	}
}
