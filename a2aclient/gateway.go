package a2aclient

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The gateway dialect (seed 004): a REST front for agents that is not
// A2A JSON-RPC at all. POST {agent}/message:send takes
// {input, taskId?, contextId?} and answers 202 with {taskId, contextId,
// status}; the task is then polled with GET {agent}/tasks/{id}, and
// cancelled with POST {agent}/tasks/{id}:cancel. Errors are
// {"error": "…"} with an HTTP status. There is no streaming, listing,
// push or extended card (its row in dialectTable lacks them, so the
// binding has only send, get and cancel). {agent} is
// …/v1/a2a/agents/<id>.

func init() {
	registerBinding(DialectGateway, func(t *transport, iface Interface, _ *Agent) binding {
		return &gatewayBinding{t: t, url: strings.TrimSuffix(iface.URL, "/")}
	})
}

// gatewayPollInterval is the first wait between polls of a blocking send;
// it grows by half each time up to gatewayMaxPoll.
var (
	gatewayPollInterval = 500 * time.Millisecond
	gatewayMaxPoll      = 5 * time.Second
)

// gatewayTransientRetries is how many failed polls in a row a blocking
// send rides out before it gives up.
const gatewayTransientRetries = 3

type gatewayBinding struct {
	t   *transport
	url string // an agent's base URL, or a multi-agent gateway's list

	mu   sync.Mutex
	base string // the agent's base URL once known
}

// agentBase is the agent's base URL. A card for a multi-agent gateway
// names only the agent list; the first listed agent is used, found on
// first use and remembered.
func (g *gatewayBinding) agentBase(ctx context.Context) (string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.base != "" {
		return g.base, nil
	}
	if !isGatewayList(g.url) {
		g.base = g.url
		return g.base, nil
	}
	agents, err := listGatewayAgents(ctx, g.t, g.url)
	if err != nil {
		return "", err
	}
	if len(agents) == 0 {
		return "", fmt.Errorf("the gateway at %s lists no agents", redactURL(g.url))
	}
	g.base = agents[0].Interfaces[0].URL
	return g.base, nil
}

type gatewaySendBody struct {
	Input     string `json:"input,omitempty"`
	TaskID    string `json:"taskId,omitempty"`
	ContextID string `json:"contextId,omitempty"`
}

func (g *gatewayBinding) send(ctx context.Context, req *SendRequest) (*Result, error) {
	input, err := gatewayInput(req.Message)
	if err != nil {
		return nil, err
	}
	base, err := g.agentBase(ctx)
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(gatewaySendBody{Input: input, TaskID: req.Message.TaskID, ContextID: req.Message.ContextID})
	if err != nil {
		return nil, fmt.Errorf("send message: encode request: %w", err)
	}
	data, err := g.exchange(ctx, "send message", http.MethodPost, base+"/message:send", body, false)
	if err != nil {
		return nil, err
	}
	o, ok := asObj(data)
	if !ok {
		return nil, &ProtocolError{What: "the gateway's reply to message:send is not a JSON object"}
	}
	taskID := o.firstStr("taskId", "task_id")
	if taskID == "" {
		return nil, &ProtocolError{What: "the gateway's reply to message:send has no taskId"}
	}
	sent := req.Message
	sent.TaskID = taskID
	sent.ContextID = o.firstStr("contextId", "context_id")
	task := &Task{
		ID:        taskID,
		ContextID: sent.ContextID,
		Status:    TaskStatus{State: gatewayState(o.str("status"), "")},
		History:   []Message{sent},
	}
	if req.NonBlocking {
		return &Result{Task: task}, nil
	}
	task, err = g.await(ctx, base, task)
	if err != nil {
		return nil, err
	}
	return &Result{Task: task}, nil
}

// await polls a task until it settles, since the gateway answers a send
// at once. Waits start short, so quick replies feel quick, and grow.
func (g *gatewayBinding) await(ctx context.Context, base string, task *Task) (*Task, error) {
	wait := gatewayPollInterval
	failures := 0
	for !task.Status.State.Settled() {
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil, ctx.Err()
		case <-timer.C:
		}
		wait = min(wait+wait/2, gatewayMaxPoll)
		next, err := g.fetchTask(ctx, base, task.ID, nil)
		if err != nil {
			failures++
			if failures > gatewayTransientRetries || !transient(err) {
				return nil, err
			}
			continue
		}
		failures = 0
		task = next
	}
	return task, nil
}

