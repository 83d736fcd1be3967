package demoagent

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// JSON-RPC 2.0 envelope shared by the v0.1, v0.2, v0.3 and v1.0 bindings.

const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternal       = -32603
	codeTaskNotFound   = -32001
	codeNotCancelable  = -32002
	codeUnsupported    = -32004
)

type rpcRequest struct {
	id     json.RawMessage // echoed verbatim; "null" when absent or unusable
	method string
	params json.RawMessage
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

type rpcSuccess struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result"`
}

type rpcFailure struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *rpcError       `json:"error"`
}

var nullID = json.RawMessage("null")

// rpcCall is what a method handler gets: the request, and ways to answer.
type rpcCall struct {
	ctx  context.Context
	w    http.ResponseWriter
	r    *http.Request
	req  rpcRequest
	base string
	d    *rpcDialect
}

type rpcMethod func(c *rpcCall)

// rpcDialect is one JSON-RPC binding: its method table and how its errors
// look. Unknown methods get -32601, which is how clients probe dialects.
type rpcDialect struct {
	methods map[string]rpcMethod
	// errorInfo adds the v1.0 google.rpc.ErrorInfo array as error data.
	errorInfo bool
}

func (d *rpcDialect) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !allowMethods(w, r, http.MethodPost) {
		return
	}
	c := &rpcCall{ctx: r.Context(), w: w, r: r, base: baseURL(r), d: d, req: rpcRequest{id: nullID}}
	body, err := readBody(r)
	if err != nil {
		c.fail(codeInvalidRequest, "cannot read request body: "+err.Error())
		return
	}
	req, rerr := parseRPC(body)
	c.req = req
	if rerr != nil {
		c.fail(rerr.Code, rerr.Message)
		return
	}
	m, ok := d.methods[req.method]
	if !ok {
		c.fail(codeMethodNotFound, "method not found: "+req.method)
		return
	}
	m(c)
}

func parseRPC(body []byte) (rpcRequest, *rpcError) {
	req := rpcRequest{id: nullID}
	body = bytes.TrimSpace(body)
	if !json.Valid(body) {
		return req, &rpcError{Code: codeParseError, Message: "invalid JSON payload"}
	}
	if len(body) > 0 && body[0] == '[' {
		return req, &rpcError{Code: codeInvalidRequest, Message: "batch requests are not supported"}
	}
	var env struct {
		JSONRPC *string         `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  *string         `json:"method"`
		Params  json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		return req, &rpcError{Code: codeInvalidRequest, Message: "request is not a JSON-RPC object"}
	}
	if len(env.ID) > 0 {
		switch env.ID[0] {
		case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'n':
			req.id = env.ID
		default:
			return req, &rpcError{Code: codeInvalidRequest, Message: "id must be a string, number or null"}
		}
	}
	if env.JSONRPC == nil || *env.JSONRPC != "2.0" {
		return req, &rpcError{Code: codeInvalidRequest, Message: `"jsonrpc" must be "2.0"`}
	}
	if env.Method == nil || *env.Method == "" {
		return req, &rpcError{Code: codeInvalidRequest, Message: `"method" is required`}
	}
	req.method = *env.Method
	req.params = env.Params
	return req, nil
}

// params decodes the request's params into v, answering -32602 on failure.
func (c *rpcCall) params(v any) bool {
	p := bytes.TrimSpace(c.req.params)
	if len(p) == 0 || bytes.Equal(p, []byte("null")) {
		c.fail(codeInvalidParams, "params are required")
		return false
	}
	if p[0] != '{' {
		c.fail(codeInvalidParams, "params must be an object")
		return false
	}
	if err := json.Unmarshal(p, v); err != nil {
		c.fail(codeInvalidParams, "invalid params: "+err.Error())
		return false
	}
	return true
}

func (c *rpcCall) reply(result any) {
	writeJSON(c.w, http.StatusOK, rpcSuccess{JSONRPC: "2.0", ID: c.req.id, Result: result})
}

func (c *rpcCall) fail(code int, msg string) {
	writeJSON(c.w, http.StatusOK, rpcFailure{JSONRPC: "2.0", ID: c.req.id, Error: c.d.errorObject(code, msg)})
}

func (c *rpcCall) failOp(err *opError) {
	c.fail(rpcCode(err.kind), err.msg)
}

// answer replies with encode(v), or with err when the operation failed:
// the end of most methods.
func answer[V, R any](c *rpcCall, v V, err *opError, encode func(V) R) {
	if err != nil {
		c.failOp(err)
		return
	}
	c.reply(encode(v))
}

func (d *rpcDialect) errorObject(code int, msg string) *rpcError {
	e := &rpcError{Code: code, Message: msg}
	if d != nil && d.errorInfo {
		e.Data = []any{errorInfo(rpcReason(code))}
	}
	return e
}

func rpcCode(k errKind) int {
	switch k {
	case errInvalidParams:
		return codeInvalidParams
	case errTaskNotFound, errPushNotFound:
		return codeTaskNotFound
	case errNotCancelable:
		return codeNotCancelable
	case errUnsupported:
		return codeUnsupported
	}
	return codeInternal
}

func rpcReason(code int) string {
	switch code {
	case codeParseError:
		return "PARSE_ERROR"
	case codeInvalidRequest:
		return "INVALID_REQUEST"
	case codeMethodNotFound:
		return "METHOD_NOT_FOUND"
	case codeInvalidParams:
		return "INVALID_PARAMS"
	case codeTaskNotFound:
		return "TASK_NOT_FOUND"
	case codeNotCancelable:
		return "TASK_NOT_CANCELABLE"
	case codeUnsupported:
		return "UNSUPPORTED_OPERATION"
	}
	return "INTERNAL"
}

// errorInfo is the google.rpc.ErrorInfo detail v1.0 attaches to errors.
func errorInfo(reason string) map[string]any {
	return map[string]any{
		"@type":  "type.googleapis.com/google.rpc.ErrorInfo",
		"reason": reason,
		"domain": "a2a-protocol.org",
	}
}

// stream answers with SSE: first, then the task's log from res.from, each
// wrapped by encode into a JSON-RPC response with the request's id.
func (c *rpcCall) stream(first any, a *Agent, res sendResult, encode func(event) any) {
	s := startSSE(c.w)
	wrap := func(v any) error { return s.send(rpcSuccess{JSONRPC: "2.0", ID: c.req.id, Result: v}) }
	if first != nil {
		if wrap(first) != nil {
			return
		}
	}
	if res.task == nil {
		return
	}
	_ = a.follow(c.ctx, res.task, res.from, func(e event) error { return wrap(encode(e)) })
}
