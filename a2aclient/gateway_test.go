package a2aclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeGateway imitates the gateway of seed 004: a well-known card, an
// agent list, 202 sends, polled tasks, 202 cancels, {"error"} bodies.
type fakeGateway struct {
	t      *testing.T
	srv    *httptest.Server
	agents []string
	multi  bool

	mu     sync.Mutex
	next   int
	tasks  map[string]*fakeRun
	sends  []map[string]any // bodies received by message:send
	agent  []string         // agent addressed by each send
	polls  int
	reply  func(input string) (status, code, detail, output string)
	polled func(run *fakeRun) // adjusts a run on each poll
}

type fakeRun struct {
	id, context, input       string
	status, code, detail     string
	output                   string
	pending                  int // polls left before the run settles
	cancelled, cancelRequest bool
}

func newFakeGateway(t *testing.T, agents ...string) *fakeGateway {
	g := &fakeGateway{t: t, agents: agents, multi: len(agents) > 1, tasks: map[string]*fakeRun{}}
	g.reply = func(input string) (string, string, string, string) {
		return "completed", "", "", "echo: " + input
	}
	g.srv = httptest.NewServer(http.HandlerFunc(g.serve))
	t.Cleanup(g.srv.Close)
	// Quick polls keep the tests fast; the production interval is 500 ms.
	old := gatewayPollInterval
	gatewayPollInterval = time.Millisecond
	t.Cleanup(func() { gatewayPollInterval = old })
	return g
}

func (g *fakeGateway) writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (g *fakeGateway) fail(w http.ResponseWriter, status int, msg string) {
	g.writeJSON(w, status, map[string]string{"error": msg})
}

func (g *fakeGateway) serve(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	defer g.mu.Unlock()
	p := r.URL.Path
	switch {
	case p == "/.well-known/agent-card.json":
		url := "/v1/a2a/agents"
		if !g.multi {
			url += "/" + g.agents[0] + "/message:send"
		}
		g.writeJSON(w, 200, map[string]any{
			"name": "gw", "description": "gateway", "version": "1.0", "url": url,
			"defaultInputModes": []string{"application/json"}, "defaultOutputModes": []string{"application/json"},
			"capabilities": map[string]any{"taskManagement": true, "streaming": true, "agentDiscovery": true, "agents": g.agents},
		})
		return
	case p == "/v1/a2a/agents":
		var list []map[string]string
		for _, a := range g.agents {
			list = append(list, map[string]string{"agentId": a, "agentCardUrl": "/v1/a2a/agents/" + a + "/agent-card", "messageSendUrl": "/v1/a2a/agents/" + a + "/message:send"})
		}
		g.writeJSON(w, 200, list)
		return
	}
	rest, ok := strings.CutPrefix(p, "/v1/a2a/agents/")
	if !ok {
		http.NotFound(w, r)
		return
	}
	agent, action, _ := strings.Cut(rest, "/")
	if !g.knows(agent) {
		g.fail(w, 404, "agent not found: "+agent)
		return
	}
	switch {
	case action == "message:send" && r.Method == http.MethodPost:
		g.send(w, r, agent)
	case strings.HasPrefix(action, "tasks/") && r.Method == http.MethodGet:
		g.get(w, strings.TrimPrefix(action, "tasks/"))
	case strings.HasPrefix(action, "tasks/") && r.Method == http.MethodPost:
		id, ok := strings.CutSuffix(strings.TrimPrefix(action, "tasks/"), ":cancel")
		if !ok {
			g.fail(w, 400, "task cancel path must end with ':cancel'")
			return
		}
		g.cancel(w, id)
	default:
		g.fail(w, 400, "bad request: unsupported A2A action; expected 'message:send'")
	}
}

func (g *fakeGateway) knows(agent string) bool {
	for _, a := range g.agents {
		if a == agent {
			return true
		}
	}
	return false
}

