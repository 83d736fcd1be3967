package jsonout

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

func TestPartJSONShapes(t *testing.T) {
	for _, tc := range []struct {
		part a2aclient.Part
		want string
	}{
		{a2aclient.TextPart(""), `{"kind":"text","text":""}`},
		{a2aclient.Part{Kind: a2aclient.PartData, Data: nil}, `{"kind":"data","data":null}`},
		{a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{"n": 1.0}}, `{"kind":"data","data":{"n":1}}`},
		{a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "a.csv", MimeType: "text/csv", Bytes: []byte("x,y")}},
			`{"kind":"file","name":"a.csv","mimeType":"text/csv","bytes":"eCx5"}`},
		{a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{URI: "https://x/y"}}, `{"kind":"file","uri":"https://x/y"}`},
	} {
		b, err := json.Marshal(PartToJSON(tc.part))
		if err != nil || string(b) != tc.want {
			t.Errorf("%+v: %s, %v; want %s", tc.part, b, err, tc.want)
		}
	}
}

func TestTaskJSONRoundTrip(t *testing.T) {
	ts := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	task := a2aclient.Task{
		ID: "t", ContextID: "c",
		Status: a2aclient.TaskStatus{State: a2aclient.StateInputRequired, Timestamp: ts,
			Message: &a2aclient.Message{ID: "m", Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{a2aclient.TextPart("where?")}}},
		Artifacts: []a2aclient.Artifact{{ID: "a", Name: "n", Parts: []a2aclient.Part{
			a2aclient.TextPart("hi"),
			{Kind: a2aclient.PartData, Data: map[string]any{"k": "v"}, KeyOrder: []string{"k"}}, // as decoded from the wire
			{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "f", Bytes: []byte{0, 1}}},
		}}},
		History: []a2aclient.Message{{ID: "u", Role: a2aclient.RoleUser, Parts: []a2aclient.Part{a2aclient.TextPart("book")}, ContextID: "c", TaskID: "t"}},
	}
	b, err := json.Marshal(TaskToJSON(&task))
	if err != nil {
		t.Fatal(err)
	}
	var back TaskJSON
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if got := TaskFromJSON(back); !reflect.DeepEqual(got, task) {
		t.Errorf("round trip:\n got %+v\nwant %+v\njson %s", got, task, b)
	}
}

func TestResultJSONAlwaysHasEveryField(t *testing.T) {
	b, _ := json.Marshal(ResultToJSON(&Outcome{State: "message", Text: "pong"}))
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	for _, k := range []string{"type", "dialect", "contextId", "taskId", "state", "text", "statusText", "artifacts"} {
		if _, ok := m[k]; !ok {
			t.Errorf("result %s lacks %q", b, k)
		}
	}
	if arts, ok := m["artifacts"].([]any); !ok || len(arts) != 0 {
		t.Errorf("artifacts = %v, want []", m["artifacts"])
	}
}
