package a2aclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// ---- helpers shared by the ProtoJSON binding tests ----

// protoRequest is one request a fake server received.
type protoRequest struct {
	Method string
	Path   string
	Query  string
	Header http.Header
	Body   []byte
}

// protoLog records what a fake server received.
type protoLog struct {
	mu   sync.Mutex
	reqs []protoRequest
}

func (l *protoLog) all() []protoRequest {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]protoRequest(nil), l.reqs...)
}

func (l *protoLog) last(t *testing.T) protoRequest {
	t.Helper()
	all := l.all()
	if len(all) == 0 {
		t.Fatal("the server received no request")
	}
	return all[len(all)-1]
}

// protoServer starts a fake agent; h answers each request given its body.
func protoServer(t *testing.T, h func(w http.ResponseWriter, r *http.Request, body []byte)) (*httptest.Server, *protoLog) {
	t.Helper()
	log := &protoLog{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		log.mu.Lock()
		log.reqs = append(log.reqs, protoRequest{Method: r.Method, Path: r.URL.EscapedPath(), Query: r.URL.RawQuery, Header: r.Header.Clone(), Body: body})
		log.mu.Unlock()
		h(w, r, body)
	}))
	t.Cleanup(srv.Close)
	return srv, log
}

func protoClient(t *testing.T, ifaces ...Interface) *Client {
	t.Helper()
	c, err := NewClient(&Agent{Interfaces: ifaces, Capabilities: Capabilities{Streaming: true}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// protoSSE writes each payload as one SSE event, a multi-line payload as
// several data lines.
func protoSSE(w http.ResponseWriter, payloads ...string) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	for _, p := range payloads {
		for _, line := range strings.Split(p, "\n") {
			fmt.Fprintf(w, "data: %s\n", line)
		}
		fmt.Fprint(w, "\n")
	}
}

// protoRPC is a JSON-RPC request as a fake server reads it.
type protoRPC struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

func protoReadRPC(t *testing.T, body []byte) protoRPC {
	var r protoRPC
	if err := json.Unmarshal(body, &r); err != nil {
		t.Errorf("request is not JSON-RPC: %v: %s", err, body)
	}
	return r
}

func protoRPCResult(id json.RawMessage, result string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, id, result)
}

// ---- v1.0 JSON-RPC ----

func v10RPCClient(t *testing.T, url, tenant string) *Client {
	return protoClient(t, Interface{URL: url, Binding: BindingJSONRPC, Dialect: DialectV10, Tenant: tenant})
}

func TestV10RPCSendRequestAndTaskResult(t *testing.T) {
	srv, log := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		req := protoReadRPC(t, body)
		// The reply of a2aproject/A2A docs/specification.md §6.1.
		fmt.Fprint(w, protoRPCResult(req.ID, `{"task":{"id":"task-uuid","contextId":"context-uuid",
			"status":{"state":"TASK_STATE_COMPLETED"},
			"artifacts":[{"artifactId":"artifact-uuid","name":"Weather Report","parts":[{"text":"Today will be sunny with a high of 75°F"}]}]}}`))
	})
	c := v10RPCClient(t, srv.URL, "acme")
	two := 2
	res, err := c.Send(context.Background(), SendRequest{
		Message: Message{ID: "msg-1", ContextID: "ctx-1", ReferenceTaskIDs: []string{"t0"}, Parts: []Part{
			TextPart("Hello"),
			{Kind: PartFile, File: &File{Name: "input_image.png", MimeType: "image/png", Bytes: []byte("PNG")}},
			{Kind: PartFile, File: &File{URI: "https://example.com/a.pdf", MimeType: "application/pdf"}},
			{Kind: PartData, Data: map[string]any{"k": "v"}, Metadata: map[string]any{"m": 1.0}},
		}},
		AcceptedOutputModes: []string{"text/plain"},
		HistoryLength:       &two,
		Metadata:            map[string]any{"trace": "x"},
	})
	if err != nil {
		t.Fatal(err)
	}
	got := log.last(t)
	if v := got.Header.Get("A2A-Version"); v != "1.0" {
		t.Errorf("A2A-Version = %q, want 1.0", v)
	}
	rpc := protoReadRPC(t, got.Body)
	if rpc.Method != "SendMessage" {
		t.Errorf("method = %q", rpc.Method)
	}
	assertJSON(t, "params", rpc.Params, `{
		"tenant": "acme",
		"message": {"messageId":"msg-1","contextId":"ctx-1","role":"ROLE_USER","referenceTaskIds":["t0"],
			"parts":[{"text":"Hello"},
				{"raw":"UE5H","mediaType":"image/png","filename":"input_image.png"},
				{"url":"https://example.com/a.pdf","mediaType":"application/pdf"},
				{"data":{"k":"v"},"metadata":{"m":1}}]},
		"configuration": {"acceptedOutputModes":["text/plain"],"historyLength":2,"returnImmediately":false},
		"metadata": {"trace":"x"}}`)
	if res.Task == nil || res.Task.ID != "task-uuid" || res.Task.Status.State != StateCompleted {
		t.Fatalf("task = %+v", res.Task)
	}
	if a := res.Task.Artifacts; len(a) != 1 || a[0].Name != "Weather Report" || a[0].Text() != "Today will be sunny with a high of 75°F" {
		t.Errorf("artifacts = %+v", a)
	}
}

