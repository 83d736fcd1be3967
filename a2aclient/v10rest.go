package a2aclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// The v1.0 HTTP+JSON binding (docs/specification.md §11 at v1.0.0):
// ProtoJSON bodies under /message:…, /tasks…, /extendedAgentCard, with
// the tenant as the first path segment when the interface names one.
// The shared HTTP+JSON plumbing (restEndpoint) lives here too; the v0.3
// binding in v03rest.go uses it with the /v1 prefix.

func init() { registerBinding(DialectV10REST, newV10REST) }

// v10REST takes send, stream, get, listTasks and the push-config reads
// from the endpoint it embeds; what differs from v0.3 is below.
type v10REST struct{ *restEndpoint }

func newV10REST(t *transport, iface Interface, _ *Agent) binding {
	base := strings.TrimRight(iface.URL, "/")
	var bad error
	if iface.Tenant != "" {
		base += "/" + escapePath(iface.Tenant)
		bad = checkPathID("tenant", iface.Tenant, true)
	}
	return &v10REST{&restEndpoint{
		t: t, base: base, bad: bad, dialect: DialectV10REST, shape: shapeV10,
		contentType: "application/a2a+json",
		accept:      "application/a2a+json, application/json",
		version:     "1.0",
	}}
}

func (b *v10REST) cancel(ctx context.Context, taskID string) (*Task, error) {
	return b.cancelTask(ctx, taskID, map[string]string{"id": taskID})
}

func (b *v10REST) resubscribe(ctx context.Context, taskID string) (eventSource, error) {
	return b.subscribe(ctx, "/tasks/"+url.PathEscape(taskID)+":subscribe", taskID, map[string]string{"id": taskID})
}

func (b *v10REST) setPushConfig(ctx context.Context, cfg PushConfig) (*PushConfig, error) {
	return b.postPushConfig(ctx, cfg.TaskID, toProtoPushConfig(cfg, ""))
}

func (b *v10REST) extendedCard(ctx context.Context) (*Agent, error) {
	return b.card(ctx, "/extendedAgentCard")
}

// pushConfigsPath is /tasks/{id}/pushNotificationConfigs[/{configId}].
func pushConfigsPath(taskID, configID string) string {
	p := "/tasks/" + url.PathEscape(taskID) + "/pushNotificationConfigs"
	if configID != "" {
		p += "/" + url.PathEscape(configID)
	}
	return p
}

// checkPathID refuses an id (a task's, a push config's, a tenant) that
// would move the request it is pasted into to another path: it is
// escaped, but a server or proxy that decodes "%2F" before it cleans the
// path reads "../x" as a step up, and "", "." or a "//" in it as a
// different route. A tenant may span several segments, none of them
// such; a task id is one segment. Such an id is no A2A id, whoever sent
// it (an agent's reply, a stored context, the command line).
func checkPathID(what, id string, multi bool) error {
	segs := []string{id}
	if multi {
		segs = strings.Split(strings.Trim(id, "/"), "/")
	} else if id != "" {
		segs = strings.Split(id, "/")
	}
	for _, s := range segs {
		if s == "" || s == "." || s == ".." {
			if id == "" {
				return fmt.Errorf("the %s is empty, and a request for it would go to another path; give the %s", what, what)
			}
			return fmt.Errorf("the %s %q cannot go in a URL path: a server would read %q in it as another path; check the %s", what, truncate(id, 80), s, what)
		}
	}
	return nil
}

func pushPathIDs(taskID, configID string) []pathID {
	return []pathID{{"task id", taskID}, {"push notification config id", configID}}
}

// escapePath escapes each segment of a tenant, which may span several
// ("locations/eu/projects/p1").
func escapePath(p string) string {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}

// ---- shared HTTP+JSON plumbing ----

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

// pathID is one id pasted into a restCall's path, and what it is.
type pathID struct{ what, id string }

func taskPathIDs(taskID string) []pathID { return []pathID{{"task id", taskID}} }

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

// restErrorInfo is what an error body said, whatever its shape:
// AIP-193 {"error":{code,status,message,details:[ErrorInfo]}},
// RFC 9457 problem+json {type,title,status,detail}, a bare
// {code,message}, or {"error":"…"}.
type restErrorInfo struct {
	message  string
	reason   string // ErrorInfo reason or problem type, UPPER_SNAKE_CASE
	rpcCode  int    // a JSON-RPC style code (-32001), 0 if none
	httpCode int    // the HTTP status the body claims, 0 if none
}

type restErrorBody struct {
	Error   json.RawMessage   `json:"error"`
	Code    json.RawMessage   `json:"code"`
	Status  json.RawMessage   `json:"status"`
	Message string            `json:"message"`
	Details []json.RawMessage `json:"details"`
	Data    json.RawMessage   `json:"data"`
	Type    string            `json:"type"`
	Title   string            `json:"title"`
	Detail  json.RawMessage   `json:"detail"`
}

