package a2aclient

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"
)

// Replies below are the v0.1.0 specification's examples
// (a2aproject/A2A v0.1.0 docs/specification.md §9), cut where noted.

const v01CapitalTask = `{
  "id": "task-abc-123",
  "sessionId": "session-xyz-789",
  "status": {
    "state": "completed",
    "message": {"role": "agent", "parts": [{"type": "text", "text": "The capital of France is Paris."}]},
    "timestamp": "2024-03-15T10:00:05Z"
  },
  "artifacts": [
    {"name": "Answer", "index": 0, "parts": [{"type": "text", "text": "The capital of France is Paris."}]}
  ]
}`

func TestV01SendEncodesTaskSendParams(t *testing.T) {
	f := newOldrpcFake(t, taggedRPCRoutes(map[string]string{"tasks/send": v01CapitalTask}))
	c := taggedRPCClient(t, f.URL, DialectV01)
	hl := 3
	res, err := c.Send(hostileCtx(t), SendRequest{
		Message: Message{
			ID: "ignored-in-v0.1", TaskID: "task-abc-123", ContextID: "session-xyz-789",
			Parts: []Part{
				TextPart("What is the capital of France?"),
				{Kind: PartFile, File: &File{Name: "input_image.png", MimeType: "image/png", Bytes: []byte{0x89, 'P', 'N', 'G'}}},
				{Kind: PartData, Data: map[string]any{"from": "JFK"}},
			},
			Metadata: map[string]any{"lang": "en"},
		},
		HistoryLength:       &hl,
		AcceptedOutputModes: []string{"text/plain"},
		PushConfig:          &PushConfig{ID: "not-in-v0.1", URL: "https://client.example.com/webhook/a2a-notifications", Token: "secure-client-token-for-task-aaa", AuthSchemes: []string{"Bearer"}},
		Metadata:            map[string]any{"trace": "x"},
	})
	if err != nil {
		t.Fatal(err)
	}
	params := assertEnvelope(t, f.call(t, 0), "tasks/send")
	assertJSON(t, "tasks/send params", params, `{
	  "id": "task-abc-123",
	  "sessionId": "session-xyz-789",
	  "message": {
	    "role": "user",
	    "parts": [
	      {"type": "text", "text": "What is the capital of France?"},
	      {"type": "file", "file": {"name": "input_image.png", "mimeType": "image/png", "bytes": "iVBORw=="}},
	      {"type": "data", "data": {"from": "JFK"}}
	    ],
	    "metadata": {"lang": "en"}
	  },
	  "acceptedOutputModes": ["text/plain"],
	  "historyLength": 3,
	  "pushNotification": {
	    "url": "https://client.example.com/webhook/a2a-notifications",
	    "token": "secure-client-token-for-task-aaa",
	    "authentication": {"schemes": ["Bearer"]}
	  },
	  "metadata": {"trace": "x"}
	}`)

	task := res.Task
	if task == nil || res.Message != nil {
		t.Fatalf("result = %+v, want a task", res)
	}
	if task.ID != "task-abc-123" || task.ContextID != "session-xyz-789" || task.Status.State != StateCompleted {
		t.Errorf("task = %+v", task)
	}
	if got := task.Status.Message.Text(); got != "The capital of France is Paris." || task.Status.Message.Role != RoleAgent {
		t.Errorf("status message = %q (%s)", got, task.Status.Message.Role)
	}
	if want := time.Date(2024, 3, 15, 10, 0, 5, 0, time.UTC); !task.Status.Timestamp.Equal(want) {
		t.Errorf("timestamp = %v", task.Status.Timestamp)
	}
	if len(task.Artifacts) != 1 || task.Artifacts[0].ID != "0" || task.Artifacts[0].Name != "Answer" || task.Artifacts[0].Text() != "The capital of France is Paris." {
		t.Errorf("artifacts = %+v", task.Artifacts)
	}
}

