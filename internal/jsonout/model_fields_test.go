package jsonout

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/modeltest"
)

// fullParts are parts of every kind that together set every field of
// a2aclient.Part and a2aclient.File.
func fullParts() []a2aclient.Part {
	return []a2aclient.Part{
		{Kind: a2aclient.PartText, Text: "hello", Metadata: map[string]any{"k": "text"}},
		{Kind: a2aclient.PartData, Data: map[string]any{"b": 1.0, "a": "x"}, KeyOrder: []string{"b", "a"}},
		{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "a.csv", MimeType: "text/csv", Bytes: []byte("x,y")}},
		{Kind: a2aclient.PartFile, File: &a2aclient.File{URI: "https://example.com/a.csv"}},
	}
}

func fullMessage(id string) *a2aclient.Message {
	return &a2aclient.Message{ID: id, Role: a2aclient.RoleAgent, Parts: fullParts(), ContextID: "c1", TaskID: "t1",
		ReferenceTaskIDs: []string{"t0"}, Metadata: map[string]any{"k": "message"}}
}

// fullTask sets every field of a2aclient.Task, down to its parts.
func fullTask() *a2aclient.Task {
	return &a2aclient.Task{
		ID: "t1", ContextID: "c1",
		Status: a2aclient.TaskStatus{State: a2aclient.StateInputRequired, Message: fullMessage("m2"),
			Timestamp: time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)},
		Artifacts: []a2aclient.Artifact{{ID: "a1", Name: "report", Description: "the report", Parts: fullParts(),
			Metadata: map[string]any{"k": "artifact"}}},
		History:  []a2aclient.Message{*fullMessage("m1")},
		Metadata: map[string]any{"k": "task"},
	}
}

// TestEveryModelFieldReachesTheOutputForms: a task with every field of
// the model set comes back from its --json form (and the store's, which
// is the same) with every field, equal. A field added to a2aclient's
// model and not to these forms fails here, by name.
func TestEveryModelFieldReachesTheOutputForms(t *testing.T) {
	task := fullTask()
	if unset := modeltest.Unset(*task); len(unset) > 0 {
		t.Fatalf("fullTask leaves %s unset: set them, then carry them in the forms", strings.Join(unset, ", "))
	}
	b, err := json.Marshal(TaskToJSON(task))
	if err != nil {
		t.Fatal(err)
	}
	var form TaskJSON
	if err := json.Unmarshal(b, &form); err != nil {
		t.Fatal(err)
	}
	back := TaskFromJSON(form)
	if unset := modeltest.Unset(back); len(unset) > 0 {
		t.Errorf("the task's JSON form loses %s:\n%s", strings.Join(unset, ", "), b)
	}
	if !reflect.DeepEqual(back, *task) {
		t.Errorf("round trip:\n got %+v\nwant %+v\njson %s", back, *task, b)
	}
}

// TestEveryUpdateFieldReachesItsEvent: a status or artifact update with
// every field set writes each of them as an event line member (its
// artifact and status through the forms above).
func TestEveryUpdateFieldReachesItsEvent(t *testing.T) {
	full := fullTask()
	for _, ev := range []a2aclient.Event{
		{Status: &a2aclient.StatusUpdate{TaskID: "t1", ContextID: "c1", Status: full.Status, Final: true, Metadata: map[string]any{"k": "v"}}},
		{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t1", ContextID: "c1", Artifact: full.Artifacts[0], Append: true, LastChunk: true, Metadata: map[string]any{"k": "v"}}},
	} {
		update := reflect.ValueOf(ev.Status).Elem()
		if ev.Artifact != nil {
			update = reflect.ValueOf(ev.Artifact).Elem()
		}
		if unset := modeltest.Unset(update.Interface()); len(unset) > 0 {
			t.Fatalf("the test's %s leaves %s unset", ev.Kind(), strings.Join(unset, ", "))
		}
		b, err := json.Marshal(EventToJSON(ev))
		if err != nil {
			t.Fatal(err)
		}
		var members map[string]json.RawMessage
		if err := json.Unmarshal(b, &members); err != nil {
			t.Fatal(err)
		}
		// One member a field, and "type".
		if got, want := len(members), update.NumField()+1; got != want {
			t.Errorf("%s event has %d members for %d fields and its type: %s", ev.Kind(), got, update.NumField(), b)
		}
	}
}
