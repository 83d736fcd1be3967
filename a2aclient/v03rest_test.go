package a2aclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"testing"
)

func v03RESTClient(t *testing.T, url string) *Client {
	return protoClient(t, Interface{URL: url, Binding: BindingREST, Dialect: DialectV03REST})
}

func TestV03RESTSendRequestAndTaskResult(t *testing.T) {
	srv, log := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"task":{"id":"t1","contextId":"c1",
			"status":{"state":"TASK_STATE_CANCELLED","message":{"messageId":"m2","role":"ROLE_AGENT","content":[{"text":"stopped"}]},"timestamp":"2025-07-01T10:00:00Z"},
			"artifacts":[{"artifactId":"a1","name":"out","parts":[
				{"file":{"fileWithBytes":"YUdWc2JHOD0=","mimeType":"text/plain"}},
				{"file":{"fileWithUri":"https://example.com/r.pdf","mimeType":"application/pdf","name":"r.pdf"}},
				{"data":{"data":{"rows":2}}}]}],
			"history":[{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}]}}`)
	})
	c := v03RESTClient(t, srv.URL+"/a2a")
	res, err := c.Send(context.Background(), SendRequest{
		Message: Message{ID: "msg-1", ContextID: "c1", Parts: []Part{
			TextPart("Hello"),
			{Kind: PartFile, File: &File{Name: "a.png", MimeType: "image/png", Bytes: []byte("PNG")}},
			{Kind: PartData, Data: map[string]any{"k": "v"}},
		}},
		AcceptedOutputModes: []string{"text/plain"},
	})
	if err != nil {
		t.Fatal(err)
	}
	got := log.last(t)
	if got.Method != http.MethodPost || got.Path != "/a2a/v1/message:send" {
		t.Errorf("request = %s %s", got.Method, got.Path)
	}
	if ct := got.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q", ct)
	}
	// Parts under "content", file bytes base64-encoded twice as v0.3 peers
	// do ("PNG" → "UE5H" → "VUU1SA=="), data wrapped, blocking said out loud.
	assertJSON(t, "body", got.Body, `{
		"message":{"messageId":"msg-1","contextId":"c1","role":"ROLE_USER","content":[
			{"text":"Hello"},
			{"file":{"fileWithBytes":"VUU1SA==","mimeType":"image/png","name":"a.png"}},
			{"data":{"data":{"k":"v"}}}]},
		"configuration":{"acceptedOutputModes":["text/plain"],"blocking":true}}`)
	task := res.Task
	if task == nil || task.Status.State != StateCanceled || task.Status.Message.Text() != "stopped" {
		t.Fatalf("task = %+v", task)
	}
	parts := task.Artifacts[0].Parts
	if len(parts) != 3 || string(parts[0].File.Bytes) != "hello" || parts[1].File.URI != "https://example.com/r.pdf" ||
		parts[1].File.Name != "r.pdf" || !reflect.DeepEqual(parts[2].Data, map[string]any{"rows": 2.0}) {
		t.Errorf("parts = %+v", parts)
	}
	if len(task.History) != 1 || task.History[0].Role != RoleUser || task.History[0].Text() != "hi" {
		t.Errorf("history (parts under the later name \"parts\") = %+v", task.History)
	}
}

func TestV03RESTStreamAssemblesChunksAndEndsOnInputRequired(t *testing.T) {
	srv, log := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		protoSSE(w,
			`{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_SUBMITTED"}}}`,
			`{"artifactUpdate":{"taskId":"t1","contextId":"c1","artifact":{"artifactId":"a1","parts":[{"text":"Par"}]}}}`,
			`{"artifactUpdate":{"taskId":"t1","contextId":"c1","append":true,"artifact":{"artifactId":"a1","parts":[{"text":"is"}]}}}`,
			`{"artifactUpdate":{"taskId":"t1","contextId":"c1","append":true,"lastChunk":true,"artifact":{"artifactId":"a1","parts":[{"text":"!"}]}}}`,
			`{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_INPUT_REQUIRED"},"final":true}}`,
			`{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"},"final":true}}`)
	})
	c := v03RESTClient(t, srv.URL)
	s, err := c.Stream(context.Background(), SendRequest{Message: Message{ID: "m1", Parts: []Part{TextPart("capital of France?")}}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	evs, err := drainStream(t, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 5 || !evs[4].Status.Final || evs[4].Status.Status.State != StateInputRequired {
		t.Fatalf("events = %v, want 5 ending on input-required", eventKinds(evs))
	}
	var tr Tracker
	for _, ev := range evs {
		tr.Apply(ev)
	}
	if tr.Text() != "Paris!" || !tr.Sealed("a1") {
		t.Errorf("tracker text %q sealed %v", tr.Text(), tr.Sealed("a1"))
	}
	if _, err := s.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("Next after the end = %v, want io.EOF", err)
	}
	if got := log.last(t); got.Path != "/v1/message:stream" || got.Header.Get("A2A-Version") != "" {
		t.Errorf("request %s with A2A-Version %q", got.Path, got.Header.Get("A2A-Version"))
	}
}

func TestV03RESTTaskNotFound(t *testing.T) {
	srv, _ := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		switch r.URL.Path {
		case "/v1/tasks/nope": // a2a-python 0.3 style
			fmt.Fprint(w, `{"message":"Task not found"}`)
		case "/v1/tasks/nope:cancel": // a JSON-RPC style code in a REST body
			fmt.Fprint(w, `{"code":-32001,"message":"no such thing"}`)
		default: // problem+json
			fmt.Fprint(w, `{"type":"https://a2a-protocol.org/errors/task-not-found","title":"Task Not Found","status":404}`)
		}
	})
	c := v03RESTClient(t, srv.URL)
	ctx := context.Background()
	if _, err := c.Get(ctx, "nope", nil); !errors.Is(err, ErrTaskNotFound) {
		t.Errorf("get: %v", err)
	}
	if _, err := c.Cancel(ctx, "nope"); !errors.Is(err, ErrTaskNotFound) {
		t.Errorf("cancel: %v", err)
	}
	if _, err := c.GetPushConfig(ctx, "nope", "c1"); !errors.Is(err, ErrTaskNotFound) {
		t.Errorf("get push config: %v", err)
	}
	if c.Dialect() != DialectV03REST || !c.Confirmed() {
		t.Errorf("dialect %s confirmed %v: a task-not-found answer confirms the dialect", c.Dialect(), c.Confirmed())
	}
}