func TestV01SendChoosesTaskAndSessionIDs(t *testing.T) {
	// The reply leaves out both ids: the ones parley chose fill them in.
	f := newOldrpcFake(t, taggedRPCRoutes(map[string]string{"tasks/send": `{"status":{"state":"working"}}`}))
	c := taggedRPCClient(t, f.URL, DialectV01)
	res, err := c.Send(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		ID        string         `json:"id"`
		SessionID string         `json:"sessionId"`
		Message   map[string]any `json:"message"`
	}
	if err := json.Unmarshal(f.call(t, 0).Params, &p); err != nil {
		t.Fatal(err)
	}
	if len(p.ID) != 36 || len(p.SessionID) != 36 || p.ID == p.SessionID {
		t.Errorf("task id %q and session id %q should be fresh UUIDs", p.ID, p.SessionID)
	}
	if len(p.Message) != 2 || p.Message["role"] != "user" {
		t.Errorf("v0.1 message should carry only role and parts, got %v", p.Message)
	}
	if res.Task.ID != p.ID || res.Task.ContextID != p.SessionID || res.Task.Status.State != StateWorking {
		t.Errorf("task = %+v, want ids %s/%s", res.Task, p.ID, p.SessionID)
	}
}

// The §9.2 story, as served: SSE id: and event: fields on every event.
var v01StoryEvents = []string{
	`{"id":"task-story-456","status":{"state":"working","message":{"role":"agent","parts":[{"type":"text","text":"Okay, I'm starting to write that story for you..."}]},"timestamp":"2024-03-15T10:05:01Z"},"final":false}`,
	`{"id":"task-story-456","artifact":{"name":"MarsStory.txt","index":0,"parts":[{"type":"text","text":"Unit 734, a small rover with oversized optical sensors, trundled across the ochre plains. "}]}}`,
	`{"id":"task-story-456","artifact":{"name":"MarsStory.txt","index":0,"append":true,"parts":[{"type":"text","text":"Its mission: to find the source of a peculiar signal. "}]}}`,
	`{"id":"task-story-456","artifact":{"name":"MarsStory.txt","index":0,"append":true,"lastChunk":true,"parts":[{"type":"text","text":"Olympus Mons loomed, a silent giant, as Unit 734 beeped excitedly."}]}}`,
	`{"id":"task-story-456","status":{"state":"completed","message":{"role":"agent","parts":[{"type":"text","text":"The story is complete!"}]},"timestamp":"2024-03-15T10:05:05Z"},"final":true}`,
}

func TestV01StreamAssemblesStoryByIndex(t *testing.T) {
	f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i, ev := range v01StoryEvents {
			fmt.Fprintf(w, "id: sse-evt-%d\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":%s}\n\n", 101+i, c.ID, ev)
		}
	})
	c := taggedRPCClient(t, f.URL, DialectV01)
	s, err := c.Stream(hostileCtx(t), SendRequest{Message: Message{TaskID: "task-story-456", Parts: []Part{TextPart("Write a very short story about a curious robot exploring Mars.")}}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	params := assertEnvelope(t, f.call(t, 0), "tasks/sendSubscribe")
	var p map[string]any
	_ = json.Unmarshal(params, &p)
	if p["id"] != "task-story-456" {
		t.Errorf("sendSubscribe id = %v", p["id"])
	}
	evs, err := drainStream(t, s)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"status-update", "artifact-update", "artifact-update", "artifact-update", "status-update"}
	if got := eventKinds(evs); !reflect.DeepEqual(got, want) {
		t.Fatalf("events = %v, want %v", got, want)
	}
	if s.TaskID() != "task-story-456" {
		t.Errorf("stream task = %q", s.TaskID())
	}
	var tr Tracker
	for _, ev := range evs {
		tr.Apply(ev)
	}
	story, ok := tr.Artifact("0")
	if !ok || story.Name != "MarsStory.txt" {
		t.Fatalf("artifact 0 = %+v, %v", story, ok)
	}
	if got := story.Text(); !strings.HasPrefix(got, "Unit 734, a small rover") || !strings.HasSuffix(got, "beeped excitedly.") || strings.Count(got, "Unit 734") != 2 {
		t.Errorf("story = %q", got)
	}
	if !tr.Sealed("0") || tr.State() != StateCompleted || !evs[4].Status.Final {
		t.Errorf("sealed %v, state %s", tr.Sealed("0"), tr.State())
	}
	if st := evs[0].Status; st.ContextID == "" || st.Status.Message.Text() == "" {
		t.Errorf("a v0.1 status event takes the session id parley sent: %+v", st)
	}
}

