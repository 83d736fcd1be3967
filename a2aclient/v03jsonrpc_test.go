package a2aclient

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// Replies below are the v0.3.0 specification's examples (seed 003, §9),
// compacted; where an example is not valid JSON or SSE (a trailing comma,
// "data:" on the first line only) the fix is noted.

const v03FlightTask = `{
  "id": "3f36680c-7f37-4a5f-945e-d78981fafd36",
  "contextId": "c295ea44-7543-4f78-b524-7a38915ad6e4",
  "status": {
    "state": "completed",
    "message": {"role": "agent", "parts": [{"kind": "text", "text": "Okay, I've found a flight for you. Confirmation XYZ123. Details are in the artifact."}]}
  },
  "artifacts": [
    {
      "artifactId": "9b6934dd-37e3-4eb1-8766-962efaab63a1",
      "name": "FlightItinerary.json",
      "parts": [{"kind": "data", "data": {"confirmationId": "XYZ123", "from": "JFK", "to": "LHR", "departure": "2024-10-10T18:00:00Z", "arrival": "2024-10-11T06:00:00Z", "returnDeparture": "..."}}]
    }
  ],
  "history": [
    {"role": "user", "parts": [{"kind": "text", "text": "I'd like to book a flight."}], "messageId": "c53ba666-3f97-433c-a87b-6084276babe2", "taskId": "3f36680c-7f37-4a5f-945e-d78981fafd36", "contextId": "c295ea44-7543-4f78-b524-7a38915ad6e4"},
    {"role": "agent", "parts": [{"kind": "text", "text": "Sure, I can help with that! Where would you like to fly to, and from where? Also, what are your preferred travel dates?"}], "messageId": "c2e1b2dd-f200-4b04-bc22-1b0c65a1aad2", "taskId": "3f36680c-7f37-4a5f-945e-d78981fafd36", "contextId": "c295ea44-7543-4f78-b524-7a38915ad6e4"},
    {"role": "user", "parts": [{"kind": "text", "text": "I want to fly from New York (JFK) to London (LHR) around October 10th, returning October 17th."}], "contextId": "c295ea44-7543-4f78-b524-7a38915ad6e4", "taskId": "3f36680c-7f37-4a5f-945e-d78981fafd36", "messageId": "0db1d6c4-3976-40ed-b9b8-0043ea7a03d3"}
  ],
  "kind": "task",
  "metadata": {}
}`

func TestV03SendEncodesMessageSendParams(t *testing.T) {
	f := newOldrpcFake(t, taggedRPCRoutes(map[string]string{"message/send": v03FlightTask}))
	c := taggedRPCClient(t, f.URL, DialectV03)
	ctx := hostileCtx(t)
	msg := Message{
		ID: "0db1d6c4-3976-40ed-b9b8-0043ea7a03d3", ContextID: "c295ea44-7543-4f78-b524-7a38915ad6e4", TaskID: "3f36680c-7f37-4a5f-945e-d78981fafd36",
		Parts: []Part{TextPart("I want to fly from New York (JFK) to London (LHR) around October 10th, returning October 17th.")},
	}
	res, err := c.Send(ctx, SendRequest{Message: msg})
	if err != nil {
		t.Fatal(err)
	}
	// The spec's own request (req-004), with role and kind spelled out.
	assertJSON(t, "message/send params", assertEnvelope(t, f.call(t, 0), "message/send"), `{
	  "message": {
	    "kind": "message",
	    "role": "user",
	    "parts": [{"kind": "text", "text": "I want to fly from New York (JFK) to London (LHR) around October 10th, returning October 17th."}],
	    "contextId": "c295ea44-7543-4f78-b524-7a38915ad6e4",
	    "taskId": "3f36680c-7f37-4a5f-945e-d78981fafd36",
	    "messageId": "0db1d6c4-3976-40ed-b9b8-0043ea7a03d3"
	  },
	  "configuration": {"blocking": true}
	}`)
	task := res.Task
	if task == nil || task.ID != "3f36680c-7f37-4a5f-945e-d78981fafd36" || task.ContextID != "c295ea44-7543-4f78-b524-7a38915ad6e4" || task.Status.State != StateCompleted {
		t.Fatalf("result = %+v", res)
	}
	if len(task.Artifacts) != 1 || task.Artifacts[0].ID != "9b6934dd-37e3-4eb1-8766-962efaab63a1" || task.Artifacts[0].Parts[0].Kind != PartData {
		t.Fatalf("artifacts = %+v", task.Artifacts)
	}
	if data := task.Artifacts[0].Parts[0].Data.(map[string]any); data["confirmationId"] != "XYZ123" {
		t.Errorf("data = %v", data)
	}
	if len(task.History) != 3 || task.History[1].Role != RoleAgent || task.History[2].ID != "0db1d6c4-3976-40ed-b9b8-0043ea7a03d3" {
		t.Errorf("history = %+v", task.History)
	}

	// Every option set.
	hl := 2
	msg.ReferenceTaskIDs = []string{"t0"}
	msg.Metadata = map[string]any{"m": true}
	msg.Parts = append(msg.Parts, Part{Kind: PartFile, File: &File{Name: "a.txt", MimeType: "text/plain", URI: "https://files.example/a.txt"}})
	_, err = c.Send(ctx, SendRequest{
		Message: msg, NonBlocking: true, HistoryLength: &hl, AcceptedOutputModes: []string{"text/plain", "application/json"},
		PushConfig: &PushConfig{ID: "cfg-1", URL: "https://client.example.com/webhook/a2a-notifications", Token: "secure-client-token-for-task-aaa", AuthSchemes: []string{"Bearer"}},
		Metadata:   map[string]any{"trace": "abc"},
	})
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "message/send params with every option", f.call(t, 1).Params, `{
	  "message": {
	    "kind": "message",
	    "role": "user",
	    "parts": [
	      {"kind": "text", "text": "I want to fly from New York (JFK) to London (LHR) around October 10th, returning October 17th."},
	      {"kind": "file", "file": {"name": "a.txt", "mimeType": "text/plain", "uri": "https://files.example/a.txt"}}
	    ],
	    "contextId": "c295ea44-7543-4f78-b524-7a38915ad6e4",
	    "taskId": "3f36680c-7f37-4a5f-945e-d78981fafd36",
	    "messageId": "0db1d6c4-3976-40ed-b9b8-0043ea7a03d3",
	    "referenceTaskIds": ["t0"],
	    "metadata": {"m": true}
	  },
	  "configuration": {
	    "acceptedOutputModes": ["text/plain", "application/json"],
	    "blocking": false,
	    "historyLength": 2,
	    "pushNotificationConfig": {
	      "id": "cfg-1",
	      "url": "https://client.example.com/webhook/a2a-notifications",
	      "token": "secure-client-token-for-task-aaa",
	      "authentication": {"schemes": ["Bearer"]}
	    }
	  },
	  "metadata": {"trace": "abc"}
	}`)
}