func TestV10RPCSendNonBlockingAndMessageResult(t *testing.T) {
	srv, log := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		fmt.Fprint(w, protoRPCResult(protoReadRPC(t, body).ID, `{"message":{"messageId":"m2","contextId":"c1","role":"ROLE_AGENT","parts":[{"text":"hi there"}]}}`))
	})
	c := v10RPCClient(t, srv.URL, "")
	res, err := c.Send(context.Background(), SendRequest{Message: Message{ID: "m1", Parts: []Part{TextPart("hi")}}, NonBlocking: true})
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "params", protoReadRPC(t, log.last(t).Body).Params,
		`{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]},"configuration":{"returnImmediately":true}}`)
	if res.Message == nil || res.Message.Role != RoleAgent || res.Message.Text() != "hi there" {
		t.Fatalf("message = %+v", res.Message)
	}
}

func TestV10RPCStreamAssemblesChunksAndEndsOnInputRequired(t *testing.T) {
	srv, log := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		id := protoReadRPC(t, body).ID
		protoSSE(w,
			protoRPCResult(id, `{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_SUBMITTED"}}}`),
			protoRPCResult(id, `{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}}`),
			protoRPCResult(id, `{"artifactUpdate":{"taskId":"t1","contextId":"c1","artifact":{"artifactId":"a1","name":"answer","parts":[{"text":"Hel"}]}}}`),
			protoRPCResult(id, `{}`),
			protoRPCResult(id, `{"artifactUpdate":{"taskId":"t1","contextId":"c1","append":true,"lastChunk":true,"artifact":{"artifactId":"a1","parts":[{"text":"lo"}]}}}`),
			protoRPCResult(id, `{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_INPUT_REQUIRED","message":{"messageId":"m9","role":"ROLE_AGENT","parts":[{"text":"Which city?"}]}}}}`),
			protoRPCResult(id, `{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}`),
		)
	})
	c := v10RPCClient(t, srv.URL, "")
	s, err := c.Stream(context.Background(), SendRequest{Message: Message{ID: "m1", Parts: []Part{TextPart("weather")}}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	evs, err := drainStream(t, s)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"task", "status-update", "artifact-update", "artifact-update", "status-update"}
	if !reflect.DeepEqual(eventKinds(evs), want) {
		t.Fatalf("events = %v, want %v (the stream must end at input-required)", eventKinds(evs), want)
	}
	var tr Tracker
	for _, ev := range evs {
		tr.Apply(ev)
	}
	if tr.Text() != "Hello" || !tr.Sealed("a1") || tr.State() != StateInputRequired {
		t.Errorf("tracker: text %q sealed %v state %s", tr.Text(), tr.Sealed("a1"), tr.State())
	}
	if m := tr.Task().Status.Message; m.Text() != "Which city?" {
		t.Errorf("status message = %q", m.Text())
	}
	if _, err := s.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("Next after the end = %v, want io.EOF", err)
	}
	req := log.last(t)
	if m := protoReadRPC(t, req.Body).Method; m != "SendStreamingMessage" {
		t.Errorf("method = %q", m)
	}
	if req.Header.Get("A2A-Version") != "1.0" {
		t.Errorf("stream request lacks A2A-Version")
	}
}