// transient reports whether a failed poll may succeed if repeated.
func transient(err error) bool {
	var he *HTTPError
	var te *TransportError
	if errors.As(err, &he) {
		return he.StatusCode == http.StatusTooManyRequests || he.StatusCode >= 500
	}
	return errors.As(err, &te)
}

// gatewayInput flattens a message to the gateway's one input string.
// Data parts travel as their JSON; files cannot travel at all.
func gatewayInput(m Message) (string, error) {
	var texts []string
	for _, p := range m.Parts {
		p = LowerPart(p)
		switch p.Kind {
		case PartText:
			texts = append(texts, p.Text)
		case PartData:
			b, err := json.Marshal(p.Data)
			if err != nil {
				return "", fmt.Errorf("send message: encode data part: %w", err)
			}
			texts = append(texts, string(b))
		case PartFile:
			name := ""
			if p.File != nil {
				name = p.File.Name
			}
			return "", fmt.Errorf("the gateway dialect carries text only, so the file %q cannot be sent", sanitizeLine(name))
		}
	}
	return strings.Join(texts, "\n"), nil
}

func (g *gatewayBinding) get(ctx context.Context, taskID string, historyLength *int) (*Task, error) {
	base, err := g.agentBase(ctx)
	if err != nil {
		return nil, err
	}
	return g.fetchTask(ctx, base, taskID, historyLength)
}

func (g *gatewayBinding) fetchTask(ctx context.Context, base, taskID string, historyLength *int) (*Task, error) {
	if err := checkPathID("task id", taskID, false); err != nil {
		return nil, err
	}
	data, err := g.exchange(ctx, "get task", http.MethodGet, base+"/tasks/"+url.PathEscape(taskID), nil, true)
	if err != nil {
		return nil, err
	}
	task, err := decodeGatewayTask(data, taskID)
	if err != nil {
		return nil, err
	}
	if historyLength != nil {
		n := max(*historyLength, 0)
		if len(task.History) > n {
			task.History = task.History[len(task.History)-n:]
		}
	}
	return task, nil
}

// cancel asks for cancellation (the gateway answers 202 with
// "cancel_requested"), then reads the task back so the caller sees its
// real state rather than the request's echo.
func (g *gatewayBinding) cancel(ctx context.Context, taskID string) (*Task, error) {
	if err := checkPathID("task id", taskID, false); err != nil {
		return nil, err
	}
	base, err := g.agentBase(ctx)
	if err != nil {
		return nil, err
	}
	data, err := g.exchange(ctx, "cancel task", http.MethodPost, base+"/tasks/"+url.PathEscape(taskID)+":cancel", nil, true)
	if err != nil {
		return nil, err
	}
	task := &Task{ID: taskID, Status: TaskStatus{State: StateWorking}}
	if o, ok := asObj(data); ok {
		task.Status.State = gatewayState(o.str("status"), "")
	}
	if now, err := g.fetchTask(ctx, base, taskID, nil); err == nil {
		return now, nil
	}
	return task, nil
}

// exchange performs one request and returns the success body. Error
// statuses become AuthError, or HTTPError carrying the gateway's error
// text; taskPath marks requests about one task, where a 404 in the
// gateway's own error shape means the task is unknown.
func (g *gatewayBinding) exchange(ctx context.Context, op, method, u string, body []byte, taskPath bool) ([]byte, error) {
	return gatewayExchange(ctx, g.t, op, method, u, body, taskPath)
}