func TestV02AlwaysSendsAcceptedOutputModes(t *testing.T) {
	for _, tc := range []struct {
		d    Dialect
		want string
	}{
		{DialectV02, `{"acceptedOutputModes": [], "blocking": false}`},
		{DialectV03, `{"blocking": false}`},
	} {
		f := newOldrpcFake(t, taggedRPCRoutes(map[string]string{"message/send": `{"id":"t","contextId":"c","status":{"state":"submitted"},"kind":"task"}`}))
		if _, err := taggedRPCClient(t, f.URL, tc.d).Send(hostileCtx(t), SendRequest{NonBlocking: true, Message: Message{Parts: []Part{TextPart("x")}}}); err != nil {
			t.Fatal(err)
		}
		var p struct {
			Configuration json.RawMessage `json:"configuration"`
			Message       struct {
				MessageID string `json:"messageId"`
				Role      string `json:"role"`
			} `json:"message"`
		}
		_ = json.Unmarshal(f.call(t, 0).Params, &p)
		assertJSON(t, string(tc.d)+" configuration", p.Configuration, tc.want)
		if len(p.Message.MessageID) != 36 || p.Message.Role != "user" {
			t.Errorf("%s: message id %q role %q, want a fresh UUID and user", tc.d, p.Message.MessageID, p.Message.Role)
		}
	}
}

func TestV03SendRepliesWithMessage(t *testing.T) {
	// §9.2: a direct reply, with no role (the example leaves it out).
	f := newOldrpcFake(t, taggedRPCRoutes(map[string]string{"message/send": `{"messageId":"363422be-b0f9-4692-a24d-278670e7c7f1","contextId":"c295ea44-7543-4f78-b524-7a38915ad6e4","parts":[{"kind":"text","text":"Why did the chicken cross the road? To get to the other side!"}],"kind":"message","metadata":{}}`}))
	res, err := taggedRPCClient(t, f.URL, DialectV03).Send(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("tell me a joke")}}})
	if err != nil {
		t.Fatal(err)
	}
	m := res.Message
	if res.Task != nil || m == nil || m.ID != "363422be-b0f9-4692-a24d-278670e7c7f1" || m.Role != RoleAgent || !strings.HasPrefix(m.Text(), "Why did the chicken") {
		t.Errorf("result = %+v", res)
	}
}