func TestV10RPCTaskOperations(t *testing.T) {
	task := `{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_CANCELED","timestamp":"2025-10-28T10:30:00.000Z"}}`
	push := `{"id":"cfg-1","taskId":"t1","url":"https://hook.example.com/a2a","token":"tok","authentication":{"scheme":"Bearer","credentials":"secret"}}`
	results := map[string]string{
		"GetTask":                          task,
		"CancelTask":                       task,
		"ListTasks":                        `{"tasks":[` + task + `],"totalSize":5,"pageSize":10,"nextPageToken":"next"}`,
		"CreateTaskPushNotificationConfig": push,
		"GetTaskPushNotificationConfig":    push,
		"ListTaskPushNotificationConfigs":  `{"configs":[` + push + `]}`,
	}
	srv, log := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		req := protoReadRPC(t, body)
		if req.Method == "DeleteTaskPushNotificationConfig" {
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s}`, req.ID) // Empty, written as no result at all
			return
		}
		fmt.Fprint(w, protoRPCResult(req.ID, results[req.Method]))
	})
	c := v10RPCClient(t, srv.URL, "")
	ctx := context.Background()
	params := func(method string) json.RawMessage {
		t.Helper()
		for _, r := range log.all() {
			if req := protoReadRPC(t, r.Body); req.Method == method {
				return req.Params
			}
		}
		t.Fatalf("no %s request", method)
		return nil
	}

	three := 3
	got, err := c.Get(ctx, "t1", &three)
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "GetTask params", params("GetTask"), `{"id":"t1","historyLength":3}`)
	if got.Status.State != StateCanceled || got.Status.Timestamp.IsZero() {
		t.Errorf("task = %+v", got)
	}
	if _, err := c.Cancel(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "CancelTask params", params("CancelTask"), `{"id":"t1"}`)

	page, err := c.ListTasks(ctx, ListTasksRequest{ContextID: "c1", State: StateWorking, PageSize: 10, PageToken: "p", HistoryLength: &three})
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "ListTasks params", params("ListTasks"), `{"contextId":"c1","status":"TASK_STATE_WORKING","pageSize":10,"pageToken":"p","historyLength":3}`)
	if len(page.Tasks) != 1 || page.TotalSize != 5 || page.NextPageToken != "next" {
		t.Errorf("page = %+v", page)
	}

	cfg, err := c.SetPushConfig(ctx, PushConfig{ID: "cfg-1", TaskID: "t1", URL: "https://hook.example.com/a2a", Token: "tok", AuthSchemes: []string{"Bearer"}, AuthCredentials: "secret"})
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "CreateTaskPushNotificationConfig params", params("CreateTaskPushNotificationConfig"), push)
	want := PushConfig{ID: "cfg-1", TaskID: "t1", URL: "https://hook.example.com/a2a", Token: "tok", AuthSchemes: []string{"Bearer"}, AuthCredentials: "secret"}
	if !reflect.DeepEqual(*cfg, want) {
		t.Errorf("config = %+v", *cfg)
	}
	if _, err := c.GetPushConfig(ctx, "t1", "cfg-1"); err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "GetTaskPushNotificationConfig params", params("GetTaskPushNotificationConfig"), `{"taskId":"t1","id":"cfg-1"}`)
	list, err := c.ListPushConfigs(ctx, "t1")
	if err != nil || len(list) != 1 || list[0].URL != want.URL {
		t.Fatalf("list = %+v, %v", list, err)
	}
	assertJSON(t, "ListTaskPushNotificationConfigs params", params("ListTaskPushNotificationConfigs"), `{"taskId":"t1"}`)
	if err := c.DeletePushConfig(ctx, "t1", "cfg-1"); err != nil {
		t.Fatalf("delete with an empty result: %v", err)
	}
	assertJSON(t, "DeleteTaskPushNotificationConfig params", params("DeleteTaskPushNotificationConfig"), `{"taskId":"t1","id":"cfg-1"}`)
}

func TestV10RPCExtendedCardSendsParams(t *testing.T) {
	srv, log := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		fmt.Fprint(w, protoRPCResult(protoReadRPC(t, body).ID, `{"name":"Extended Agent","description":"more skills","version":"1.0.0",
			"supportedInterfaces":[{"url":"https://agent.example.com/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
			"capabilities":{"streaming":true},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],
			"skills":[{"id":"s1","name":"Secret skill","description":"only when signed in","tags":["x"]}]}`))
	})
	c := v10RPCClient(t, srv.URL, "acme")
	card, err := c.ExtendedCard(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	req := protoReadRPC(t, log.last(t).Body)
	if req.Method != "GetExtendedAgentCard" {
		t.Errorf("method = %q", req.Method)
	}
	assertJSON(t, "params", req.Params, `{"tenant":"acme"}`)
	if card.Name != "Extended Agent" || len(card.Skills) != 1 {
		t.Errorf("card = %q with %d skills", card.Name, len(card.Skills))
	}
}

func TestV10RPCErrors(t *testing.T) {
	srv, _ := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		req := protoReadRPC(t, body)
		switch req.Method {
		case "GetTask": // a2aproject/A2A docs/specification.md §9.5
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32001,"message":"Task not found","data":[
				{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND","domain":"a2a-protocol.org",
				 "metadata":{"taskId":"nonexistent-task-id","timestamp":"2025-11-09T10:30:00.000Z"}}]}}`, req.ID)
		default: // an unknown code, named only by its ErrorInfo reason
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32050,"message":"too late","data":[
				{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_CANCELABLE","domain":"a2a-protocol.org"}]}}`, req.ID)
		}
	})
	c := v10RPCClient(t, srv.URL, "")
	_, err := c.Get(context.Background(), "nonexistent-task-id", nil)
	var re *RPCError
	if !errors.Is(err, ErrTaskNotFound) || !errors.As(err, &re) || re.Code != -32001 {
		t.Errorf("get: %v, want task not found (-32001)", err)
	}
	if _, err := c.Cancel(context.Background(), "t1"); !errors.Is(err, ErrTaskNotCancelable) {
		t.Errorf("cancel: %v, want ErrTaskNotCancelable from the ErrorInfo reason", err)
	}
}

