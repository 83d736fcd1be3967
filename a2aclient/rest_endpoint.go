package a2aclient

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
)

// restEndpoint is one HTTP+JSON interface. It sends ProtoJSON bodies and
// turns error replies into typed errors.
type restEndpoint struct {
	t           *transport
	base        string // no trailing slash; any tenant or /v1 prefix included
	bad         error  // a tenant that cannot go in a path: every call fails with it
	dialect     Dialect
	shape       protoShape
	contentType string
	accept      string
	version     string // A2A-Version header, "" for none
}

// restCall is one operation on a restEndpoint.
type restCall struct {
	op     string // for errors: "get task"
	method string
	path   string // under base, starting with "/"
	// ids are the task and config ids escaped into path, each refused
	// by checkPathID before anything is sent.
	ids   []pathID
	query url.Values
	body  any // nil for none
	// taskPath says the request names a task, so that a 404 whose body says
	// the task is unknown is ErrTaskNotFound rather than a wrong route.
	taskPath bool
	blocking bool // a blocking send may hold the reply as long as the task runs
}

func (e *restEndpoint) request(c restCall) (request, error) {
	if e.bad != nil {
		return request{}, e.bad
	}
	for _, p := range c.ids {
		if err := checkPathID(p.what, p.id, false); err != nil {
			return request{}, err
		}
	}
	u := e.base + c.path
	if len(c.query) > 0 {
		u += "?" + c.query.Encode()
	}
	h := http.Header{}
	h.Set("Accept", e.accept)
	if e.version != "" {
		h.Set("A2A-Version", e.version)
	}
	e.t.setExtensions(h, e.dialect)
	var body []byte
	if c.body != nil {
		var err error
		if body, err = json.Marshal(c.body); err != nil {
			return request{}, err
		}
		h.Set("Content-Type", e.contentType)
	}
	return request{op: c.op, method: c.method, url: u, body: body, header: h, noTimeout: c.blocking}, nil
}

// do performs a call and returns the success body.
func (e *restEndpoint) do(ctx context.Context, c restCall) ([]byte, error) {
	req, err := e.request(c)
	if err != nil {
		return nil, err
	}
	resp, err := e.t.doRaw(ctx, req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		defer resp.Body.Close()
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		e.t.observe(WireRecord{Kind: WireResponse, URL: req.url, Status: resp.StatusCode, Header: resp.Header, Body: body})
		return nil, e.statusErr(req.url, c, resp, body)
	}
	return e.t.readBody(c.op, req.url, resp)
}

// open starts a streamed call; each SSE data is a bare StreamResponse.
func (e *restEndpoint) open(ctx context.Context, c restCall) (eventSource, error) {
	req, err := e.request(c)
	if err != nil {
		return nil, err
	}
	ps, resp, err := e.t.openStream(ctx, req, true, nil)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		body, _ := ps.nextPayload()
		ps.close()
		return nil, e.statusErr(req.url, c, resp, body)
	}
	return &restEvents{ps: ps, e: e, url: req.url}, nil
}

// subscribe follows a running task. The spec text says POST, the proto's
// HTTP annotation GET: try POST and fall back to GET when it is refused.
func (e *restEndpoint) subscribe(ctx context.Context, path, taskID string, body any) (eventSource, error) {
	ids := taskPathIDs(taskID)
	src, err := e.open(ctx, restCall{op: "resubscribe to task", method: http.MethodPost, path: path, ids: ids, body: body, taskPath: true})
	var he *HTTPError
	if errors.As(err, &he) && he.StatusCode == http.StatusMethodNotAllowed {
		return e.open(ctx, restCall{op: "resubscribe to task", method: http.MethodGet, path: path, ids: ids, taskPath: true})
	}
	return src, err
}

// card fetches the authenticated extended card.
func (e *restEndpoint) card(ctx context.Context, path string) (*Agent, error) {
	data, err := e.do(ctx, restCall{op: "fetch the extended agent card", method: http.MethodGet, path: path})
	if err != nil {
		return nil, err
	}
	return parseCard(data, e.base+path)
}

// statusErr turns an error status into AuthError or HTTPError, naming the
// A2A error in Kind when the body says which.
func (e *restEndpoint) statusErr(u string, c restCall, resp *http.Response, body []byte) error {
	err := statusError(u, resp, body)
	var he *HTTPError
	if !errors.As(err, &he) {
		return err
	}
	info := parseRESTError(body)
	if info.message != "" {
		he.Body = bodyExcerpt([]byte(info.message), "text/plain")
	}
	he.Kind = info.kind(e.dialect, resp.StatusCode, c.taskPath, c.path)
	return err
}

// restEvents yields the events of an HTTP+JSON stream.
type restEvents struct {
	ps  *payloadStream
	e   *restEndpoint
	url string
}

func (s *restEvents) next() (Event, error) {
	for {
		data, err := s.ps.nextPayload()
		if err != nil {
			return Event{}, err
		}
		if len(data) == 0 {
			continue
		}
		var w struct {
			protoStreamResponse
			Error json.RawMessage `json:"error"`
		}
		if err := json.Unmarshal(data, &w); err != nil {
			return Event{}, invalidJSON("event", err)
		}
		if len(w.Error) > 0 && string(w.Error) != "null" {
			return Event{}, s.streamErr(data)
		}
		ev, ok, err := fromProtoStreamResponse(&w.protoStreamResponse, s.e.shape)
		if err != nil {
			return Event{}, err
		}
		if ok {
			return ev, nil
		}
	}
}