func TestV01StreamInterleavedArtifactsAndReplace(t *testing.T) {
	f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
		taggedRPCEvents(w, c,
			`{"id":"t1","artifact":{"parts":[{"type":"text","text":"draft"}]}}`,
			`{"id":"t1","artifact":{"index":1,"name":"b","parts":[{"type":"text","text":"B1"}]}}`,
			`{"id":"t1","artifact":{"index":0,"parts":[{"type":"text","text":"A1"}]}}`,
			`{"id":"t1","artifact":{"index":1,"append":true,"parts":[{"type":"text","text":"B2"}]}}`,
			`{"id":"t1","artifact":{"index":0,"append":true,"lastChunk":true,"parts":[{"type":"text","text":"A2"}]}}`,
			`{"id":"t1","status":{"state":"completed"},"final":true}`,
		)
	})
	c := taggedRPCClient(t, f.URL, DialectV01)
	s, err := c.Stream(hostileCtx(t), SendRequest{Message: Message{TaskID: "t1", Parts: []Part{TextPart("go")}}})
	if err != nil {
		t.Fatal(err)
	}
	evs, err := drainStream(t, s)
	if err != nil {
		t.Fatal(err)
	}
	var tr Tracker
	for _, ev := range evs {
		tr.Apply(ev)
	}
	task := tr.Task()
	if len(task.Artifacts) != 2 {
		t.Fatalf("artifacts = %+v", task.Artifacts)
	}
	// "draft" had no index, so it was artifact 0, and index 0 without
	// append replaced it.
	if a, _ := tr.Artifact("0"); a.Text() != "A1A2" || !tr.Sealed("0") {
		t.Errorf("artifact 0 = %q sealed %v", a.Text(), tr.Sealed("0"))
	}
	if b, _ := tr.Artifact("1"); b.Text() != "B1B2" || b.Name != "b" || tr.Sealed("1") {
		t.Errorf("artifact 1 = %+v", b)
	}
}

func TestV01StreamEndsAtInputRequiredWithoutFinal(t *testing.T) {
	f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
		taggedRPCEvents(w, c,
			`{"id":"task-flightbook-789","status":{"state":"working"}}`,
			`{"id":"task-flightbook-789","status":{"state":"input-required","message":{"role":"agent","parts":[{"type":"text","text":"Where would you like to fly to?"}]}}}`,
		)
		// Keep the connection open, as a careless server would.
		<-r.Context().Done()
	})
	c := taggedRPCClient(t, f.URL, DialectV01)
	s, err := c.Stream(hostileCtx(t), SendRequest{Message: Message{TaskID: "task-flightbook-789", Parts: []Part{TextPart("I'd like to book a flight.")}}})
	if err != nil {
		t.Fatal(err)
	}
	evs, err := drainStream(t, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 2 || evs[1].Status.Status.State != StateInputRequired || evs[1].Status.Final {
		t.Fatalf("events = %+v", evs)
	}
	if _, err := s.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("Next after input-required = %v, want io.EOF", err)
	}
}

