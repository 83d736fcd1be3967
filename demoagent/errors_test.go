package demoagent

import (
	"net/http"
	"strings"
	"testing"
)

type rpcEndpoint struct {
	name    string
	path    string
	get     string // the get-task method
	cancel  string
	send    string
	sendArg func(text, taskID string) obj
	header  http.Header
}

func rpcEndpoints() []rpcEndpoint {
	kindArg := func(text, taskID string) obj {
		m := obj{"messageId": nextID("m"), "role": "user", "parts": []any{obj{"kind": "text", "text": text}}}
		if taskID != "" {
			m["taskId"] = taskID
		}
		return obj{"message": m}
	}
	return []rpcEndpoint{
		{"v0.1", "/v0.1/", "tasks/get", "tasks/cancel", "tasks/send", func(text, taskID string) obj {
			if taskID == "" {
				taskID = nextID("v01")
			}
			return obj{"id": taskID, "message": obj{"role": "user", "parts": []any{obj{"type": "text", "text": text}}}}
		}, nil},
		{"v0.2", "/v0.2/", "tasks/get", "tasks/cancel", "message/send", kindArg, nil},
		{"v0.3", "/v0.3/jsonrpc", "tasks/get", "tasks/cancel", "message/send", kindArg, nil},
		{"secure", "/secure/", "tasks/get", "tasks/cancel", "message/send", kindArg, http.Header{"X-Api-Key": {"demo-key"}}},
		{"v1.0", "/v1.0/jsonrpc", "GetTask", "CancelTask", "SendMessage", func(text, taskID string) obj {
			m := obj{"messageId": nextID("m"), "role": "ROLE_USER", "parts": []any{obj{"text": text}}}
			if taskID != "" {
				m["taskId"] = taskID
			}
			return obj{"message": m}
		}, nil},
	}
}

func TestJSONRPCErrors(t *testing.T) {
	srv := newServer(t)
	for _, e := range rpcEndpoints() {
		t.Run(e.name, func(t *testing.T) {
			url := srv.URL + e.path
			call := func(method string, params any) obj { return rpc(t, url, method, params, e.header) }

			must(t, rpcErrorCode(t, call("no/such/method", obj{})) == codeMethodNotFound, "unknown method")
			must(t, rpcErrorCode(t, call(e.get, obj{"id": "missing"})) == codeTaskNotFound, "missing task")
			must(t, rpcErrorCode(t, call(e.get, "not an object")) == codeInvalidParams, "params not an object")
			must(t, rpcErrorCode(t, call(e.send, obj{})) == codeInvalidParams, "send without a message")

			res := call(e.send, e.sendArg("hello", ""))
			must(t, res["error"] == nil, "send: %v", res["error"])
			id := str(res, "result", "id") + str(res, "result", "task", "id")
			must(t, rpcErrorCode(t, call(e.cancel, obj{"id": id})) == codeNotCancelable, "cancel a completed task")

			// Raw bodies: bad JSON, not JSON-RPC, a text/plain Content-Type.
			raw := func(body string, ct string) obj {
				h := http.Header{"Content-Type": {ct}}
				for k, v := range e.header {
					h[k] = v
				}
				return jsonBody(t, do(t, http.MethodPost, url, body, h))
			}
			m := raw(`{"jsonrpc":"2.0","id":1,"method":`, "application/json")
			must(t, rpcErrorCode(t, m) == codeParseError && m["id"] == nil, "parse error %v", m)
			m = raw(`{"id":"x","method":"`+e.get+`","params":{"id":"a"}}`, "application/json")
			must(t, rpcErrorCode(t, m) == codeInvalidRequest && m["id"] == "x", "missing jsonrpc %v", m)
			m = raw(`{"jsonrpc":"2.0","id":"str-id","method":"`+e.get+`","params":{"id":"`+id+`"}}`, "text/plain")
			must(t, m["error"] == nil && m["id"] == "str-id", "text/plain request %v", m)

			resp := do(t, http.MethodGet, url, nil, e.header)
			must(t, resp.StatusCode == http.StatusMethodNotAllowed, "GET status %d", resp.StatusCode)
		})
	}
}

func TestSendToUnknownOrFinishedTask(t *testing.T) {
	srv := newServer(t)
	for _, e := range rpcEndpoints()[1:] { // v0.1 creates tasks with the client's id
		t.Run(e.name, func(t *testing.T) {
			url := srv.URL + e.path
			must(t, rpcErrorCode(t, rpc(t, url, e.send, e.sendArg("hi", "no-such-task"), e.header)) == codeTaskNotFound, "unknown task")
			res := rpc(t, url, e.send, e.sendArg("hello", ""), e.header)
			id := str(res, "result", "id") + str(res, "result", "task", "id")
			m := rpc(t, url, e.send, e.sendArg("more", id), e.header)
			must(t, rpcErrorCode(t, m) == codeUnsupported, "message to a completed task: %v", m)
		})
	}
}

func TestV10ErrorsCarryErrorInfo(t *testing.T) {
	srv := newServer(t)
	m := rpc(t, srv.URL+"/v1.0/jsonrpc", "GetTask", obj{"id": "missing"}, nil)
	info := path(m, "error", "data", 0)
	must(t, str(info, "@type") == "type.googleapis.com/google.rpc.ErrorInfo" && str(info, "reason") == "TASK_NOT_FOUND" && str(info, "domain") == "a2a-protocol.org", "error data %v", m["error"])
}

