package a2aclient

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/internal/modeltest"
)

// Each wire family's task with every member the model reads: parts of
// every kind (text, data, a file inline, a file by URI), a status
// message, an artifact, the history. {MSG} and {PARTS} are filled in.
var fullTasks = []struct {
	family, task, msg, parts string
	decode                   func([]byte) (*Task, error)
}{
	{
		family: "tagged JSON (v0.3 JSON-RPC)",
		task: `{"kind":"task","id":"t1","contextId":"c1","status":{"state":"input-required","timestamp":"2025-06-01T12:00:00Z","message":{MSG}},
			"artifacts":[{"artifactId":"a1","name":"report","description":"the report","parts":{PARTS},"metadata":{"k":"artifact"}}],
			"history":[{MSG}],"metadata":{"k":"task"}}`,
		msg: `{"kind":"message","messageId":"m1","role":"agent","parts":{PARTS},"contextId":"c1","taskId":"t1","referenceTaskIds":["t0"],"metadata":{"k":"message"}}`,
		parts: `[{"kind":"text","text":"hello","metadata":{"k":"text"}},{"kind":"data","data":{"b":1,"a":"x"}},
			{"kind":"file","file":{"name":"a.csv","mimeType":"text/csv","bytes":"eCx5"}},{"kind":"file","file":{"uri":"https://example.com/a.csv"}}]`,
		decode: func(b []byte) (*Task, error) { return taggedDecodeTask(b) },
	},
	{
		family: "ProtoJSON, v0.3's shape (HTTP+JSON, gRPC)",
		task: `{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_INPUT_REQUIRED","timestamp":"2025-06-01T12:00:00Z","message":{MSG}},
			"artifacts":[{"artifactId":"a1","name":"report","description":"the report","parts":{PARTS},"metadata":{"k":"artifact"}}],
			"history":[{MSG}],"metadata":{"k":"task"}}`,
		msg: `{"messageId":"m1","role":"ROLE_AGENT","content":{PARTS},"contextId":"c1","taskId":"t1","referenceTaskIds":["t0"],"metadata":{"k":"message"}}`,
		parts: `[{"text":"hello","metadata":{"k":"text"}},{"data":{"data":{"b":1,"a":"x"}}},
			{"file":{"fileWithBytes":"ZUN4NQ==","mimeType":"text/csv","name":"a.csv"}},{"file":{"fileWithUri":"https://example.com/a.csv"}}]`,
		decode: func(b []byte) (*Task, error) { return decodeTask(b, shapeV03) },
	},
	{
		family: "ProtoJSON, v1.0's shape (every v1.0 binding)",
		task: `{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_INPUT_REQUIRED","timestamp":"2025-06-01T12:00:00Z","message":{MSG}},
			"artifacts":[{"artifactId":"a1","name":"report","description":"the report","parts":{PARTS},"metadata":{"k":"artifact"}}],
			"history":[{MSG}],"metadata":{"k":"task"}}`,
		msg: `{"messageId":"m1","role":"ROLE_AGENT","parts":{PARTS},"contextId":"c1","taskId":"t1","referenceTaskIds":["t0"],"metadata":{"k":"message"}}`,
		parts: `[{"text":"hello","metadata":{"k":"text"}},{"data":{"b":1,"a":"x"}},
			{"raw":"eCx5","mediaType":"text/csv","filename":"a.csv"},{"url":"https://example.com/a.csv"}]`,
		decode: func(b []byte) (*Task, error) { return decodeTask(b, shapeV10) },
	},
}

// TestEveryWireFamilyFillsEveryModelField: each wire family reads every
// field of the normalized model from a task that carries them all. The
// families keep their own types (each follows its dialect), so this is
// what holds them to one model: a field added to Task, Message,
// Artifact, Part or File and not read by a family fails here, by name.
func TestEveryWireFamilyFillsEveryModelField(t *testing.T) {
	for _, tc := range fullTasks {
		msg := strings.ReplaceAll(tc.msg, "{PARTS}", tc.parts)
		body := strings.ReplaceAll(strings.ReplaceAll(tc.task, "{MSG}", msg), "{PARTS}", tc.parts)
		task, err := tc.decode([]byte(body))
		if err != nil {
			t.Fatalf("%s: %v", tc.family, err)
		}
		if unset := modeltest.Unset(*task); len(unset) > 0 {
			t.Errorf("%s: the decoded task leaves %s unset", tc.family, strings.Join(unset, ", "))
		}
	}
}

// TestEveryWireFamilyWritesEveryMessageField: a message with every
// field set, written in each family's form and read back, is the same
// message: what parley sends carries every field it has.
func TestEveryWireFamilyWritesEveryMessageField(t *testing.T) {
	tc := fullTasks[2]
	full, err := tc.decode([]byte(strings.ReplaceAll(strings.ReplaceAll(tc.task, "{MSG}", tc.msg), "{PARTS}", tc.parts)))
	if err != nil {
		t.Fatal(err)
	}
	m := full.History[0]
	if unset := modeltest.Unset(m); len(unset) > 0 {
		t.Fatalf("the message to send leaves %s unset", strings.Join(unset, ", "))
	}
	round := func(out any, in func([]byte) (*Message, error)) (*Message, error) {
		b, err := json.Marshal(out)
		if err != nil {
			return nil, err
		}
		return in(b)
	}
	fromProto := func(s protoShape) func([]byte) (*Message, error) {
		return func(b []byte) (*Message, error) {
			var w protoMessage
			if err := json.Unmarshal(b, &w); err != nil {
				return nil, err
			}
			return fromProtoMessage(&w, s)
		}
	}
	for _, f := range []struct {
		family string
		out    any
		in     func([]byte) (*Message, error)
	}{
		{"tagged JSON (v0.3)", taggedEncodeMessage(m, tagKind), func(b []byte) (*Message, error) { return taggedDecodeMessage(b) }},
		{"ProtoJSON v0.3", toProtoMessage(&m, shapeV03), fromProto(shapeV03)},
		{"ProtoJSON v1.0", toProtoMessage(&m, shapeV10), fromProto(shapeV10)},
	} {
		back, err := round(f.out, f.in)
		if err != nil {
			t.Fatalf("%s: %v", f.family, err)
		}
		// A data part's KeyOrder is the order an agent sent its keys
		// in, for laying out tables; parley writes a map's keys in Go's
		// order, which JSON leaves free.
		if got, want := withoutKeyOrder(*back), withoutKeyOrder(m); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the message read back differs\n got %+v\nwant %+v", f.family, *back, m)
		}
	}
}

// withoutKeyOrder is m with its parts' key orders left out.
func withoutKeyOrder(m Message) Message {
	m.Parts = append([]Part(nil), m.Parts...)
	for i := range m.Parts {
		m.Parts[i].KeyOrder = nil
	}
	return m
}
