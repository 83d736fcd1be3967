package a2aclient

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

func TestPJPartsEncode(t *testing.T) {
	parts := []Part{
		TextPart(""),
		{Kind: PartFile, File: &File{Name: "f.bin", MimeType: "application/octet-stream", Bytes: []byte{0xff, 0x00}}},
		{Kind: PartFile, File: &File{URI: "https://example.com/x"}},
		{Kind: PartData, Data: []any{1.0, "two"}},
		{Kind: PartData, Data: nil},
	}
	for _, tc := range []struct {
		shape protoShape
		want  string
	}{
		{shapeV10, `{"messageId":"m","role":"ROLE_AGENT","parts":[{"text":""},
			{"raw":"/wA=","mediaType":"application/octet-stream","filename":"f.bin"},
			{"url":"https://example.com/x"},{"data":[1,"two"]},{"data":null}]}`},
		{shapeV03, `{"messageId":"m","role":"ROLE_AGENT","content":[{"text":""},
			{"file":{"fileWithBytes":"L3dBPQ==","mimeType":"application/octet-stream","name":"f.bin"}},
			{"file":{"fileWithUri":"https://example.com/x"}},{"data":{"data":[1,"two"]}},{"data":{"data":null}}]}`},
	} {
		got, err := json.Marshal(toProtoMessage(&Message{ID: "m", Role: RoleAgent, Parts: parts}, tc.shape))
		if err != nil {
			t.Fatal(err)
		}
		assertJSON(t, "message", got, tc.want)
	}
}

func TestPJPartsDecode(t *testing.T) {
	// v1.0: raw in the URL-safe alphabet without padding, which ProtoJSON
	// parsers accept; data of any JSON type, null included.
	var m protoMessage
	if err := json.Unmarshal([]byte(`{"role":"ROLE_USER","parts":[
		{"raw":"_wA","mediaType":"image/png","filename":"a.png"},
		{"data":null,"metadata":{"k":"v"}},
		{"data":"just a string"}]}`), &m); err != nil {
		t.Fatal(err)
	}
	msg, err := fromProtoMessage(&m, shapeV10)
	if err != nil {
		t.Fatal(err)
	}
	want := []Part{
		{Kind: PartFile, File: &File{Name: "a.png", MimeType: "image/png", Bytes: []byte{0xff, 0x00}}},
		{Kind: PartData, Data: nil, Metadata: map[string]any{"k": "v"}},
		{Kind: PartData, Data: "just a string"},
	}
	if !reflect.DeepEqual(msg.Parts, want) || msg.Role != RoleUser {
		t.Errorf("parts = %#v", msg.Parts)
	}

	// v0.3: bytes encoded once ("hello world") or twice ("hello") both read.
	for enc, want := range map[string]string{"aGVsbG8gd29ybGQ=": "hello world", "YUdWc2JHOD0=": "hello"} {
		b, err := decodeBytes03(enc)
		if err != nil || string(b) != want {
			t.Errorf("decodeBytes03(%s) = %q, %v; want %q", enc, b, err, want)
		}
	}

	for name, part := range map[string]string{
		"raw":       `{"raw":"not base64!"}`,
		"v0.3 file": `{"file":{"fileWithBytes":"@@@"}}`,
	} {
		var p protoPart
		if err := json.Unmarshal([]byte(part), &p); err != nil {
			t.Fatal(err)
		}
		var pe *ProtocolError
		if _, _, err := fromProtoPart(&p, shapeV10); !errors.As(err, &pe) {
			t.Errorf("%s: err = %v, want a ProtocolError", name, err)
		}
	}
}

func TestDecodeSendResponseShapes(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		task, msg  bool
	}{
		{"task wrapper", `{"task":{"id":"t1","status":{"state":"TASK_STATE_WORKING"}}}`, true, false},
		{"message wrapper", `{"message":{"messageId":"m1","role":"ROLE_AGENT","parts":[{"text":"hi"}]}}`, false, true},
		{"bare task", `{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}`, true, false},
		{"bare message", `{"messageId":"m1","role":"ROLE_AGENT","parts":[{"text":"hi"}]}`, false, true},
		{"empty object", `{}`, false, false},
		{"not JSON", `<html>oops</html>`, false, false},
		{"both", `{"task":{"id":"t1"},"message":{"messageId":"m1"}}`, false, false},
		{"status update", `{"statusUpdate":{"taskId":"t1","status":{"state":"TASK_STATE_WORKING"}}}`, false, false},
		{"status without status", `{"statusUpdate":{"taskId":"t1"}}`, false, false},
		{"array", `[1,2]`, false, false},
	} {
		res, err := decodeSendResponse([]byte(tc.body), shapeV10)
		if !tc.task && !tc.msg {
			var pe *ProtocolError
			if !errors.As(err, &pe) {
				t.Errorf("%s: err = %v, want a ProtocolError", tc.name, err)
			}
			continue
		}
		if err != nil || (res.Task != nil) != tc.task || (res.Message != nil) != tc.msg {
			t.Errorf("%s: %+v, %v", tc.name, res, err)
		}
	}
}

