package session

import (
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// A task opened from the agent's listing shows its history, artifacts
// and state, in its own context, and a reply answers it when it waits.
func TestLoadTaskShowsHistoryAndContinuesItsContext(t *testing.T) {
	c := NewConversation(nil, "agent", nil)
	c.LoadTask(&a2aclient.Task{
		ID: "t-1", ContextID: "ctx-9",
		Status: a2aclient.TaskStatus{State: a2aclient.StateInputRequired, Message: &a2aclient.Message{Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{a2aclient.TextPart("Which city?")}}},
		History: []a2aclient.Message{
			{ID: "u1", Role: a2aclient.RoleUser, Parts: []a2aclient.Part{a2aclient.TextPart("Book a flight")}},
			{ID: "a1", Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{a2aclient.TextPart("Looking")}},
			{ID: "a1", Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{a2aclient.TextPart("Looking")}},
		},
		Artifacts: []a2aclient.Artifact{{ID: "art", Name: "plan", Parts: []a2aclient.Part{a2aclient.TextPart("draft")}}},
	})
	if got := c.ContextID(); got != "ctx-9" {
		t.Fatalf("context %q, want the task's ctx-9", got)
	}
	var kinds []ItemKind
	var texts []string
	for _, it := range c.Items() {
		kinds = append(kinds, it.Kind)
		texts = append(texts, it.Text)
	}
	want := []ItemKind{ItemUser, ItemAgent, ItemArtifact, ItemStatus}
	if len(kinds) != len(want) {
		t.Fatalf("items %v %q, want kinds %v", kinds, texts, want)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Fatalf("items %v %q, want kinds %v", kinds, texts, want)
		}
	}
	tasks := c.Tasks()
	if len(tasks) != 1 || tasks[0].ID != "t-1" || tasks[0].State != a2aclient.StateInputRequired || tasks[0].Title != "Book a flight" || tasks[0].Following {
		t.Fatalf("tasks %+v", tasks)
	}
	if id, _ := c.Waiting(); id != "t-1" {
		t.Fatalf("waiting for %q, want the task that asks for input", id)
	}
}