func gatewayExchange(ctx context.Context, t *transport, op, method, u string, body []byte, taskPath bool) ([]byte, error) {
	h := http.Header{"Accept": {"application/json"}}
	if body != nil {
		h.Set("Content-Type", "application/json")
	}
	resp, err := t.doRaw(ctx, request{op: op, method: method, url: u, body: body, header: h})
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		data, err := t.readBody(op, u, resp)
		if err != nil {
			return nil, err
		}
		if len(bytes.TrimSpace(data)) > 0 && !json.Valid(data) {
			return nil, &ProtocolError{What: fmt.Sprintf("the gateway's reply to %s is not JSON", op)}
		}
		return data, nil
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	t.observe(WireRecord{Kind: WireResponse, URL: u, Status: resp.StatusCode, Header: resp.Header, Body: data})
	if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
		return nil, statusError(u, resp, data)
	}
	he := &HTTPError{URL: u, StatusCode: resp.StatusCode, Status: http.StatusText(resp.StatusCode), RetryAfter: retryAfter(resp.Header.Get("Retry-After"))}
	msg, isGatewayError := gatewayErrorText(data)
	if isGatewayError {
		he.Body = bodyExcerpt([]byte(msg), "text/plain")
		switch {
		case resp.StatusCode == http.StatusNotFound:
			he.Kind = gatewayNotFoundKind(msg, taskPath)
		case resp.StatusCode == http.StatusBadRequest && strings.HasSuffix(u, ":cancel"):
			he.Kind = ErrTaskNotCancelable
		case resp.StatusCode == http.StatusBadRequest:
			he.Kind = ErrInvalidParams
		}
	} else {
		he.Body = bodyExcerpt(data, resp.Header.Get("Content-Type"))
	}
	return nil, he
}

// gatewayNotFoundKind names a 404 in the gateway's error shape. On a task
// path it means the task is unknown, unless the gateway says it does not
// know the agent; a send that continues a task can also name a missing
// task ("run not found: …"). Anything else stays unnamed, which the client
// reads as "wrong dialect at this URL".
func gatewayNotFoundKind(msg string, taskPath bool) error {
	m := strings.ToLower(msg)
	if strings.Contains(m, "agent") {
		return nil
	}
	if taskPath || strings.Contains(m, "task") || strings.Contains(m, "run") {
		return ErrTaskNotFound
	}
	return nil
}

// gatewayErrorText reads {"error": "…"} (or {"error": {"message": …}},
// or {"message": …}), reporting false for any other body.
func gatewayErrorText(data []byte) (string, bool) {
	o, ok := asObj(data)
	if !ok {
		return "", false
	}
	if s := o.str("error"); s != "" {
		return s, true
	}
	if e := o.obj("error"); e != nil {
		if s := e.firstStr("message", "detail"); s != "" {
			return s, true
		}
	}
	if s := o.str("message"); s != "" {
		return s, true
	}
	return "", false
}

// decodeGatewayTask maps the gateway's task record:
// {taskId, contextId, status, terminationCode, terminationDetail,
// updatedAt, message{role, content}, artifacts[{content}],
// history[{role, content}]}.
func decodeGatewayTask(data []byte, taskID string) (*Task, error) {
	o, ok := asObj(data)
	if !ok {
		return nil, &ProtocolError{What: "the gateway's task is not a JSON object"}
	}
	task := &Task{
		ID:        o.firstStr("taskId", "task_id", "id"),
		ContextID: o.firstStr("contextId", "context_id"),
	}
	if task.ID == "" {
		task.ID = taskID
	}
	code := gatewayScalar(o["terminationCode"])
	if code == "" {
		code = gatewayScalar(o["termination_code"])
	}
	detail := gatewayScalar(o["terminationDetail"])
	if detail == "" {
		detail = gatewayScalar(o["termination_detail"])
	}
	task.Status.State = gatewayState(o.str("status"), code)
	if ms := gatewayMillis(o["updatedAt"]); ms > 0 {
		task.Status.Timestamp = time.UnixMilli(ms).UTC()
	}
	if m, ok := gatewayMessage(o["message"], task); ok {
		task.Status.Message = &m
	}
	if task.Status.State == StateFailed || task.Status.State == StateRejected {
		// A failure's explanation is the termination detail, not the
		// last thing the assistant said before it.
		if text := cmp.Or(detail, code); text != "" {
			task.Status.Message = &Message{Role: RoleAgent, Parts: []Part{TextPart(text)}, TaskID: task.ID, ContextID: task.ContextID}
		}
	}
	if code != "" {
		task.Metadata = map[string]any{"terminationCode": code}
	}
	for i, raw := range o.items("artifacts") {
		a, ok := asObj(raw)
		if !ok {
			continue
		}
		id := a.firstStr("artifactId", "id")
		if id == "" {
			id = strconv.Itoa(i)
		}
		task.Artifacts = append(task.Artifacts, Artifact{ID: id, Name: a.str("name"), Parts: gatewayContent(a["content"])})
	}
	for _, raw := range o.items("history") {
		if m, ok := gatewayMessage(raw, task); ok {
			task.History = append(task.History, m)
		}
	}
	return task, nil
}