// streamErr reports an error the server sent as a stream event (a2a-go
// writes an AIP-193 Status as the last event when the task fails).
func (s *restEvents) streamErr(data []byte) error {
	info := parseRESTError(data)
	code := info.httpCode
	if code < 400 || code > 599 {
		code = http.StatusInternalServerError
	}
	msg := info.message
	if msg == "" {
		msg = string(data)
	}
	return &HTTPError{URL: s.url, StatusCode: code, Status: http.StatusText(code),
		Body: bodyExcerpt([]byte(msg), "text/plain"), Kind: info.kind(s.e.dialect, code, false, "")}
}

func (s *restEvents) close() error { return s.ps.close() }

// send, stream and get are the same in both REST bindings but for the
// JSON shape, which the endpoint knows; the bindings embed the endpoint
// and take them as they are.
func (e *restEndpoint) send(ctx context.Context, req *SendRequest) (*Result, error) {
	data, err := e.do(ctx, restCall{op: "send message", method: http.MethodPost, path: "/message:send",
		body: toProtoSendRequest(req, e.shape), taskPath: req.Message.TaskID != "", blocking: !req.NonBlocking})
	if err != nil {
		return nil, err
	}
	return decodeSendResponse(data, e.shape)
}

func (e *restEndpoint) stream(ctx context.Context, req *SendRequest) (eventSource, error) {
	return e.open(ctx, restCall{op: "stream message", method: http.MethodPost, path: "/message:stream",
		body: toProtoSendRequest(req, e.shape), taskPath: req.Message.TaskID != ""})
}

func (e *restEndpoint) get(ctx context.Context, taskID string, historyLength *int) (*Task, error) {
	q := url.Values{}
	if historyLength != nil {
		q.Set("historyLength", strconv.Itoa(*historyLength))
	}
	data, err := e.do(ctx, restCall{op: "get task", method: http.MethodGet, path: "/tasks/" + url.PathEscape(taskID), ids: taskPathIDs(taskID), query: q, taskPath: true})
	if err != nil {
		return nil, err
	}
	return decodeTask(data, e.shape)
}

// cancelTask, listTasks and the push-config calls below are, like send and
// get above, the same in both REST bindings but for the JSON shape (which
// the endpoint knows) and, for cancel and set (cancelTask,
// postPushConfig), the request body the binding's spec asks for.

func (e *restEndpoint) cancelTask(ctx context.Context, taskID string, body any) (*Task, error) {
	data, err := e.do(ctx, restCall{op: "cancel task", method: http.MethodPost, path: "/tasks/" + url.PathEscape(taskID) + ":cancel",
		ids: taskPathIDs(taskID), body: body, taskPath: true})
	if err != nil {
		return nil, err
	}
	return decodeTask(data, e.shape)
}

// listTasks is GET /tasks; errors come back unchanged, so that a binding
// can tell "no listing here" from a failure.
func (e *restEndpoint) listTasks(ctx context.Context, req ListTasksRequest) (*TaskPage, error) {
	q := url.Values{}
	if req.ContextID != "" {
		q.Set("contextId", req.ContextID)
	}
	if s := protoStateName(req.State, e.shape); s != "" {
		q.Set("status", s)
	}
	if req.PageSize > 0 {
		q.Set("pageSize", strconv.Itoa(req.PageSize))
	}
	if req.PageToken != "" {
		q.Set("pageToken", req.PageToken)
	}
	if req.HistoryLength != nil {
		q.Set("historyLength", strconv.Itoa(*req.HistoryLength))
	}
	data, err := e.do(ctx, restCall{op: "list tasks", method: http.MethodGet, path: "/tasks", query: q})
	if err != nil {
		return nil, err
	}
	return decodeTaskPage(data, e.shape)
}

func (e *restEndpoint) postPushConfig(ctx context.Context, taskID string, body any) (*PushConfig, error) {
	data, err := e.do(ctx, restCall{op: "set push notification config", method: http.MethodPost,
		path: pushConfigsPath(taskID, ""), ids: taskPathIDs(taskID), body: body, taskPath: true})
	if err != nil {
		return nil, err
	}
	return decodePushConfig(data)
}

func (e *restEndpoint) getPushConfig(ctx context.Context, taskID, configID string) (*PushConfig, error) {
	data, err := e.do(ctx, restCall{op: "get push notification config", method: http.MethodGet, path: pushConfigsPath(taskID, configID), ids: pushPathIDs(taskID, configID), taskPath: true})
	if err != nil {
		return nil, err
	}
	return decodePushConfig(data)
}

func (e *restEndpoint) listPushConfigs(ctx context.Context, taskID string) ([]PushConfig, error) {
	data, err := e.do(ctx, restCall{op: "list push notification configs", method: http.MethodGet, path: pushConfigsPath(taskID, ""), ids: taskPathIDs(taskID), taskPath: true})
	if err != nil {
		return nil, err
	}
	return decodePushConfigs(data, taskID)
}

func (e *restEndpoint) deletePushConfig(ctx context.Context, taskID, configID string) error {
	_, err := e.do(ctx, restCall{op: "delete push notification config", method: http.MethodDelete, path: pushConfigsPath(taskID, configID), ids: pushPathIDs(taskID, configID), taskPath: true})
	return err
}