func TestV01GetCancelResubscribe(t *testing.T) {
	f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
		switch c.Method {
		case "tasks/get":
			taggedRPCResult(w, c, `{"id":"task-reportgen-aaa","status":{"state":"submitted","timestamp":"2024-03-15T11:00:00Z"},"history":[{"role":"user","parts":[{"type":"text","text":"Generate the Q1 sales report."}]}]}`)
		case "tasks/cancel":
			taggedRPCResult(w, c, `{"id":"task-reportgen-aaa","sessionId":"s1","status":{"state":"canceled"}}`)
		case "tasks/resubscribe":
			taggedRPCEvents(w, c, `{"id":"task-reportgen-aaa","status":{"state":"completed"},"final":true}`)
		}
	})
	c := taggedRPCClient(t, f.URL, DialectV01)
	ctx := hostileCtx(t)
	hl := 10
	task, err := c.Get(ctx, "task-reportgen-aaa", &hl)
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "tasks/get params", assertEnvelope(t, f.call(t, 0), "tasks/get"), `{"id":"task-reportgen-aaa","historyLength":10}`)
	if task.Status.State != StateSubmitted || len(task.History) != 1 || task.History[0].Role != RoleUser || task.History[0].Text() != "Generate the Q1 sales report." {
		t.Errorf("task = %+v", task)
	}

	task, err = c.Cancel(ctx, "task-reportgen-aaa")
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "tasks/cancel params", assertEnvelope(t, f.call(t, 1), "tasks/cancel"), `{"id":"task-reportgen-aaa"}`)
	if task.Status.State != StateCanceled || task.ContextID != "s1" {
		t.Errorf("canceled task = %+v", task)
	}

	s, err := c.Resubscribe(ctx, "task-reportgen-aaa")
	if err != nil {
		t.Fatal(err)
	}
	evs, err := drainStream(t, s)
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "tasks/resubscribe params", assertEnvelope(t, f.call(t, 2), "tasks/resubscribe"), `{"id":"task-reportgen-aaa"}`)
	if len(evs) != 1 || evs[0].Status == nil || evs[0].Status.Status.State != StateCompleted {
		t.Errorf("resubscribe events = %+v", evs)
	}
}

func TestV01PushNotificationConfig(t *testing.T) {
	getReply := `{"id":"task-reportgen-aaa","pushNotificationConfig":{"url":"https://client.example.com/webhook/a2a-notifications","token":"secure-client-token-for-task-aaa","authentication":{"schemes":["Bearer"],"credentials":"{}"}}}`
	f := newOldrpcFake(t, taggedRPCRoutes(map[string]string{
		"tasks/pushNotification/set": getReply,
		"tasks/pushNotification/get": getReply,
	}))
	c := taggedRPCClient(t, f.URL, DialectV01)
	ctx := hostileCtx(t)
	cfg, err := c.SetPushConfig(ctx, PushConfig{TaskID: "task-reportgen-aaa", URL: "https://client.example.com/webhook/a2a-notifications", Token: "secure-client-token-for-task-aaa", AuthSchemes: []string{"Bearer"}, AuthCredentials: "{}"})
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "tasks/pushNotification/set params", assertEnvelope(t, f.call(t, 0), "tasks/pushNotification/set"), `{
	  "id": "task-reportgen-aaa",
	  "pushNotificationConfig": {
	    "url": "https://client.example.com/webhook/a2a-notifications",
	    "token": "secure-client-token-for-task-aaa",
	    "authentication": {"schemes": ["Bearer"], "credentials": "{}"}
	  }
	}`)
	want := &PushConfig{TaskID: "task-reportgen-aaa", URL: "https://client.example.com/webhook/a2a-notifications", Token: "secure-client-token-for-task-aaa", AuthSchemes: []string{"Bearer"}, AuthCredentials: "{}"}
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("set returned %+v", cfg)
	}
	cfg, err = c.GetPushConfig(ctx, "task-reportgen-aaa", "")
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "tasks/pushNotification/get params", assertEnvelope(t, f.call(t, 1), "tasks/pushNotification/get"), `{"id":"task-reportgen-aaa"}`)
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("get returned %+v", cfg)
	}
	list, err := c.ListPushConfigs(ctx, "task-reportgen-aaa")
	if err != nil || len(list) != 1 || list[0].URL != want.URL {
		t.Errorf("list = %+v, %v", list, err)
	}
}