// gatewayMessage maps {role, content}; "assistant" and "system" are the
// agent's side, and the original role is kept in the metadata.
func gatewayMessage(raw json.RawMessage, task *Task) (Message, bool) {
	o, ok := asObj(raw)
	if !ok {
		return Message{}, false
	}
	role := o.str("role")
	m := Message{Role: RoleAgent, Parts: gatewayContent(o["content"]), TaskID: task.ID, ContextID: task.ContextID}
	if strings.EqualFold(role, "user") {
		m.Role = RoleUser
	}
	if role != "" && !strings.EqualFold(role, "user") && !strings.EqualFold(role, "assistant") {
		m.Metadata = map[string]any{"role": role}
	}
	return m, true
}

// gatewayContent reads content: a string as text; a list of strings or
// {text} blocks as text parts; anything else as a data part.
func gatewayContent(raw json.RawMessage) []Part {
	if isNull(raw) {
		return nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []Part{TextPart(s)}
	}
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) == nil {
		var parts []Part
		for _, it := range items {
			if json.Unmarshal(it, &s) == nil {
				parts = append(parts, TextPart(s))
				continue
			}
			if o, ok := asObj(it); ok && o.kind("text") == "string" {
				parts = append(parts, TextPart(o.str("text")))
				continue
			}
			parts = append(parts, dataPart(it))
		}
		return liftParts(parts)
	}
	return []Part{dataPart(raw)}
}

func dataPart(raw json.RawMessage) Part {
	var v any
	_ = json.Unmarshal(raw, &v)
	return Part{Kind: PartData, Data: v}
}

// gatewayScalar reads a string or number field as text; null is "".
func gatewayScalar(raw json.RawMessage) string {
	if isNull(raw) {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	return ""
}

func gatewayMillis(raw json.RawMessage) int64 {
	var n int64
	if json.Unmarshal(raw, &n) != nil {
		return 0
	}
	return n
}

// gatewayState maps the gateway's run status. Older gateways report a
// finished run as "done" and say how it ended in terminationCode; newer
// ones use A2A's state names in snake_case. Unknown names are
// StateUnknown, never an error.
func gatewayState(status, terminationCode string) State {
	s := strings.ToLower(strings.TrimSpace(status))
	s = strings.NewReplacer("-", "_", " ", "_").Replace(s)
	switch s {
	case "submitted", "queued", "pending", "created":
		return StateSubmitted
	case "running", "working", "claimed", "accepted", "in_progress", "started",
		"decision_forwarded", "cancel_requested", "cancelling", "canceling":
		// A requested cancel has not happened yet: the task still runs.
		return StateWorking
	case "waiting", "input_required", "suspended", "awaiting_input", "requires_action":
		return StateInputRequired
	case "auth_required":
		return StateAuthRequired
	case "done", "finished", "completed", "succeeded", "success":
		code := strings.ToLower(terminationCode)
		switch {
		case strings.Contains(code, "cancel"):
			return StateCanceled
		case strings.Contains(code, "error"), strings.Contains(code, "fail"):
			return StateFailed
		}
		return StateCompleted
	case "failed", "error", "errored", "dead_letter":
		return StateFailed
	case "canceled", "cancelled", "superseded":
		return StateCanceled
	case "rejected":
		return StateRejected
	}
	return ParseState(status)
}
