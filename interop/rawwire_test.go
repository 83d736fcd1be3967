package interop

// Raw-HTTP A2A for the smoke tests: each wire dialect spoken by hand with
// net/http, encoding/json and a line-by-line SSE reader, deliberately
// without parley's a2aclient, so the smoke tests check the peers (and
// document their wire), not our client.

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// dialect is one protocol version + binding combination.
type dialect int

const (
	// JSON-RPC v0.3: methods message/send, message/stream, tasks/get,
	// tasks/cancel, tasks/resubscribe; results are bare objects told apart
	// by "kind"; parts {"kind":"text","text"}; roles "user"/"agent"; states
	// lower-case ("input-required").
	jsonrpc03 dialect = iota
	// HTTP+JSON v0.3 (only the a2av0 compat layer serves it): POST
	// {base}/v1/message:send, /v1/message:stream, GET /v1/tasks/{id},
	// POST /v1/tasks/{id}:cancel, /v1/tasks/{id}:subscribe; proto-JSON:
	// wrapper keys task/message/statusUpdate/artifactUpdate, message parts
	// under "content", roles ROLE_*, states TASK_STATE_*.
	rest03
	// JSON-RPC v1.0: methods SendMessage, SendStreamingMessage, GetTask,
	// CancelTask, SubscribeToTask; send/stream results wrapped in
	// {task|message|statusUpdate|artifactUpdate}; flat parts {"text"};
	// roles ROLE_*; states TASK_STATE_*.
	jsonrpc10
	// HTTP+JSON v1.0: POST {base}/message:send, /message:stream,
	// GET /tasks/{id}, POST /tasks/{id}:cancel, /tasks/{id}:subscribe;
	// same JSON as JSON-RPC v1.0 without the envelope.
	rest10
)

func (d dialect) String() string {
	return [...]string{"jsonrpc-0.3", "rest-0.3", "jsonrpc-1.0", "rest-1.0"}[d]
}

func (d dialect) isJSONRPC() bool { return d == jsonrpc03 || d == jsonrpc10 }

// binding is one endpoint of a peer spoken in one dialect.
type binding struct {
	Peer    peer
	Dialect dialect
	URL     string // JSON-RPC endpoint, or REST base URL
}

func (b binding) Name() string { return b.Peer.Name + " " + b.Dialect.String() }

// bindingsOf lists every binding a peer serves.
func bindingsOf(p peer) []binding {
	var bs []binding
	for _, c := range []struct {
		d   dialect
		url string
	}{{jsonrpc03, p.JSONRPC03}, {rest03, p.REST03}, {jsonrpc10, p.JSONRPC10}, {rest10, p.REST10}} {
		if c.url != "" {
			bs = append(bs, binding{Peer: p, Dialect: c.d, URL: c.url})
		}
	}
	return bs
}

// userMsg is a user message to send.
type userMsg struct {
	Text      string
	TaskID    string
	ContextID string
}

var rpcIDs atomic.Int64

func newMessageID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "parley-" + hex.EncodeToString(b[:])
}

// sendParams builds message/send params in the binding's dialect.
func (b binding) sendParams(m userMsg) map[string]any {
	msg := map[string]any{"messageId": newMessageID()}
	switch b.Dialect {
	case jsonrpc03:
		msg["kind"] = "message"
		msg["role"] = "user"
		msg["parts"] = []any{map[string]any{"kind": "text", "text": m.Text}}
	case rest03:
		msg["role"] = "ROLE_USER"
		msg["content"] = []any{map[string]any{"text": m.Text}}
	case jsonrpc10, rest10:
		msg["role"] = "ROLE_USER"
		msg["parts"] = []any{map[string]any{"text": m.Text}}
	}
	if m.TaskID != "" {
		msg["taskId"] = m.TaskID
	}
	if m.ContextID != "" {
		msg["contextId"] = m.ContextID
	}
	params := map[string]any{"message": msg}
	if b.Dialect == jsonrpc03 || b.Dialect == rest03 {
		// v0.3 servers differ on the default; v1.0 blocks by default.
		params["configuration"] = map[string]any{"blocking": true}
	}
	return params
}

