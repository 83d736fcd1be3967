package demoagent

import (
	"net/http"
	"strconv"
	"strings"
)

// The HTTP+JSON bindings of v0.3 (under /v1) and v1.0 share their routes,
// differing in the JSON of their objects (restCodec) and a few paths.

// sendInput is a decoded send request with its configuration.
type sendInput struct {
	req      sendRequest
	hist     int
	blocking bool
	push     *pushConfig
}

type restCodec interface {
	decodeSend(body []byte) (sendInput, error)
	decodePush(body []byte) (pushConfig, error)
	task(v taskView) any
	message(m message) any
	// event wraps a log entry as a StreamResponse.
	event(taskID, contextID string, e event) any
	push(taskID string, c pushConfig) any
	pushList(taskID string, cs []pushConfig) any
}

type restDialect struct {
	agent    *Agent
	prefix   string // path before /message:send, e.g. /v0.3/rest/v1
	codec    restCodec
	cardPath string // extended card path below prefix
	card     func(base string) any
	// listTasks is nil where the binding has no GET /tasks (v0.3).
	listTasks func(w http.ResponseWriter, r *http.Request)
	// settledSubscribeFails: v1.0 refuses to subscribe to a finished task.
	settledSubscribeFails bool
}

func (d *restDialect) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, d.prefix)
	if !ok {
		restError(w, http.StatusNotFound, "NOT_FOUND", "no such route: "+r.URL.Path)
		return
	}
	base := baseURL(r)
	switch {
	case rest == "/message:send":
		if allowMethods(w, r, http.MethodPost) {
			d.send(w, r, base, false)
		}
	case rest == "/message:stream":
		if allowMethods(w, r, http.MethodPost) {
			d.send(w, r, base, true)
		}
	case rest == d.cardPath:
		if allowMethods(w, r, http.MethodGet) {
			writeJSON(w, http.StatusOK, d.card(base))
		}
	case rest == "/tasks" && d.listTasks != nil:
		if allowMethods(w, r, http.MethodGet) {
			d.listTasks(w, r)
		}
	case strings.HasPrefix(rest, "/tasks/"):
		d.taskRoute(w, r, strings.TrimPrefix(rest, "/tasks/"))
	default:
		restError(w, http.StatusNotFound, "NOT_FOUND", "no such route: "+r.URL.Path)
	}
}

// taskRoute serves /tasks/{id}, /tasks/{id}:cancel, /tasks/{id}:subscribe and
// /tasks/{id}/pushNotificationConfigs[/{configId}].
func (d *restDialect) taskRoute(w http.ResponseWriter, r *http.Request, rest string) {
	id, sub, hasSub := strings.Cut(rest, "/")
	if hasSub {
		d.pushRoute(w, r, id, sub)
		return
	}
	switch {
	case strings.HasSuffix(id, ":cancel"):
		if allowMethods(w, r, http.MethodPost) {
			v, err := d.agent.cancel(strings.TrimSuffix(id, ":cancel"))
			d.answer(w, v, err)
		}
	case strings.HasSuffix(id, ":subscribe"):
		// The spec text says POST, the proto annotation GET: take both.
		if allowMethods(w, r, http.MethodPost, http.MethodGet) {
			d.subscribe(w, r, strings.TrimSuffix(id, ":subscribe"))
		}
	default:
		if !allowMethods(w, r, http.MethodGet) {
			return
		}
		hist := -1
		if s := r.URL.Query().Get("historyLength"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil {
				restError(w, http.StatusBadRequest, "INVALID_ARGUMENT", "historyLength must be an integer")
				return
			}
			hist = historyParam(&n)
		}
		v, err := d.agent.getTask(id, hist)
		d.answer(w, v, err)
	}
}

func (d *restDialect) pushRoute(w http.ResponseWriter, r *http.Request, taskID, sub string) {
	a := d.agent
	coll, cfgID, one := strings.Cut(sub, "/")
	if coll != "pushNotificationConfigs" || (one && cfgID == "") {
		restError(w, http.StatusNotFound, "NOT_FOUND", "no such route: "+r.URL.Path)
		return
	}
	if one {
		if !allowMethods(w, r, http.MethodGet, http.MethodDelete) {
			return
		}
		if r.Method == http.MethodDelete {
			if err := a.deletePush(taskID, cfgID); err != nil {
				restOpError(w, err)
				return
			}
			writeJSON(w, http.StatusOK, map[string]any{})
			return
		}
		c, err := a.getPush(taskID, cfgID)
		restAnswer(w, c, err, d.pushOf(taskID))
		return
	}
	if !allowMethods(w, r, http.MethodGet, http.MethodPost) {
		return
	}
	if r.Method == http.MethodGet {
		cs, err := a.listPush(taskID)
		restAnswer(w, cs, err, func(cs []pushConfig) any { return d.codec.pushList(taskID, cs) })
		return
	}
	cfg, ok := decodeRequest(w, r, d.codec.decodePush)
	if !ok {
		return
	}
	c, oerr := a.setPush(taskID, cfg)
	restAnswer(w, c, oerr, d.pushOf(taskID))
}