func TestV03ReplyShapes(t *testing.T) {
	for _, tc := range []struct {
		name, result string
		check        func(t *testing.T, r *Result)
	}{
		{"no kind (§9.5 reply)", `{"id":"43667960-d455-4453-b0cf-1bae4955270d","contextId":"c295ea44-7543-4f78-b524-7a38915ad6e4","status":{"state":"submitted","timestamp":"2024-03-15T11:00:00Z"}}`, func(t *testing.T, r *Result) {
			if r.Task == nil || r.Task.Status.State != StateSubmitted || r.Task.Status.Timestamp.IsZero() {
				t.Errorf("got %+v", r)
			}
		}},
		{"message without kind", `{"messageId":"m1","role":"agent","parts":[{"kind":"text","text":"hi"}]}`, func(t *testing.T, r *Result) {
			if r.Message == nil || r.Message.Text() != "hi" {
				t.Errorf("got %+v", r)
			}
		}},
		{"wrapped as in v1.0", `{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}}`, func(t *testing.T, r *Result) {
			if r.Task == nil || r.Task.ID != "t1" || r.Task.Status.State != StateWorking {
				t.Errorf("got %+v", r)
			}
		}},
		{"type instead of kind on parts", `{"kind":"message","messageId":"m","role":"agent","parts":[{"type":"text","text":"a"},{"type":"data","data":{"k":1}}]}`, func(t *testing.T, r *Result) {
			if r.Message == nil || len(r.Message.Parts) != 2 || r.Message.Parts[1].Kind != PartData || r.Message.Text() != "a" {
				t.Errorf("got %+v", r)
			}
		}},
		{"unknown state, bad timestamp, unknown fields", `{"kind":"task","id":"t1","contextId":"c1","futureField":{"x":[1]},"status":{"state":"paused","timestamp":"not a time","extra":1},"artifacts":[{"artifactId":"a","parts":[{"kind":"text","text":"x"}],"extensions":["urn:x"]}],"metadata":"not an object"}`, func(t *testing.T, r *Result) {
			task := r.Task
			if task == nil || task.Status.State != StateUnknown || !task.Status.Timestamp.IsZero() || task.Metadata != nil || task.Artifacts[0].Text() != "x" {
				t.Errorf("got %+v", task)
			}
		}},
		{"unknown part kind kept as data", `{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"video","uri":"https://v.example/1"}]}`, func(t *testing.T, r *Result) {
			p := r.Message.Parts
			if len(p) != 1 || p[0].Kind != PartData || p[0].Data.(map[string]any)["uri"] != "https://v.example/1" {
				t.Errorf("got %+v", p)
			}
		}},
		{"numeric ids", `{"kind":"task","id":17,"contextId":18,"status":{"state":"completed"}}`, func(t *testing.T, r *Result) {
			if r.Task.ID != "17" || r.Task.ContextID != "18" {
				t.Errorf("got %+v", r.Task)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newOldrpcFake(t, taggedRPCRoutes(map[string]string{"message/send": tc.result}))
			res, err := taggedRPCClient(t, f.URL, DialectV03).Send(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("x")}}})
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, res)
		})
	}
}

func TestV03HostileReplies(t *testing.T) {
	for _, tc := range []struct{ name, body string }{
		{"invalid JSON", `{"jsonrpc":"2.0","id":%s,"result":{"kind":"task"`},
		{"wrong id", `{"jsonrpc":"2.0","id":"not-%s","result":{"kind":"task","id":"t","status":{"state":"completed"}}}`},
		{"result and error", `{"jsonrpc":"2.0","id":%s,"result":{"kind":"task","id":"t","status":{"state":"completed"}},"error":{"code":-32603,"message":"x"}}`},
		{"neither", `{"jsonrpc":"2.0","id":%s}`},
		{"result is a string", `{"jsonrpc":"2.0","id":%s,"result":"ok"}`},
		{"result is an update", `{"jsonrpc":"2.0","id":%s,"result":{"kind":"status-update","taskId":"t","status":{"state":"working"}}}`},
		{"result of no known kind", `{"jsonrpc":"2.0","id":%s,"result":{"hello":"world"}}`},
		{"status is not an object", `{"jsonrpc":"2.0","id":%s,"result":{"kind":"task","id":"t","status":"done"}}`},
		{"HTML page", `<!doctype html><html><body>%s</body></html>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
				fmt.Fprintf(w, tc.body, c.ID)
			})
			res, err := taggedRPCClient(t, f.URL, DialectV03).Send(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("x")}}})
			var pe *ProtocolError
			if !errors.As(err, &pe) {
				t.Errorf("send = %+v, %v; want a ProtocolError", res, err)
			}
		})
	}
}

func TestV03HostileStreamEvents(t *testing.T) {
	for _, tc := range []struct{ name, second string }{
		{"invalid JSON", `data: {"jsonrpc":"2.0","id":%s,"result":{"kind":`},
		{"wrong id", `data: {"jsonrpc":"2.0","id":"other-%s","result":{"kind":"status-update","taskId":"t1","status":{"state":"completed"}}}`},
		{"result and error", `data: {"jsonrpc":"2.0","id":%s,"result":{"kind":"task","id":"t1"},"error":{"code":1,"message":"x"}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
				w.Header().Set("Content-Type", "text/event-stream")
				fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"kind\":\"task\",\"id\":\"t1\",\"status\":{\"state\":\"working\"}}}\n\n", c.ID)
				fmt.Fprintf(w, tc.second+"\n\n", c.ID)
			})
			s, err := taggedRPCClient(t, f.URL, DialectV03).Stream(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("x")}}})
			if err != nil {
				t.Fatal(err)
			}
			evs, err := drainStream(t, s)
			var pe *ProtocolError
			if len(evs) != 1 || !errors.As(err, &pe) {
				t.Errorf("events %d, err %v; want one event then a ProtocolError", len(evs), err)
			}
		})
	}
}