func parseRESTError(body []byte) restErrorInfo {
	var info restErrorInfo
	var w restErrorBody
	if json.Unmarshal(body, &w) != nil {
		return info
	}
	var errStr string
	if len(w.Error) > 0 && w.Error[0] == '{' {
		inner := parseRESTError(w.Error)
		if inner.message != "" || inner.reason != "" || inner.rpcCode != 0 || inner.httpCode != 0 {
			return inner
		}
	} else if json.Unmarshal(w.Error, &errStr) == nil {
		info.message = errStr
	}
	var code int
	if json.Unmarshal(w.Code, &code) == nil {
		if code <= -32000 && code >= -32768 {
			info.rpcCode = code
		} else if code >= 100 && code <= 599 {
			info.httpCode = code
		}
	}
	if json.Unmarshal(w.Status, &code) == nil && code >= 100 && code <= 599 {
		info.httpCode = code
	}
	var detail string
	_ = json.Unmarshal(w.Detail, &detail)
	for _, m := range []string{w.Message, detail, w.Title} {
		if info.message == "" && strings.TrimSpace(m) != "" {
			info.message = m
		}
	}
	if w.Type != "" && w.Type != "about:blank" {
		slug := w.Type[strings.LastIndexAny(w.Type, "/#")+1:]
		info.reason = normalizeReason(slug)
	}
	details := w.Details
	var dataList []json.RawMessage
	if json.Unmarshal(w.Data, &dataList) == nil {
		details = append(details, dataList...)
	}
	for _, d := range details {
		var ei struct {
			Reason string `json:"reason"`
		}
		if json.Unmarshal(d, &ei) == nil && ei.Reason != "" {
			info.reason = normalizeReason(ei.Reason)
			break
		}
	}
	return info
}

// normalizeReason turns "task-not-found", "TaskNotFoundError" and
// "TASK_NOT_FOUND" alike into TASK_NOT_FOUND.
func normalizeReason(s string) string {
	var b strings.Builder
	var prev rune
	for _, r := range s {
		switch {
		case r == '-' || r == ' ' || r == '.':
			r = '_'
		case unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)):
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToUpper(r))
		prev = r
	}
	out := b.String()
	if out != "PARSE_ERROR" && out != "INTERNAL_ERROR" {
		out = strings.TrimSuffix(out, "_ERROR")
	}
	return out
}

var reasonKinds = map[string]error{
	"PARSE_ERROR":                        ErrParse,
	"INVALID_REQUEST":                    ErrInvalidRequest,
	"METHOD_NOT_FOUND":                   ErrMethodNotFound,
	"INVALID_PARAMS":                     ErrInvalidParams,
	"INTERNAL_ERROR":                     ErrInternal,
	"TASK_NOT_FOUND":                     ErrTaskNotFound,
	"TASK_NOT_CANCELABLE":                ErrTaskNotCancelable,
	"TASK_NOT_CANCELLABLE":               ErrTaskNotCancelable,
	"PUSH_NOTIFICATION_NOT_SUPPORTED":    ErrPushNotSupported,
	"UNSUPPORTED_OPERATION":              ErrUnsupportedOperation,
	"CONTENT_TYPE_NOT_SUPPORTED":         ErrContentTypeNotSupported,
	"UNSUPPORTED_CONTENT_TYPE":           ErrContentTypeNotSupported,
	"INVALID_AGENT_RESPONSE":             ErrInvalidAgentResponse,
	"EXTENDED_AGENT_CARD_NOT_CONFIGURED": ErrExtendedCardUnavailable,
	"VERSION_NOT_SUPPORTED":              ErrVersionNotSupported,
	"UNAUTHENTICATED":                    ErrUnauthenticated,
	"UNAUTHORIZED":                       ErrForbidden,
}

// mentionsTask matches "task" as a word. The request path is removed from
// the message first, so a framework's "Route GET:/tasks/task-1 not found"
// is not taken for a task-not-found answer.
var mentionsTask = regexp.MustCompile(`(?i)\btask\b`)

// kind names the A2A error. A bare 404 stays unnamed: the client reads it
// as "wrong dialect here" and tries the next one.
func (i restErrorInfo) kind(d Dialect, status int, taskPath bool, path string) error {
	if k := reasonKinds[i.reason]; k != nil {
		return k
	}
	if i.rpcCode != 0 {
		if k := rpcCodeKind(d, i.rpcCode); k != nil {
			return k
		}
	}
	if status == http.StatusNotFound && taskPath && path != "" {
		msg := i.message
		if unescaped, err := url.PathUnescape(path); err == nil {
			msg = strings.ReplaceAll(msg, unescaped, "")
		}
		if mentionsTask.MatchString(strings.ReplaceAll(msg, path, "")) {
			return ErrTaskNotFound
		}
	}
	return nil
}

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