func TestV10RPCResubscribe(t *testing.T) {
	srv, log := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		id := protoReadRPC(t, body).ID
		protoSSE(w,
			protoRPCResult(id, `{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}}`),
			protoRPCResult(id, `{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}`))
	})
	c := v10RPCClient(t, srv.URL, "")
	s, err := c.Resubscribe(context.Background(), "t1")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	evs, err := drainStream(t, s)
	if err != nil || len(evs) != 2 || evs[1].Status.Status.State != StateCompleted {
		t.Fatalf("events %v, err %v", eventKinds(evs), err)
	}
	req := protoReadRPC(t, log.last(t).Body)
	if req.Method != "SubscribeToTask" {
		t.Errorf("method = %q", req.Method)
	}
	assertJSON(t, "params", req.Params, `{"id":"t1"}`)
}

// ---- v1.0 HTTP+JSON ----

func v10RESTClient(t *testing.T, url, tenant string) *Client {
	return protoClient(t, Interface{URL: url, Binding: BindingREST, Dialect: DialectV10REST, Tenant: tenant})
}

func TestV10RESTSendRequest(t *testing.T) {
	srv, log := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		w.Header().Set("Content-Type", "application/a2a+json")
		// a2aproject/A2A docs/specification.md §6.3: the task waits for input.
		fmt.Fprint(w, `{"task":{"id":"task-uuid","status":{"state":"TASK_STATE_INPUT_REQUIRED",
			"message":{"role":"ROLE_AGENT","parts":[{"text":"I need more details. Where would you like to fly from and to?"}]}}}}`)
	})
	c := v10RESTClient(t, srv.URL+"/", "locations/eu")
	res, err := c.Send(context.Background(), SendRequest{Message: Message{ID: "msg-1", Parts: []Part{TextPart("Book me a flight")}}})
	if err != nil {
		t.Fatal(err)
	}
	got := log.last(t)
	if got.Method != http.MethodPost || got.Path != "/locations/eu/message:send" {
		t.Errorf("request = %s %s", got.Method, got.Path)
	}
	if ct := got.Header.Get("Content-Type"); ct != "application/a2a+json" {
		t.Errorf("Content-Type = %q", ct)
	}
	if v := got.Header.Get("A2A-Version"); v != "1.0" {
		t.Errorf("A2A-Version = %q", v)
	}
	assertJSON(t, "body", got.Body, `{"message":{"messageId":"msg-1","role":"ROLE_USER","parts":[{"text":"Book me a flight"}]},
		"configuration":{"returnImmediately":false}}`)
	if res.Task == nil || res.Task.Status.State != StateInputRequired || res.Task.Status.Message.Role != RoleAgent {
		t.Fatalf("task = %+v", res.Task)
	}
}