// rawResponse is a complete non-streaming HTTP response.
type rawResponse struct {
	Status      int
	ContentType string
	Body        []byte
}

// newRequest builds one HTTP request with the headers of the binding's
// dialect. v1.0 requests carry A2A-Version: 1.0 (the v2 peers accept them
// without it too); v1.0 REST bodies are application/a2a+json.
func (b binding) newRequest(ctx context.Context, method, url string, body any, stream bool) (*http.Request, error) {
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return nil, err
	}
	if body != nil {
		if b.Dialect == rest10 {
			req.Header.Set("Content-Type", "application/a2a+json")
		} else {
			req.Header.Set("Content-Type", "application/json")
		}
	}
	if b.Dialect == jsonrpc10 || b.Dialect == rest10 {
		req.Header.Set("A2A-Version", "1.0")
	}
	if stream {
		req.Header.Set("Accept", "text/event-stream")
	} else {
		req.Header.Set("Accept", "application/json")
	}
	return req, nil
}

// roundTrip does one non-streaming request. Like every helper here it gives
// up after patience instead of hanging the test binary.
func (b binding) roundTrip(t testing.TB, method, url string, body any) rawResponse {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), patience)
	defer cancel()
	req, err := b.newRequest(ctx, method, url, body, false)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	resp, err := b.Peer.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: read body: %v", method, url, err)
	}
	return rawResponse{Status: resp.StatusCode, ContentType: resp.Header.Get("Content-Type"), Body: data}
}