// pushOf writes a config of taskID in the dialect's form.
func (d *restDialect) pushOf(taskID string) func(pushConfig) any {
	return func(c pushConfig) any { return d.codec.push(taskID, c) }
}

func (d *restDialect) send(w http.ResponseWriter, r *http.Request, base string, stream bool) {
	in, ok := decodeRequest(w, r, d.codec.decodeSend)
	if !ok {
		return
	}
	res, oerr := d.agent.protoSend(in, base)
	if oerr != nil {
		restOpError(w, oerr)
		return
	}
	if stream {
		d.stream(w, r, res)
		return
	}
	if reply, ok := d.agent.protoAnswer(r.Context(), d.codec, in, res); ok {
		writeJSON(w, http.StatusOK, reply)
	}
}

func (d *restDialect) subscribe(w http.ResponseWriter, r *http.Request, id string) {
	res, err := d.agent.subscribe(id)
	if err != nil {
		restOpError(w, err)
		return
	}
	if d.settledSubscribeFails && res.first.status.state.terminal() {
		restOpError(w, opErr(errUnsupported, "task %s is %s; there is nothing to subscribe to", id, res.first.status.state))
		return
	}
	d.stream(w, r, res)
}

// stream writes bare StreamResponse objects: the task or message first,
// then the task's updates until it settles.
func (d *restDialect) stream(w http.ResponseWriter, r *http.Request, res sendResult) {
	s := startSSE(w)
	if res.reply != nil {
		_ = s.send(map[string]any{"message": d.codec.message(*res.reply)})
		return
	}
	v := res.first
	if s.send(map[string]any{"task": d.codec.task(v)}) != nil {
		return
	}
	_ = d.agent.follow(r.Context(), res.task, res.from, func(e event) error {
		return s.send(d.codec.event(v.id, v.contextID, e))
	})
}

func (d *restDialect) answer(w http.ResponseWriter, v taskView, err *opError) {
	restAnswer(w, v, err, d.codec.task)
}

// decodeRequest reads a request's body and decodes it; what is wrong
// with either is answered as INVALID_ARGUMENT.
func decodeRequest[T any](w http.ResponseWriter, r *http.Request, decode func([]byte) (T, error)) (T, bool) {
	var v T
	body, err := readBody(r)
	if err == nil {
		v, err = decode(body)
	}
	if err != nil {
		restError(w, http.StatusBadRequest, "INVALID_ARGUMENT", err.Error())
		return v, false
	}
	return v, true
}

// restAnswer writes encode(v) as the reply, or err when the operation
// failed.
func restAnswer[V, R any](w http.ResponseWriter, v V, err *opError, encode func(V) R) {
	if err != nil {
		restOpError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, encode(v))
}

// restError writes the google.rpc.Status shape (AIP-193) that the v1.0
// HTTP+JSON binding specifies; v0.3 servers in the wild use it too.
func restError(w http.ResponseWriter, code int, status, msg string) {
	writeJSON(w, code, map[string]any{"error": map[string]any{
		"code": code, "status": status, "message": msg,
		"details": []any{errorInfo(restReason(status))},
	}})
}

func restReason(status string) string {
	if status == "INVALID_ARGUMENT" {
		return "INVALID_PARAMS"
	}
	return status
}

func restOpError(w http.ResponseWriter, err *opError) {
	code, status, reason := http.StatusInternalServerError, "INTERNAL", "INTERNAL"
	switch err.kind {
	case errInvalidParams:
		code, status, reason = http.StatusBadRequest, "INVALID_ARGUMENT", "INVALID_PARAMS"
	case errTaskNotFound, errPushNotFound:
		code, status, reason = http.StatusNotFound, "NOT_FOUND", "TASK_NOT_FOUND"
	case errNotCancelable:
		code, status, reason = http.StatusConflict, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE"
	case errUnsupported:
		code, status, reason = http.StatusBadRequest, "UNIMPLEMENTED", "UNSUPPORTED_OPERATION"
	}
	writeJSON(w, code, map[string]any{"error": map[string]any{
		"code": code, "status": status, "message": err.msg,
		"details": []any{errorInfo(reason)},
	}})
}
