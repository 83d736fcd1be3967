package session

import (
	"fmt"
	"testing"
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