func TestV03ErrorCodes(t *testing.T) {
	for _, tc := range []struct {
		d      Dialect
		code   int
		status int
		want   error
	}{
		{DialectV03, -32001, 200, ErrTaskNotFound},
		{DialectV03, -32001, 404, ErrTaskNotFound},
		{DialectV03, -32006, 200, ErrInvalidAgentResponse},
		{DialectV03, -32007, 200, ErrExtendedCardUnavailable},
		{DialectV03, -32603, 500, ErrInternal},
		{DialectV02, -32006, 200, ErrInvalidAgentResponse},
		{DialectV02, -32002, 200, ErrTaskNotCancelable},
	} {
		f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(tc.status)
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":"from the spec"}}`, c.ID, tc.code)
		})
		_, err := taggedRPCClient(t, f.URL, tc.d).Cancel(hostileCtx(t), "t1")
		var re *RPCError
		if !errors.Is(err, tc.want) || !errors.As(err, &re) || re.Dialect != tc.d || re.Code != tc.code {
			t.Errorf("%s code %d (HTTP %d): err = %v, want %v", tc.d, tc.code, tc.status, err, tc.want)
		}
	}
	// The same code means something else in v0.1.
	f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) { taggedRPCError(w, c, -32006, "x") })
	if _, err := taggedRPCClient(t, f.URL, DialectV03).Get(hostileCtx(t), "t1", nil); errors.Is(err, ErrStreamingNotSupported) {
		t.Errorf("v0.3 -32006 read as v0.1's meaning: %v", err)
	}
}

func TestV03GetCancelResubscribe(t *testing.T) {
	f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
		switch c.Method {
		case "tasks/get", "tasks/cancel":
			taggedRPCResult(w, c, `{"id":"363422be-b0f9-4692-a24d-278670e7c7f1","contextId":"c295ea44-7543-4f78-b524-7a38915ad6e4","status":{"state":"canceled"},"kind":"task"}`)
		case "tasks/resubscribe":
			taggedRPCEvents(w, c, `{"kind":"artifact-update","taskId":"363422be-b0f9-4692-a24d-278670e7c7f1","contextId":"c","artifact":{"artifactId":"a","parts":[{"kind":"text","text":"x"}]},"lastChunk":true}`,
				`{"kind":"status-update","taskId":"363422be-b0f9-4692-a24d-278670e7c7f1","contextId":"c","status":{"state":"completed"},"final":true}`)
		}
	})
	c := taggedRPCClient(t, f.URL, DialectV03)
	ctx := hostileCtx(t)
	hl := 0
	if _, err := c.Get(ctx, "363422be-b0f9-4692-a24d-278670e7c7f1", &hl); err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "tasks/get params", assertEnvelope(t, f.call(t, 0), "tasks/get"), `{"id":"363422be-b0f9-4692-a24d-278670e7c7f1","historyLength":0}`)
	task, err := c.Cancel(ctx, "363422be-b0f9-4692-a24d-278670e7c7f1")
	if err != nil || task.Status.State != StateCanceled {
		t.Fatalf("cancel = %+v, %v", task, err)
	}
	assertJSON(t, "tasks/cancel params", assertEnvelope(t, f.call(t, 1), "tasks/cancel"), `{"id":"363422be-b0f9-4692-a24d-278670e7c7f1"}`)
	s, err := c.Resubscribe(ctx, "363422be-b0f9-4692-a24d-278670e7c7f1")
	if err != nil {
		t.Fatal(err)
	}
	evs, err := drainStream(t, s)
	if err != nil || len(evs) != 2 || !evs[0].Artifact.LastChunk {
		t.Errorf("resubscribe = %+v, %v", evs, err)
	}
	assertJSON(t, "tasks/resubscribe params", assertEnvelope(t, f.call(t, 2), "tasks/resubscribe"), `{"id":"363422be-b0f9-4692-a24d-278670e7c7f1"}`)
}