func TestDecodeTaskShapes(t *testing.T) {
	task, err := decodeTask([]byte(`{"task":{"id":"t1","status":{"state":"TASK_STATE_UNSPECIFIED"}}}`), shapeV10)
	if err != nil || task.ID != "t1" || task.Status.State != StateUnknown {
		t.Errorf("wrapped task = %+v, %v", task, err)
	}
	task, err = decodeTask([]byte(`{"id":"t2"}`), shapeV10)
	if err != nil || task.Status.State != StateUnknown {
		t.Errorf("task without status = %+v, %v", task, err)
	}
	var pe *ProtocolError
	if _, err := decodeTask([]byte(`{}`), shapeV10); !errors.As(err, &pe) {
		t.Errorf("task without id: %v", err)
	}
	page, err := decodeTaskPage([]byte(` [{"id":"a"},{"id":"b"}]`), shapeV03)
	if err != nil || len(page.Tasks) != 2 || page.Tasks[1].ID != "b" {
		t.Errorf("bare task array = %+v, %v", page, err)
	}
}

func TestPJStateNames(t *testing.T) {
	for _, st := range []State{StateSubmitted, StateWorking, StateInputRequired, StateAuthRequired, StateCompleted, StateCanceled, StateFailed, StateRejected} {
		for _, s := range []protoShape{shapeV03, shapeV10} {
			if got := ParseState(protoStateName(st, s)); got != st {
				t.Errorf("%s → %q → %s", st, protoStateName(st, s), got)
			}
		}
	}
	if protoStateName(StateCanceled, shapeV03) != "TASK_STATE_CANCELLED" || protoStateName(StateCanceled, shapeV10) != "TASK_STATE_CANCELED" {
		t.Error("canceled is spelt CANCELLED in v0.3 and CANCELED in v1.0")
	}
	if protoStateName(StateUnknown, shapeV10) != "" {
		t.Error("unknown state must not be sent as a filter")
	}
}

func TestFromPJPushConfig(t *testing.T) {
	var w protoPushConfig
	_ = json.Unmarshal([]byte(`{"name":"tasks/t9/pushNotificationConfigs/c9","pushNotificationConfig":{"url":"https://h"}}`), &w)
	if p := fromProtoPushConfig(&w); p.TaskID != "t9" || p.ID != "c9" || p.URL != "https://h" {
		t.Errorf("v0.3 config = %+v", p)
	}
	w = protoPushConfig{}
	_ = json.Unmarshal([]byte(`{"id":"c1","taskId":"t1","url":"https://h","authentication":{"scheme":"Basic"}}`), &w)
	if p := fromProtoPushConfig(&w); p.TaskID != "t1" || p.ID != "c1" || !reflect.DeepEqual(p.AuthSchemes, []string{"Basic"}) {
		t.Errorf("v1.0 config = %+v", p)
	}
}

func TestParseRESTError(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		status     int
		taskPath   bool
		want       error
		message    string
	}{
		{"AIP-193 with reason", `{"error":{"code":400,"status":"FAILED_PRECONDITION","message":"nope","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"PUSH_NOTIFICATION_NOT_SUPPORTED"}]}}`, 400, false, ErrPushNotSupported, "nope"},
		{"problem type", `{"type":"https://a2a-protocol.org/errors/content-type-not-supported","title":"Unsupported","status":415}`, 415, false, ErrContentTypeNotSupported, "Unsupported"},
		{"camel-case type", `{"type":"TaskNotCancelableError","detail":"done already"}`, 400, false, ErrTaskNotCancelable, "done already"},
		{"JSON-RPC code", `{"code":-32007,"message":"no card"}`, 400, false, ErrExtendedCardUnavailable, "no card"},
		{"string error", `{"error":"Task t1 not found"}`, 404, true, ErrTaskNotFound, "Task t1 not found"},
		{"bare 404", `404 page not found`, 404, true, nil, ""},
		{"gRPC gateway route 404", `{"code":5,"message":"Not Found","details":[]}`, 404, true, nil, "Not Found"},
		{"task words off a task path", `{"message":"Task not found"}`, 404, false, nil, "Task not found"},
	} {
		info := parseRESTError([]byte(tc.body))
		if got := info.kind(DialectV10REST, tc.status, tc.taskPath, "/tasks/t1"); got != tc.want {
			t.Errorf("%s: kind = %v, want %v", tc.name, got, tc.want)
		}
		if info.message != tc.message {
			t.Errorf("%s: message = %q, want %q", tc.name, info.message, tc.message)
		}
	}
}