func TestV10RESTTaskOperations(t *testing.T) {
	task := `{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}`
	push := `{"id":"cfg-1","taskId":"t1","url":"https://hook.example.com/a2a","token":"tok"}`
	srv, log := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		switch r.Method + " " + r.URL.Path {
		case "GET /tasks/t1", "POST /tasks/t1:cancel":
			fmt.Fprint(w, task)
		case "GET /tasks": // a2aproject/A2A docs/specification.md §6.5
			fmt.Fprint(w, `{"tasks":[{"id":"3f36680c-7f37-4a5f-945e-d78981fafd36","contextId":"c295ea44-7543-4f78-b524-7a38915ad6e4",
				"status":{"state":"TASK_STATE_COMPLETED","timestamp":"2024-03-15T10:15:00Z"}}],"totalSize":5,"pageSize":10,"nextPageToken":""}`)
		case "POST /tasks/t1/pushNotificationConfigs", "GET /tasks/t1/pushNotificationConfigs/cfg-1":
			fmt.Fprint(w, push)
		case "GET /tasks/t1/pushNotificationConfigs":
			fmt.Fprint(w, `{"configs":[`+push+`],"nextPageToken":""}`)
		case "DELETE /tasks/t1/pushNotificationConfigs/cfg-1":
			w.WriteHeader(http.StatusNoContent)
		default:
			http.NotFound(w, r)
		}
	})
	c := v10RESTClient(t, srv.URL, "")
	ctx := context.Background()
	ten := 10
	if _, err := c.Get(ctx, "t1", &ten); err != nil {
		t.Fatal(err)
	}
	if q := log.last(t).Query; q != "historyLength=10" {
		t.Errorf("get query = %q", q)
	}
	if _, err := c.Cancel(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "cancel body", log.last(t).Body, `{"id":"t1"}`)
	page, err := c.ListTasks(ctx, ListTasksRequest{ContextID: "c295ea44", State: StateCanceled, PageSize: 10})
	if err != nil {
		t.Fatal(err)
	}
	if q := log.last(t).Query; q != "contextId=c295ea44&pageSize=10&status=TASK_STATE_CANCELED" {
		t.Errorf("list query = %q", q)
	}
	if len(page.Tasks) != 1 || page.TotalSize != 5 || page.Tasks[0].Status.State != StateCompleted {
		t.Errorf("page = %+v", page)
	}
	if _, err := c.SetPushConfig(ctx, PushConfig{ID: "cfg-1", TaskID: "t1", URL: "https://hook.example.com/a2a", Token: "tok"}); err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "push config body", log.last(t).Body, push)
	if cfg, err := c.GetPushConfig(ctx, "t1", "cfg-1"); err != nil || cfg.Token != "tok" {
		t.Fatalf("get push config = %+v, %v", cfg, err)
	}
	if list, err := c.ListPushConfigs(ctx, "t1"); err != nil || len(list) != 1 || list[0].ID != "cfg-1" {
		t.Fatalf("list push configs = %+v, %v", list, err)
	}
	if err := c.DeletePushConfig(ctx, "t1", "cfg-1"); err != nil {
		t.Fatal(err)
	}
	if r := log.last(t); r.Method != http.MethodDelete || r.Path != "/tasks/t1/pushNotificationConfigs/cfg-1" || len(r.Body) != 0 {
		t.Errorf("delete = %s %s %q", r.Method, r.Path, r.Body)
	}
}