func (g *fakeGateway) send(w http.ResponseWriter, r *http.Request, agent string) {
	var body map[string]any
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		g.fail(w, 400, "invalid JSON")
		return
	}
	g.sends = append(g.sends, body)
	g.agent = append(g.agent, agent)
	input, _ := body["input"].(string)
	ctxID, _ := body["contextId"].(string)
	if tid, _ := body["taskId"].(string); tid != "" && g.tasks[tid] == nil {
		g.fail(w, 404, "run not found: "+tid)
		return
	}
	g.next++
	if ctxID == "" {
		ctxID = fmt.Sprintf("thread-%d", g.next)
	}
	run := &fakeRun{id: fmt.Sprintf("run-%d", g.next), context: ctxID, input: input, status: "submitted", pending: 2}
	g.tasks[run.id] = run
	g.writeJSON(w, http.StatusAccepted, map[string]any{"contextId": run.context, "taskId": run.id, "status": "submitted"})
}

func (g *fakeGateway) get(w http.ResponseWriter, id string) {
	run := g.tasks[id]
	if run == nil {
		g.fail(w, 404, "run not found: "+id)
		return
	}
	g.polls++
	switch {
	case run.cancelRequest:
		run.status, run.code, run.detail, run.cancelled = "done", "cancelled", "", true
	case run.pending > 0:
		run.pending--
		run.status = "running"
	case run.status == "running" || run.status == "submitted":
		run.status, run.code, run.detail, run.output = g.reply(run.input)
	}
	if g.polled != nil {
		g.polled(run)
	}
	task := map[string]any{
		"taskId": run.id, "contextId": run.context, "status": run.status, "origin": "a2a",
		"terminationCode": nullable(run.code), "terminationDetail": nullable(run.detail),
		"createdAt": 1760000000000, "updatedAt": 1760000005000,
		"message": nil, "artifacts": []any{},
		"history": []any{map[string]any{"role": "system", "content": "be brief"}, map[string]any{"role": "user", "content": run.input}},
	}
	if run.output != "" {
		task["message"] = map[string]any{"role": "assistant", "content": run.output}
		task["artifacts"] = []any{map[string]any{"content": run.output}}
		task["history"] = append(task["history"].([]any), map[string]any{"role": "assistant", "content": run.output})
	}
	g.writeJSON(w, 200, task)
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func (g *fakeGateway) cancel(w http.ResponseWriter, id string) {
	run := g.tasks[id]
	if run == nil {
		g.fail(w, 404, "run not found: "+id)
		return
	}
	if run.status == "done" || run.status == "completed" || run.status == "failed" {
		g.fail(w, 400, "task is not active")
		return
	}
	run.cancelRequest = true
	g.writeJSON(w, http.StatusAccepted, map[string]any{"taskId": id, "status": "cancel_requested"})
}

func (g *fakeGateway) client(t *testing.T) *Client {
	t.Helper()
	c, err := Resolve(context.Background(), g.srv.URL, Options{PollInterval: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if c.Dialect() != DialectGateway {
		t.Fatalf("dialect %q", c.Dialect())
	}
	return c
}

func userText(parts ...string) SendRequest {
	var ps []Part
	for _, p := range parts {
		ps = append(ps, TextPart(p))
	}
	return SendRequest{Message: Message{Parts: ps}}
}

func TestGatewaySendPollsUntilSettled(t *testing.T) {
	g := newFakeGateway(t, "assistant")
	c := g.client(t)
	res, err := c.Send(context.Background(), userText("hello", "world"))
	if err != nil {
		t.Fatal(err)
	}
	task := res.Task
	if task == nil || task.Status.State != StateCompleted {
		t.Fatalf("result %+v", res)
	}
	if task.ID != "run-1" || task.ContextID != "thread-1" {
		t.Errorf("ids %q %q", task.ID, task.ContextID)
	}
	if got := task.Status.Message.Text(); got != "echo: hello\nworld" {
		t.Errorf("status message %q", got)
	}
	if len(task.Artifacts) != 1 || task.Artifacts[0].ID != "0" || task.Artifacts[0].Text() != "echo: hello\nworld" {
		t.Errorf("artifacts %+v", task.Artifacts)
	}
	if len(task.History) != 3 || task.History[0].Metadata["role"] != "system" || task.History[1].Role != RoleUser || task.History[2].Role != RoleAgent {
		t.Errorf("history %+v", task.History)
	}
	if task.Status.Timestamp.UnixMilli() != 1760000005000 {
		t.Errorf("timestamp %v", task.Status.Timestamp)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.polls != 3 || g.sends[0]["input"] != "hello\nworld" || g.agent[0] != "assistant" {
		t.Errorf("polls %d sends %v", g.polls, g.sends)
	}
	if _, has := g.sends[0]["taskId"]; has {
		t.Errorf("a new task must not send taskId: %v", g.sends[0])
	}
}

func TestGatewayNonBlockingAndContinue(t *testing.T) {
	g := newFakeGateway(t, "assistant")
	c := g.client(t)
	req := userText("first")
	req.NonBlocking = true
	res, err := c.Send(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if res.Task.Status.State != StateSubmitted || len(res.Task.History) != 1 || res.Task.History[0].Text() != "first" {
		t.Fatalf("non-blocking result %+v", res.Task)
	}
	g.mu.Lock()
	polls := g.polls
	g.mu.Unlock()
	if polls != 0 {
		t.Errorf("non-blocking send polled %d times", polls)
	}

	next := userText("second")
	next.Message.ContextID = res.Task.ContextID
	next.Message.TaskID = res.Task.ID
	res2, err := c.Send(context.Background(), next)
	if err != nil {
		t.Fatal(err)
	}
	if res2.Task.ContextID != res.Task.ContextID {
		t.Errorf("context changed: %q", res2.Task.ContextID)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.sends[1]["taskId"] != "run-1" || g.sends[1]["contextId"] != "thread-1" {
		t.Errorf("continue body %v", g.sends[1])
	}
}

func TestGatewayStreamFallsBackToPolling(t *testing.T) {
	g := newFakeGateway(t, "assistant")
	c := g.client(t)
	s, err := c.Stream(context.Background(), userText("hi"))
	if err != nil {
		t.Fatal(err)
	}
	var states []State
	for {
		ev, err := s.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if ev.Task != nil {
			states = append(states, ev.Task.Status.State)
		}
	}
	if len(states) < 2 || states[0] != StateSubmitted || states[len(states)-1] != StateCompleted {
		t.Errorf("states %v", states)
	}
}

func TestGatewayTaskStates(t *testing.T) {
	cases := []struct {
		status, code, detail string
		state                State
		message              string
	}{
		{"done", "", "", StateCompleted, "out"},
		{"done", "cancelled", "", StateCanceled, "out"},
		{"done", "error", "model unavailable", StateFailed, "model unavailable"},
		{"failed", "error", "", StateFailed, "error"},
		{"input_required", "", "", StateInputRequired, "out"},
		{"waiting", "", "", StateInputRequired, "out"},
		{"canceled", "cancelled", "", StateCanceled, "out"},
		{"rejected", "", "", StateRejected, "out"},
		{"teleporting", "", "", StateUnknown, "out"},
	}
	for _, c := range cases {
		t.Run(c.status+"/"+c.code, func(t *testing.T) {
			g := newFakeGateway(t, "assistant")
			g.reply = func(string) (string, string, string, string) { return c.status, c.code, c.detail, "out" }
			cl := g.client(t)
			req := userText("x")
			req.NonBlocking = true
			res, err := cl.Send(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			var task *Task
			for i := 0; i < 4; i++ {
				if task, err = cl.Get(context.Background(), res.Task.ID, nil); err != nil {
					t.Fatal(err)
				}
			}
			if task.Status.State != c.state || task.Status.Message.Text() != c.message {
				t.Errorf("state %q message %q, want %q %q", task.Status.State, task.Status.Message.Text(), c.state, c.message)
			}
		})
	}
}

func TestGatewayGetHistoryLength(t *testing.T) {
	g := newFakeGateway(t, "assistant")
	c := g.client(t)
	res, err := c.Send(context.Background(), userText("x"))
	if err != nil {
		t.Fatal(err)
	}
	one := 1
	task, err := c.Get(context.Background(), res.Task.ID, &one)
	if err != nil {
		t.Fatal(err)
	}
	if len(task.History) != 1 || task.History[0].Role != RoleAgent {
		t.Errorf("history %+v", task.History)
	}
}

func TestGatewayCancel(t *testing.T) {
	g := newFakeGateway(t, "assistant")
	c := g.client(t)
	req := userText("long job")
	req.NonBlocking = true
	res, err := c.Send(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	task, err := c.Cancel(context.Background(), res.Task.ID)
	if err != nil {
		t.Fatal(err)
	}
	if task.Status.State != StateCanceled {
		t.Errorf("after cancel: %q", task.Status.State)
	}
	// The run is over now: a second cancel is refused with 400.
	_, err = c.Cancel(context.Background(), res.Task.ID)
	var he *HTTPError
	if !errors.As(err, &he) || he.StatusCode != 400 || he.Body != "task is not active" || !errors.Is(err, ErrTaskNotCancelable) {
		t.Errorf("second cancel: %#v", err)
	}
}

func TestGatewayErrors(t *testing.T) {
	g := newFakeGateway(t, "assistant")
	c := g.client(t)

	_, err := c.Get(context.Background(), "nope", nil)
	var he *HTTPError
	if !errors.As(err, &he) || he.StatusCode != 404 || he.Body != "run not found: nope" || !errors.Is(err, ErrTaskNotFound) {
		t.Errorf("unknown task: %#v", err)
	}
	// A task-not-found in the gateway's own words is an answer, not a
	// sign of the wrong dialect.
	if c.Dialect() != DialectGateway {
		t.Errorf("dialect moved to %q", c.Dialect())
	}

	ghost := &gatewayBinding{t: newTransport(Options{}), url: g.srv.URL + "/v1/a2a/agents/ghost"}
	req := userText("anyone?")
	_, err = ghost.send(context.Background(), &req)
	if !errors.As(err, &he) || he.StatusCode != 404 || he.Kind != nil || !isDialectMismatch(err) {
		t.Errorf("unknown agent: %#v", err)
	}

	stale := userText("again")
	stale.Message.TaskID = "gone"
	_, err = c.Send(context.Background(), stale)
	if !errors.Is(err, ErrTaskNotFound) {
		t.Errorf("continuing an unknown task: %#v", err)
	}

	_, err = c.Send(context.Background(), SendRequest{Message: Message{Parts: []Part{{Kind: PartFile, File: &File{Name: "a.png"}}}}})
	if err == nil || !strings.Contains(err.Error(), "a.png") {
		t.Errorf("file part: %v", err)
	}
}

func TestGatewayHTTPErrorShapes(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v1/a2a/agents/a/tasks/t1":
			http.Error(w, "404 page not found", http.StatusNotFound)
		case "/v1/a2a/agents/a/tasks/t2":
			w.Header().Set("WWW-Authenticate", `Bearer realm="gw"`)
			w.WriteHeader(http.StatusUnauthorized)
		case "/v1/a2a/agents/a/tasks/t3":
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"taskId": 7}`))
		default:
			w.Header().Set("Retry-After", "2")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte(`{"error":"overloaded"}`))
		}
	}))
	defer srv.Close()
	b := &gatewayBinding{t: newTransport(Options{}), url: srv.URL + "/v1/a2a/agents/a"}
	ctx := context.Background()

	_, err := b.get(ctx, "t1", nil)
	var he *HTTPError
	if !errors.As(err, &he) || he.Kind != nil || !isDialectMismatch(err) {
		t.Errorf("plain 404 should read as a dialect mismatch: %#v", err)
	}
	_, err = b.get(ctx, "t2", nil)
	var ae *AuthError
	if !errors.As(err, &ae) || ae.Challenge != `Bearer realm="gw"` {
		t.Errorf("401: %#v", err)
	}
	task, err := b.get(ctx, "t3", nil)
	if err != nil || task.ID != "t3" || task.Status.State != StateUnknown {
		t.Errorf("odd task: %+v %v", task, err)
	}
	_, err = b.get(ctx, "t4", nil)
	if !errors.As(err, &he) || he.StatusCode != 503 || he.Body != "overloaded" || he.RetryAfter != 2*time.Second || !transient(err) {
		t.Errorf("503: %#v", err)
	}
}

func TestGatewayMultiAgentPicksFirst(t *testing.T) {
	g := newFakeGateway(t, "coder", "writer")
	c := g.client(t)
	if got := c.Endpoint().URL; got != g.srv.URL+"/v1/a2a/agents" {
		t.Errorf("endpoint %q", got)
	}
	if _, err := c.Send(context.Background(), userText("x")); err != nil {
		t.Fatal(err)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.agent) != 1 || g.agent[0] != "coder" {
		t.Errorf("sent to %v", g.agent)
	}
}

func TestListGatewayAgents(t *testing.T) {
	g := newFakeGateway(t, "coder", "writer")
	for _, base := range []string{g.srv.URL, g.srv.URL + "/", g.srv.URL + "/.well-known/agent-card.json", g.srv.URL + "/v1/a2a/agents", g.srv.URL + "/v1/a2a/agents/writer/message:send"} {
		agents, err := ListGatewayAgents(context.Background(), base, Options{})
		if err != nil {
			t.Fatalf("%s: %v", base, err)
		}
		if len(agents) != 2 || agents[0].Name != "coder" || agents[1].Name != "writer" {
			t.Fatalf("%s: agents %+v", base, agents)
		}
		w := agents[1]
		if w.CardDialect != DialectGateway || w.Interfaces[0].URL != g.srv.URL+"/v1/a2a/agents/writer" ||
			w.Interfaces[0].Dialect != DialectGateway || w.CardURL != g.srv.URL+"/v1/a2a/agents/writer/agent-card" {
			t.Errorf("%s: agent %+v", base, w)
		}
	}
}

func TestListGatewayAgentsTolerant(t *testing.T) {
	bodies := map[string]string{
		"/wrapped/v1/a2a/agents": `{"agents":[{"id":"x","name":"X agent","description":"does x"},{"nothing":true}]}`,
		"/strings/v1/a2a/agents": `["x"]`,
		"/broken/v1/a2a/agents":  `{"agents":"x"}`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(bodies[r.URL.Path]))
	}))
	defer srv.Close()
	ctx := context.Background()
	agents, err := ListGatewayAgents(ctx, srv.URL+"/wrapped", Options{})
	if err != nil || len(agents) != 1 || agents[0].Name != "X agent" || agents[0].Description != "does x" ||
		agents[0].Interfaces[0].URL != srv.URL+"/wrapped/v1/a2a/agents/x" {
		t.Errorf("wrapped: %+v %v", agents, err)
	}
	agents, err = ListGatewayAgents(ctx, srv.URL+"/strings/", Options{})
	if err != nil || len(agents) != 1 || agents[0].Name != "x" {
		t.Errorf("strings: %+v %v", agents, err)
	}
	_, err = ListGatewayAgents(ctx, srv.URL+"/broken", Options{})
	var pe *ProtocolError
	if !errors.As(err, &pe) {
		t.Errorf("broken: %v", err)
	}
	if _, err := ListGatewayAgents(ctx, "ftp://x", Options{}); err == nil {
		t.Error("ftp URL accepted")
	}
}

func TestGatewayBlockingSendHonorsContext(t *testing.T) {
	g := newFakeGateway(t, "assistant")
	c := g.client(t)
	ctx, cancel := context.WithCancel(context.Background())
	g.mu.Lock()
	g.polled = func(run *fakeRun) {
		run.status, run.pending = "running", 1
		cancel() // the user gives up while the task still runs
	}
	g.mu.Unlock()
	_, err := c.Send(ctx, userText("forever"))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err %v", err)
	}
}
