package session

import (
	"fmt"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// Restored tasks keep the store's order (newest first in Tasks), and a
// second Restore puts tasks it did not know before the known ones.
func TestRestoreKeepsTaskOrder(t *testing.T) {
	c := NewConversation(nil, "a", nil)
	c.Restore("ctx", nil, []TaskInfo{{ID: "t3"}, {ID: "t2"}, {ID: "t1"}})
	c.Restore("ctx", nil, []TaskInfo{{ID: "t5"}, {ID: "t2"}, {ID: "t4"}})
	var got []string
	for _, task := range c.Tasks() {
		got = append(got, task.ID)
	}
	if fmt.Sprint(got) != "[t3 t2 t1 t5 t4]" {
		t.Fatalf("tasks newest first: %v", got)
	}
}

// Of two tasks waiting for the user, the newest is the one a message
// answers, as `parley send --context N --action` finds it: the last
// question asked is the one on screen and in the hint.
func TestRestoreAnswersTheNewestWaitingTask(t *testing.T) {
	c := NewConversation(nil, "", nil)
	c.Restore("ctx", nil, []TaskInfo{
		{ID: "t3", State: a2aclient.StateInputRequired},
		{ID: "t2", State: a2aclient.StateCompleted},
		{ID: "t1", State: a2aclient.StateInputRequired},
	})
	if id, _ := c.Waiting(); id != "t3" {
		t.Errorf("the waiting task is %q, want the newest, t3", id)
	}
}