func TestV10RESTErrors(t *testing.T) {
	srv, _ := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		switch r.URL.Path {
		case "/tasks/task-123": // a2aproject/A2A docs/specification.md §11.6
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"error":{"code":404,"status":"NOT_FOUND","message":"The specified task ID does not exist or is not accessible",
				"details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND","domain":"a2a-protocol.org",
				"metadata":{"taskId":"task-123","timestamp":"2025-11-09T10:30:00.000Z"}}]}}`)
		case "/tasks/t1:cancel":
			w.WriteHeader(http.StatusConflict)
			fmt.Fprint(w, `{"error":{"code":409,"status":"FAILED_PRECONDITION","message":"already done",
				"details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_CANCELABLE","domain":"a2a-protocol.org"}]}}`)
		default: // a2aproject/A2A docs/specification.md §6.4
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"type":"https://a2a-protocol.org/errors/version-not-supported","title":"Protocol Version Not Supported",
				"status":400,"detail":"The requested A2A protocol version 0.5 is not supported by this agent","supportedVersions":["0.3"]}`)
		}
	})
	c := v10RESTClient(t, srv.URL, "")
	ctx := context.Background()
	_, err := c.Get(ctx, "task-123", nil)
	var he *HTTPError
	if !errors.Is(err, ErrTaskNotFound) || !errors.As(err, &he) || he.StatusCode != 404 {
		t.Fatalf("get: %v, want a 404 that is ErrTaskNotFound", err)
	}
	if he.Body != "The specified task ID does not exist or is not accessible" {
		t.Errorf("error body = %q, want the server's message", he.Body)
	}
	if _, err := c.Cancel(ctx, "t1"); !errors.Is(err, ErrTaskNotCancelable) {
		t.Errorf("cancel: %v", err)
	}
	if _, err := c.Send(ctx, SendRequest{Message: Message{Parts: []Part{TextPart("x")}}}); !errors.Is(err, ErrVersionNotSupported) {
		t.Errorf("send: %v, want ErrVersionNotSupported from the problem type", err)
	}
}

func TestV10RESTSubscribeFallsBackToGET(t *testing.T) {
	srv, log := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		if r.URL.Path != "/tasks/t1:subscribe" {
			http.NotFound(w, r)
			return
		}
		if r.Method != http.MethodGet {
			w.Header().Set("Allow", "GET")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		protoSSE(w, `{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}}`,
			`{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_FAILED"}}}`)
	})
	c := v10RESTClient(t, srv.URL, "")
	s, err := c.Resubscribe(context.Background(), "t1")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	evs, err := drainStream(t, s)
	if err != nil || len(evs) != 2 || evs[1].Status.Status.State != StateFailed {
		t.Fatalf("events %v, err %v", eventKinds(evs), err)
	}
	reqs := log.all()
	if len(reqs) != 2 || reqs[0].Method != http.MethodPost || reqs[1].Method != http.MethodGet {
		t.Fatalf("requests: %+v", reqs)
	}
	assertJSON(t, "subscribe POST body", reqs[0].Body, `{"id":"t1"}`)
}

func TestV10RESTStreamHostileEvents(t *testing.T) {
	srv, _ := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		protoSSE(w,
			`{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_SUBMITTED"},"futureField":{"x":1}}}`,
			`{}`,
			`{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_FOO"},"final":true}}`,
			`{"artifactUpdate":{"taskId":"t1","contextId":"c1","artifact":{"artifactId":"a1","parts":[{"hologram":{}},{"text":"ok"}]}}}`,
			`{"task": not json`)
	})
	c := v10RESTClient(t, srv.URL, "")
	s, err := c.Stream(context.Background(), SendRequest{Message: Message{Parts: []Part{TextPart("x")}}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	evs, err := drainStream(t, s)
	var pe *ProtocolError
	if !errors.As(err, &pe) {
		t.Fatalf("err = %v, want a ProtocolError for the invalid event", err)
	}
	if !reflect.DeepEqual(eventKinds(evs), []string{"task", "status-update", "artifact-update"}) {
		t.Fatalf("events = %v", eventKinds(evs))
	}
	if st := evs[1].Status.Status.State; st != StateUnknown {
		t.Errorf("TASK_STATE_FOO = %q, want unknown", st)
	}
	if p := evs[2].Artifact.Artifact.Parts; len(p) != 1 || p[0].Text != "ok" {
		t.Errorf("parts = %+v, want the unknown part dropped", p)
	}
}

func TestV10RESTStreamErrorEvent(t *testing.T) {
	srv, _ := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		protoSSE(w,
			`{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}}`,
			`{"error":{"code":500,"status":"INTERNAL","message":"the model crashed",
				"details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"INTERNAL_ERROR","domain":"a2a-protocol.org"}]}}`)
	})
	c := v10RESTClient(t, srv.URL, "")
	s, err := c.Stream(context.Background(), SendRequest{Message: Message{Parts: []Part{TextPart("x")}}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	evs, err := drainStream(t, s)
	var he *HTTPError
	if len(evs) != 1 || !errors.Is(err, ErrInternal) || !errors.As(err, &he) || he.Body != "the model crashed" {
		t.Fatalf("events %v, err %v", eventKinds(evs), err)
	}
}