// rpcEnvelope is a JSON-RPC 2.0 response.
type rpcEnvelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Code    int             `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	} `json:"error"`
}

// wireError is an error as a peer put it on the wire, in any dialect.
type wireError struct {
	HTTPStatus  int
	ContentType string
	Code        int             // JSON-RPC error code, or REST error.code (= HTTP status)
	Status      string          // REST error.status (google.rpc code name: NOT_FOUND...)
	Reason      string          // ErrorInfo reason (TASK_NOT_FOUND...) when the peer sends one
	Message     string          // error message
	Data        json.RawMessage // JSON-RPC error.data / REST error.details, raw
}

func (e *wireError) String() string {
	if e == nil {
		return "<nil>"
	}
	return fmt.Sprintf("http %d code %d %s %s: %s", e.HTTPStatus, e.Code, e.Status, e.Reason, e.Message)
}

// rpc posts one JSON-RPC request and splits the envelope.
func (b binding) rpc(t testing.TB, method string, params any) (json.RawMessage, *wireError, rawResponse) {
	t.Helper()
	id := rpcIDs.Add(1)
	raw := b.roundTrip(t, http.MethodPost, b.URL, map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	res, werr := parseRPCEnvelope(t, raw.Body, id)
	if werr != nil {
		werr.HTTPStatus, werr.ContentType = raw.Status, raw.ContentType
	}
	return res, werr, raw
}

func parseRPCEnvelope(t testing.TB, body []byte, id int64) (json.RawMessage, *wireError) {
	t.Helper()
	var env rpcEnvelope
	if err := json.Unmarshal(body, &env); err != nil {
		t.Fatalf("JSON-RPC response is not JSON: %v: %s", err, body)
	}
	if env.JSONRPC != "2.0" {
		t.Errorf("JSON-RPC response jsonrpc = %q: %s", env.JSONRPC, body)
	}
	if string(env.ID) != fmt.Sprint(id) {
		t.Errorf("JSON-RPC response id = %s, want %d", env.ID, id)
	}
	if env.Error != nil {
		return nil, &wireError{Code: env.Error.Code, Message: env.Error.Message, Data: env.Error.Data, Reason: errorInfoReason(env.Error.Data)}
	}
	return env.Result, nil
}

// restError parses a REST error body: {"error":{"code","status","message","details"}}
// (google.rpc.Status shape, details carrying a google.rpc.ErrorInfo).
func restError(t testing.TB, raw rawResponse) *wireError {
	t.Helper()
	var body struct {
		Error struct {
			Code    int             `json:"code"`
			Status  string          `json:"status"`
			Message string          `json:"message"`
			Details json.RawMessage `json:"details"`
		} `json:"error"`
	}
	if err := json.Unmarshal(raw.Body, &body); err != nil {
		// Not every REST error is JSON: an unknown route is Go's plain
		// "404 page not found".
		return &wireError{HTTPStatus: raw.Status, ContentType: raw.ContentType, Message: strings.TrimSpace(string(raw.Body))}
	}
	e := body.Error
	return &wireError{HTTPStatus: raw.Status, ContentType: raw.ContentType, Code: e.Code, Status: e.Status,
		Message: e.Message, Data: e.Details, Reason: errorInfoReason(e.Details)}
}

// errorInfoReason digs the ErrorInfo reason out of JSON-RPC data or REST
// details when they are a list of typed details (v2 peers); v0.3 peers send
// data as {"error": "..."} and no reason.
func errorInfoReason(data json.RawMessage) string {
	var details []struct {
		Type   string `json:"@type"`
		Reason string `json:"reason"`
	}
	if json.Unmarshal(data, &details) != nil {
		return ""
	}
	for _, d := range details {
		if strings.HasSuffix(d.Type, "google.rpc.ErrorInfo") {
			return d.Reason
		}
	}
	return ""
}

// send does a blocking message/send (SendMessage, POST message:send).
func (b binding) send(t testing.TB, m userMsg) (wireEvent, *wireError) {
	t.Helper()
	switch b.Dialect {
	case jsonrpc03, jsonrpc10:
		method := map[dialect]string{jsonrpc03: "message/send", jsonrpc10: "SendMessage"}[b.Dialect]
		res, werr, _ := b.rpc(t, method, b.sendParams(m))
		if werr != nil {
			return wireEvent{}, werr
		}
		return parseEvent(t, b.Dialect, res), nil
	default:
		raw := b.roundTrip(t, http.MethodPost, b.restPath("/message:send"), b.sendParams(m))
		if raw.Status != http.StatusOK {
			return wireEvent{}, restError(t, raw)
		}
		return parseEvent(t, b.Dialect, raw.Body), nil
	}
}

// get fetches a task (tasks/get, GetTask, GET tasks/{id}).
func (b binding) get(t testing.TB, taskID string) (wireEvent, *wireError) {
	t.Helper()
	switch b.Dialect {
	case jsonrpc03, jsonrpc10:
		method := map[dialect]string{jsonrpc03: "tasks/get", jsonrpc10: "GetTask"}[b.Dialect]
		res, werr, _ := b.rpc(t, method, map[string]any{"id": taskID})
		if werr != nil {
			return wireEvent{}, werr
		}
		return parseTaskResult(t, b.Dialect, res), nil
	default:
		raw := b.roundTrip(t, http.MethodGet, b.restPath("/tasks/"+taskID), nil)
		if raw.Status != http.StatusOK {
			return wireEvent{}, restError(t, raw)
		}
		return parseTaskResult(t, b.Dialect, raw.Body), nil
	}
}

// cancel cancels a task (tasks/cancel, CancelTask, POST tasks/{id}:cancel).
func (b binding) cancel(t testing.TB, taskID string) (wireEvent, *wireError) {
	t.Helper()
	switch b.Dialect {
	case jsonrpc03, jsonrpc10:
		method := map[dialect]string{jsonrpc03: "tasks/cancel", jsonrpc10: "CancelTask"}[b.Dialect]
		res, werr, _ := b.rpc(t, method, map[string]any{"id": taskID})
		if werr != nil {
			return wireEvent{}, werr
		}
		return parseTaskResult(t, b.Dialect, res), nil
	default:
		raw := b.roundTrip(t, http.MethodPost, b.restPath("/tasks/"+taskID+":cancel"), map[string]any{})
		if raw.Status != http.StatusOK {
			return wireEvent{}, restError(t, raw)
		}
		return parseTaskResult(t, b.Dialect, raw.Body), nil
	}
}

// stream opens message/stream (SendStreamingMessage, POST message:stream).
func (b binding) stream(t testing.TB, m userMsg) *eventStream {
	t.Helper()
	switch b.Dialect {
	case jsonrpc03, jsonrpc10:
		method := map[dialect]string{jsonrpc03: "message/stream", jsonrpc10: "SendStreamingMessage"}[b.Dialect]
		return b.openRPCStream(t, method, b.sendParams(m))
	default:
		return b.openRESTStream(t, http.MethodPost, b.restPath("/message:stream"), b.sendParams(m))
	}
}

// resubscribe reopens a task's event stream (tasks/resubscribe,
// SubscribeToTask, POST tasks/{id}:subscribe; the peers take GET too).
func (b binding) resubscribe(t testing.TB, taskID string) *eventStream {
	t.Helper()
	s, err := b.openResubscribe(t.Context(), taskID)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.close)
	return s
}

// openResubscribe is resubscribe without a testing.TB, for use off the test
// goroutine; the caller closes the stream.
func (b binding) openResubscribe(ctx context.Context, taskID string) (*eventStream, error) {
	switch b.Dialect {
	case jsonrpc03, jsonrpc10:
		method := map[dialect]string{jsonrpc03: "tasks/resubscribe", jsonrpc10: "SubscribeToTask"}[b.Dialect]
		id := rpcIDs.Add(1)
		return b.openStream(ctx, http.MethodPost, b.URL, map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": map[string]any{"id": taskID}}, id)
	default:
		return b.openStream(ctx, http.MethodPost, b.restPath("/tasks/"+taskID+":subscribe"), nil, 0)
	}
}

// restPath is a REST route under the binding's base; v0.3 routes carry the
// spec's "/v1" prefix, v1.0 routes none.
func (b binding) restPath(route string) string {
	if b.Dialect == rest03 {
		return b.URL + "/v1" + route
	}
	return b.URL + route
}

func (b binding) openRPCStream(t testing.TB, method string, params any) *eventStream {
	t.Helper()
	id := rpcIDs.Add(1)
	s, err := b.openStream(t.Context(), http.MethodPost, b.URL, map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params}, id)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.close)
	return s
}

func (b binding) openRESTStream(t testing.TB, method, url string, body any) *eventStream {
	t.Helper()
	s, err := b.openStream(t.Context(), method, url, body, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.close)
	return s
}

// openStream sends a streaming request and checks that an SSE stream
// starts. A watchdog cancels the request when the peer sends nothing for
// patience (go-v03 sends no headers before the first event, so the watchdog
// covers the wait for headers too).
func (b binding) openStream(ctx context.Context, method, url string, body any, rpcID int64) (*eventStream, error) {
	ctx, cancel := context.WithCancel(ctx)
	s := &eventStream{b: b, rpcID: rpcID, cancel: cancel}
	s.idle = time.AfterFunc(patience, func() {
		s.stalled.Store(true)
		cancel()
	})
	req, err := b.newRequest(ctx, method, url, body, true)
	if err == nil {
		s.Resp, err = b.Peer.Client().Do(req)
	}
	if err != nil {
		s.close()
		return nil, fmt.Errorf("%s %s: %w", method, url, s.explain(err))
	}
	s.sse = bufio.NewReader(s.Resp.Body)
	if s.Resp.StatusCode != http.StatusOK || !strings.HasPrefix(s.Resp.Header.Get("Content-Type"), "text/event-stream") {
		data, _ := io.ReadAll(s.Resp.Body)
		s.close()
		return nil, fmt.Errorf("%s %s: want 200 text/event-stream, got %d %q: %s", method, url, s.Resp.StatusCode, s.Resp.Header.Get("Content-Type"), data)
	}
	return s, nil
}