func TestRESTErrors(t *testing.T) {
	srv := newServer(t)
	for _, prefix := range []string{"/v0.3/rest/v1", "/v1.0/rest"} {
		t.Run(prefix, func(t *testing.T) {
			u := srv.URL + prefix
			check := func(resp *http.Response, code int, status string) obj {
				t.Helper()
				must(t, resp.StatusCode == code, "%s: status %d, want %d", resp.Request.URL.Path, resp.StatusCode, code)
				body := jsonBody(t, resp)
				must(t, path(body, "error", "code") == float64(code) && str(body, "error", "status") == status && str(body, "error", "message") != "", "error body %v", body)
				return body
			}
			body := check(do(t, http.MethodGet, u+"/tasks/missing", nil, nil), 404, "NOT_FOUND")
			must(t, str(body, "error", "details", 0, "reason") == "TASK_NOT_FOUND", "details %v", body)
			check(do(t, http.MethodPost, u+"/message:send", "{not json", nil), 400, "INVALID_ARGUMENT")
			check(do(t, http.MethodPost, u+"/message:send", obj{"message": obj{"role": "ROLE_USER"}}, nil), 400, "INVALID_ARGUMENT")
			check(do(t, http.MethodGet, u+"/no/such/route", nil, nil), 404, "NOT_FOUND")
			resp := do(t, http.MethodGet, u+"/message:send", nil, nil)
			must(t, resp.StatusCode == http.StatusMethodNotAllowed && resp.Header.Get("Allow") == "POST", "GET message:send: %d %q", resp.StatusCode, resp.Header.Get("Allow"))
		})
	}
	// v0.3 puts message parts under "content"; say so to a client using "parts".
	resp := do(t, http.MethodPost, srv.URL+"/v0.3/rest/v1/message:send", obj{"message": obj{"messageId": "m", "role": "ROLE_USER", "parts": []any{obj{"text": "hi"}}}}, nil)
	must(t, resp.StatusCode == 400 && strings.Contains(str(jsonBody(t, resp), "error", "message"), `"content"`), "parts vs content hint")
	// v1.0 parts have no kind: a v0.3-style part is refused.
	resp = do(t, http.MethodPost, srv.URL+"/v1.0/rest/message:send", obj{"message": obj{"messageId": "m", "role": "ROLE_USER", "parts": []any{obj{"kind": "text"}}}}, nil)
	must(t, resp.StatusCode == 400, "kind-tagged part accepted by v1.0: %d", resp.StatusCode)
}

func TestRESTCancelAndSubscribeFinishedTask(t *testing.T) {
	srv := newServer(t)
	u := srv.URL + "/v1.0/rest"
	resp := do(t, http.MethodPost, u+"/message:send", obj{"message": obj{"messageId": "m", "role": "ROLE_USER", "parts": []any{obj{"text": "fail"}}}}, nil)
	id := str(jsonBody(t, resp), "task", "id")
	resp = do(t, http.MethodPost, u+"/tasks/"+id+":cancel", nil, nil)
	must(t, resp.StatusCode == http.StatusConflict, "cancel a failed task: %d", resp.StatusCode)
	resp = do(t, http.MethodGet, u+"/tasks/"+id+":subscribe", nil, nil)
	must(t, resp.StatusCode == http.StatusBadRequest && str(jsonBody(t, resp), "error", "details", 0, "reason") == "UNSUPPORTED_OPERATION", "subscribe to a failed task: %d", resp.StatusCode)
	m := rpc(t, srv.URL+"/v1.0/jsonrpc", "SubscribeToTask", obj{"id": id}, nil)
	must(t, rpcErrorCode(t, m) == codeUnsupported, "JSON-RPC subscribe to a failed task: %v", m)
}

// TestCanceledSpellings pins the one state whose spelling differs between
// the v0.3 and v1.0 protos.
func TestCanceledSpellings(t *testing.T) {
	srv := newServer(t)
	for prefix, want := range map[string]string{"/v0.3/rest/v1": "TASK_STATE_CANCELLED", "/v1.0/rest": "TASK_STATE_CANCELED"} {
		partsKey := "parts"
		if strings.HasPrefix(prefix, "/v0.3") {
			partsKey = "content"
		}
		body := obj{"message": obj{"messageId": "m", "role": "ROLE_USER", partsKey: []any{obj{"text": "slow"}}}, "configuration": obj{"returnImmediately": true}}
		id := str(jsonBody(t, do(t, http.MethodPost, srv.URL+prefix+"/message:send", body, nil)), "task", "id")
		got := str(jsonBody(t, do(t, http.MethodPost, srv.URL+prefix+"/tasks/"+id+":cancel", nil, nil)), "status", "state")
		must(t, got == want, "%s: state %q, want %q", prefix, got, want)
	}
	res := rpcResult(t, srv.URL+"/v0.3/jsonrpc", "message/send", obj{"message": obj{"messageId": "m", "role": "user", "parts": []any{obj{"kind": "text", "text": "slow"}}}, "configuration": obj{"blocking": false}})
	got := str(rpcResult(t, srv.URL+"/v0.3/jsonrpc", "tasks/cancel", obj{"id": str(res, "id")}), "status", "state")
	must(t, got == "canceled", "JSON-RPC state %q", got)
}
