package session

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// Continuing a task after a sign-in records what happened, as parley's
// note: the transcript said "you · 🔒 credentials provided", a message
// the person never typed (issue 32, item 12).
func TestCredentialTurnRecordsTheSignIn(t *testing.T) {
	c, _ := demoConversation(t, "/")
	c.Send("sign in please")
	waitIdle(t, c)
	taskID, state := c.Waiting()
	if state != a2aclient.StateAuthRequired {
		t.Fatalf("waiting = %q %q", taskID, state)
	}
	users := 0
	for _, it := range c.Items() {
		if it.Kind == ItemUser {
			users++
		}
	}
	c.SendCredentialTurn(taskID)
	waitIdle(t, c)
	var note *Item
	for _, it := range c.Items() {
		if it.Kind == ItemUser {
			users--
		}
		if it.Kind == ItemNotice && it.TaskID == taskID && strings.Contains(it.Text, "signed in") {
			note = &it
		}
	}
	if users != 0 {
		t.Fatalf("the sign-in was recorded as a message of yours: %s", kinds(c.Items()))
	}
	if note == nil || !note.Secret || !strings.Contains(note.Text, ShortID(taskID)) {
		t.Fatalf("no note of the sign-in for task %s: %+v", taskID, c.Items())
	}
}