// A 404 for a route the server does not have means "another dialect": the
// client moves on, while a task 404 afterwards is an answer.
func TestRESTWrongPathIsDialectMismatch(t *testing.T) {
	for name, notFound := range map[string]func(w http.ResponseWriter){
		"plain text": func(w http.ResponseWriter) { http.Error(w, "404 page not found", http.StatusNotFound) },
		"framework JSON": func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"detail":"Not Found"}`)
		},
		"route message": func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `{"message":"Route GET:/tasks/task-1 not found","error":"Not Found","statusCode":404}`)
		},
	} {
		t.Run(name, func(t *testing.T) {
			srv, _ := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
				switch r.URL.Path {
				case "/v1/tasks/task-1":
					fmt.Fprint(w, `{"id":"task-1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}`)
				case "/v1/tasks/gone":
					w.WriteHeader(http.StatusNotFound)
					fmt.Fprint(w, `{"error":{"code":404,"status":"NOT_FOUND","message":"task gone not found"}}`)
				default:
					notFound(w)
				}
			})
			c := protoClient(t,
				Interface{URL: srv.URL, Binding: BindingREST, Dialect: DialectV10REST},
				Interface{URL: srv.URL, Binding: BindingREST, Dialect: DialectV03REST})
			task, err := c.Get(context.Background(), "task-1", nil)
			if err != nil {
				t.Fatal(err)
			}
			if task.Status.State != StateWorking || c.Dialect() != DialectV03REST {
				t.Fatalf("task %+v via %s, want it via v0.3 REST", task.Status, c.Dialect())
			}
			if _, err := c.Get(context.Background(), "gone", nil); !errors.Is(err, ErrTaskNotFound) {
				t.Errorf("get gone: %v", err)
			}
			if c.Dialect() != DialectV03REST {
				t.Errorf("dialect moved to %s on a task 404", c.Dialect())
			}
		})
	}
}