func TestV01PushConfigReplyShapes(t *testing.T) {
	for _, tc := range []struct{ name, reply, url string }{
		{"no config", `{"id":"t1","pushNotificationConfig":null}`, ""},
		{"bare config (first published spec)", `{"url":"https://hook.example/x","headers":{}}`, "https://hook.example/x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newOldrpcFake(t, taggedRPCRoutes(map[string]string{"tasks/pushNotification/get": tc.reply}))
			cfg, err := taggedRPCClient(t, f.URL, DialectV01).GetPushConfig(hostileCtx(t), "t1", "")
			if err != nil {
				t.Fatal(err)
			}
			if cfg.TaskID != "t1" || cfg.URL != tc.url || cfg.ID != "" {
				t.Errorf("config = %+v", cfg)
			}
		})
	}
}

func TestV01UnsupportedOperationsSendNothing(t *testing.T) {
	f := newOldrpcFake(t, taggedRPCRoutes(nil))
	c := taggedRPCClient(t, f.URL, DialectV01)
	ctx := hostileCtx(t)
	_, err1 := c.ListTasks(ctx, ListTasksRequest{})
	err2 := c.DeletePushConfig(ctx, "t1", "c1")
	_, err3 := c.ExtendedCard(ctx)
	for i, err := range []error{err1, err2, err3} {
		if !errors.Is(err, ErrUnsupportedOperation) {
			t.Errorf("op %d: err = %v, want ErrUnsupportedOperation", i, err)
		}
	}
	if m := f.methods(); len(m) != 0 {
		t.Errorf("requests sent: %v", m)
	}
}

func TestV01ErrorCodes(t *testing.T) {
	for _, tc := range []struct {
		code int
		want error
	}{
		{-32001, ErrTaskNotFound},
		{-32002, ErrTaskNotCancelable},
		{-32006, ErrStreamingNotSupported},
		{-32007, ErrAuthenticationRequired},
		{-32008, ErrForbidden},
		{-32009, ErrInvalidTaskState},
	} {
		f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
			taggedRPCError(w, c, tc.code, "spec message")
		})
		_, err := taggedRPCClient(t, f.URL, DialectV01).Get(hostileCtx(t), "t1", nil)
		var re *RPCError
		if !errors.Is(err, tc.want) || !errors.As(err, &re) || re.Code != tc.code || re.Dialect != DialectV01 {
			t.Errorf("code %d: err = %v, want %v", tc.code, err, tc.want)
		}
	}
}

func TestV01StreamingNotSupportedFallsBackToPolling(t *testing.T) {
	f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
		switch c.Method {
		case "tasks/sendSubscribe":
			// One JSON body, not an event stream, with the v0.1 code.
			taggedRPCError(w, c, -32006, "Streaming is not supported")
		case "tasks/send":
			taggedRPCResult(w, c, `{"id":"t9","status":{"state":"working"}}`)
		case "tasks/get":
			taggedRPCResult(w, c, `{"id":"t9","status":{"state":"completed"},"artifacts":[{"parts":[{"type":"text","text":"done"}]}]}`)
		}
	})
	c := taggedRPCClient(t, f.URL, DialectV01)
	s, err := c.Stream(hostileCtx(t), SendRequest{Message: Message{TaskID: "t9", Parts: []Part{TextPart("go")}}})
	if err != nil {
		t.Fatal(err)
	}
	evs, err := drainStream(t, s)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.methods(); !reflect.DeepEqual(got, []string{"tasks/sendSubscribe", "tasks/send", "tasks/get"}) {
		t.Errorf("methods = %v", got)
	}
	if len(evs) != 2 || evs[1].Task == nil || evs[1].Task.Artifacts[0].Text() != "done" {
		t.Errorf("events = %+v", evs)
	}
}