func TestV03RESTSubscribeFallsBackToGET(t *testing.T) {
	srv, log := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		if r.Method == http.MethodPost {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		protoSSE(w, `{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"},"final":true}}`)
	})
	c := v03RESTClient(t, srv.URL)
	s, err := c.Resubscribe(context.Background(), "t1")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	evs, err := drainStream(t, s)
	if err != nil || len(evs) != 1 || evs[0].Status.Status.State != StateCompleted {
		t.Fatalf("events %v, err %v", eventKinds(evs), err)
	}
	reqs := log.all()
	if len(reqs) != 2 || reqs[0].Method != http.MethodPost || reqs[1].Method != http.MethodGet || reqs[1].Path != "/v1/tasks/t1:subscribe" {
		t.Fatalf("requests: %+v", reqs)
	}
	assertJSON(t, "subscribe POST body", reqs[0].Body, `{"name":"tasks/t1"}`)
}

func TestV03RESTTaskOperations(t *testing.T) {
	cfg := `{"name":"tasks/t1/pushNotificationConfigs/cfg-1","pushNotificationConfig":{"id":"cfg-1","url":"https://hook","token":"tok",
		"authentication":{"schemes":["Bearer"],"credentials":"secret"}}}`
	srv, log := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		switch r.Method + " " + r.URL.Path {
		case "GET /v1/tasks/t1", "POST /v1/tasks/t1:cancel":
			fmt.Fprint(w, `{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_CANCELLED"}}`)
		case "POST /v1/tasks/t1/pushNotificationConfigs", "GET /v1/tasks/t1/pushNotificationConfigs/cfg-1":
			fmt.Fprint(w, cfg)
		case "GET /v1/tasks/t1/pushNotificationConfigs":
			fmt.Fprint(w, `[`+cfg+`]`)
		case "DELETE /v1/tasks/t1/pushNotificationConfigs/cfg-1":
			fmt.Fprint(w, `{}`)
		default:
			http.NotFound(w, r)
		}
	})
	c := v03RESTClient(t, srv.URL)
	ctx := context.Background()
	five := 5
	if task, err := c.Get(ctx, "t1", &five); err != nil || task.Status.State != StateCanceled {
		t.Fatalf("get = %+v, %v", task, err)
	}
	if q := log.last(t).Query; q != "historyLength=5" {
		t.Errorf("get query = %q", q)
	}
	if _, err := c.Cancel(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "cancel body", log.last(t).Body, `{"name":"tasks/t1"}`)

	want := PushConfig{ID: "cfg-1", TaskID: "t1", URL: "https://hook", Token: "tok", AuthSchemes: []string{"Bearer"}, AuthCredentials: "secret"}
	got, err := c.SetPushConfig(ctx, want)
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, "set push config body", log.last(t).Body, `{"parent":"tasks/t1","configId":"cfg-1","config":`+cfg+`}`)
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("config = %+v", *got)
	}
	if got, err := c.GetPushConfig(ctx, "t1", "cfg-1"); err != nil || !reflect.DeepEqual(*got, want) {
		t.Errorf("get push config = %+v, %v", got, err)
	}
	if list, err := c.ListPushConfigs(ctx, "t1"); err != nil || len(list) != 1 || !reflect.DeepEqual(list[0], want) {
		t.Errorf("list push configs = %+v, %v", list, err)
	}
	if err := c.DeletePushConfig(ctx, "t1", "cfg-1"); err != nil {
		t.Fatal(err)
	}
	// GET /v1/tasks is not in the v0.3 proto: a 404 means no listing, not
	// another dialect.
	if _, err := c.ListTasks(ctx, ListTasksRequest{}); !errors.Is(err, ErrUnsupportedOperation) {
		t.Errorf("list tasks: %v", err)
	}
}

func TestV03RESTExtendedCard(t *testing.T) {
	srv, log := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		fmt.Fprint(w, `{"protocolVersion":"0.3.0","name":"Full Agent","description":"d","url":"https://agent.example.com/a2a",
			"preferredTransport":"HTTP+JSON","version":"1.0.0","capabilities":{"streaming":true},
			"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],
			"skills":[{"id":"s1","name":"one","description":"d","tags":[]},{"id":"s2","name":"two","description":"d","tags":[]}]}`)
	})
	c := v03RESTClient(t, srv.URL)
	card, err := c.ExtendedCard(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r := log.last(t); r.Method != http.MethodGet || r.Path != "/v1/card" {
		t.Errorf("request = %s %s", r.Method, r.Path)
	}
	if card.Name != "Full Agent" || len(card.Skills) != 2 {
		t.Errorf("card %q with %d skills", card.Name, len(card.Skills))
	}
}
