package demoagent

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// A driver speaks one dialect as a client would and reduces every reply to
// an outcome, so one table of scenarios runs against all dialects.

type file struct {
	name, mime string
	bytes      []byte
}

type artifactOut struct {
	name string
	text string
	data []any // data parts
	file []file
}

type outcome struct {
	message    bool // a Message reply, no task
	taskID     string
	contextID  string
	state      string // normalized: "input-required", "canceled", ...
	statusText string
	statusData []any
	artifacts  []artifactOut
}

type driver struct {
	name string
	// send starts a task (taskID empty) or continues one, and returns the
	// outcome once the task settles.
	send func(t *testing.T, base, text, taskID, contextID string) outcome
}

var seq atomic.Int64

func nextID(prefix string) string { return fmt.Sprintf("%s-%d", prefix, seq.Add(1)) }

// partStyle says how a dialect spells parts.
type partStyle int

const (
	styleType    partStyle = iota // v0.1: {"type":"text"}
	styleKind                     // v0.2/v0.3 JSON-RPC: {"kind":"text"}
	styleV03REST                  // {"text"} {"file":{fileWithBytes}} {"data":{"data"}}
	styleV10                      // {"text"} {"raw"} {"data"}
)

func readParts(t *testing.T, parts []any, style partStyle) (text string, data []any, files []file) {
	t.Helper()
	var b strings.Builder
	for _, p := range parts {
		pm := p.(obj)
		tag := ""
		switch style {
		case styleType:
			tag = str(pm, "type")
		case styleKind:
			tag = str(pm, "kind")
		default:
			for _, k := range []string{"text", "data", "file", "raw", "url"} {
				if _, ok := pm[k]; ok {
					tag = k
				}
			}
		}
		switch tag {
		case "text":
			b.WriteString(str(pm, "text"))
		case "data":
			if style == styleV03REST {
				data = append(data, path(pm, "data", "data"))
			} else {
				data = append(data, pm["data"])
			}
		case "file":
			raw := str(pm, "file", "bytes")
			if style == styleV03REST {
				raw = str(pm, "file", "fileWithBytes")
				// v0.3 REST double-encodes; see rest_v03.go.
				inner, err := base64.StdEncoding.DecodeString(raw)
				must(t, err == nil, "fileWithBytes not base64: %v", err)
				raw = string(inner)
			}
			bs, err := base64.StdEncoding.DecodeString(raw)
			must(t, err == nil, "file bytes not base64: %v", err)
			files = append(files, file{name: str(pm, "file", "name"), mime: str(pm, "file", "mimeType"), bytes: bs})
		case "raw":
			bs, err := base64.StdEncoding.DecodeString(str(pm, "raw"))
			must(t, err == nil, "raw not base64: %v", err)
			files = append(files, file{name: str(pm, "filename"), mime: str(pm, "mediaType"), bytes: bs})
		default:
			t.Fatalf("unexpected part %v", pm)
		}
	}
	return b.String(), data, files
}

func normState(s string) string {
	s = strings.TrimPrefix(s, "TASK_STATE_")
	s = strings.ToLower(strings.ReplaceAll(s, "_", "-"))
	if s == "cancelled" {
		return "canceled"
	}
	return s
}

// readTask reduces a task object. msgParts names the message parts field.
func readTask(t *testing.T, task obj, style partStyle) outcome {
	t.Helper()
	msgParts := "parts"
	if style == styleV03REST {
		msgParts = "content"
	}
	o := outcome{taskID: str(task, "id"), contextID: str(task, "contextId"), state: normState(str(task, "status", "state"))}
	if style == styleType {
		o.contextID = str(task, "sessionId")
	}
	o.statusText, o.statusData, _ = readParts(t, list(task, "status", "message", msgParts), style)
	for _, a := range list(task, "artifacts") {
		text, data, files := readParts(t, list(a, "parts"), style)
		o.artifacts = append(o.artifacts, artifactOut{name: str(a, "name"), text: text, data: data, file: files})
	}
	return o
}

func v01Driver() driver {
	return driver{"v0.1", func(t *testing.T, base, text, taskID, contextID string) outcome {
		if taskID == "" {
			taskID = nextID("v01")
		}
		res := rpcResult(t, base+"/v0.1/", "tasks/send", obj{
			"id": taskID, "sessionId": contextID,
			"message": obj{"role": "user", "parts": []any{obj{"type": "text", "text": text}}},
		}).(obj)
		return readTask(t, res, styleType)
	}}
}

func kindDriver(name, path string, header http.Header) driver {
	return driver{name, func(t *testing.T, base, text, taskID, contextID string) outcome {
		msg := obj{"kind": "message", "messageId": nextID("m"), "role": "user", "parts": []any{obj{"kind": "text", "text": text}}}
		if taskID != "" {
			msg["taskId"], msg["contextId"] = taskID, contextID
		}
		m := rpc(t, base+path, "message/send", obj{"message": msg, "configuration": obj{"blocking": true}}, header)
		must(t, m["error"] == nil, "error %v", m["error"])
		res := m["result"].(obj)
		if res["kind"] == "message" {
			text, _, _ := readParts(t, list(res, "parts"), styleKind)
			return outcome{message: true, contextID: str(res, "contextId"), statusText: text}
		}
		must(t, res["kind"] == "task", "result kind %v", res["kind"])
		return readTask(t, res, styleKind)
	}}
}

// restSend covers both HTTP+JSON bindings: they differ in part spelling
// and in where message parts go.
func restDriver(name, url string, style partStyle) driver {
	return driver{name, func(t *testing.T, base, text, taskID, contextID string) outcome {
		msg := obj{"messageId": nextID("m"), "role": "ROLE_USER"}
		partsKey, cfg := "parts", obj{}
		if style == styleV03REST {
			partsKey, cfg = "content", obj{"blocking": true}
		}
		msg[partsKey] = []any{obj{"text": text}}
		if taskID != "" {
			msg["taskId"], msg["contextId"] = taskID, contextID
		}
		resp := do(t, http.MethodPost, base+url, obj{"message": msg, "configuration": cfg}, http.Header{"A2A-Version": {"1.0"}})
		must(t, resp.StatusCode == http.StatusOK, "status %d", resp.StatusCode)
		res := jsonBody(t, resp)
		if m, ok := res["message"].(obj); ok {
			text, _, _ := readParts(t, list(m, partsKey), style)
			return outcome{message: true, contextID: str(m, "contextId"), statusText: text}
		}
		return readTask(t, res["task"].(obj), style)
	}}
}

func v10RPCDriver() driver {
	return driver{"v1.0 JSON-RPC", func(t *testing.T, base, text, taskID, contextID string) outcome {
		msg := obj{"messageId": nextID("m"), "role": "ROLE_USER", "parts": []any{obj{"text": text}}}
		if taskID != "" {
			msg["taskId"], msg["contextId"] = taskID, contextID
		}
		res := rpcResult(t, base+"/v1.0/jsonrpc", "SendMessage", obj{"message": msg}).(obj)
		if m, ok := res["message"].(obj); ok {
			text, _, _ := readParts(t, list(m, "parts"), styleV10)
			return outcome{message: true, contextID: str(m, "contextId"), statusText: text}
		}
		return readTask(t, res["task"].(obj), styleV10)
	}}
}

func gatewayDriver() driver {
	return driver{"gateway", func(t *testing.T, base, text, taskID, contextID string) outcome {
		api := base + "/gateway/v1/a2a/agents/demo"
		body := obj{"input": text}
		if taskID != "" {
			body["taskId"], body["contextId"] = taskID, contextID
		}
		resp := do(t, http.MethodPost, api+"/message:send", body, nil)
		must(t, resp.StatusCode == http.StatusAccepted, "send status %d", resp.StatusCode)
		ack := jsonBody(t, resp)
		must(t, ack["status"] == "submitted" && str(ack, "taskId") != "", "ack %v", ack)
		var task obj
		waitState(t, func() string {
			task = getJSON(t, api+"/tasks/"+str(ack, "taskId"))
			if s := str(task, "status"); s == "submitted" || s == "running" {
				return "busy"
			}
			return "settled"
		}, "settled")
		o := outcome{taskID: str(task, "taskId"), contextID: str(task, "contextId")}
		o.state = map[string]string{"done": "completed", "input_required": "input-required", "auth_required": "auth-required", "failed": "failed", "canceled": "canceled"}[str(task, "status")]
		// The gateway's message is the latest output; its last history entry
		// is the latest status message.
		hist := list(task, "history")
		o.statusText = str(hist[len(hist)-1], "content")
		for _, a := range list(task, "artifacts") {
			o.artifacts = append(o.artifacts, artifactOut{text: str(a, "content")})
		}
		return o
	}}
}

func allDrivers() []driver {
	return []driver{
		v01Driver(),
		kindDriver("v0.2", "/v0.2/", nil),
		kindDriver("v0.3 JSON-RPC", "/v0.3/jsonrpc", nil),
		kindDriver("secure", "/secure/", http.Header{"Authorization": {"Bearer demo-token"}}),
		restDriver("v0.3 HTTP+JSON", "/v0.3/rest/v1/message:send", styleV03REST),
		v10RPCDriver(),
		restDriver("v1.0 HTTP+JSON", "/v1.0/rest/message:send", styleV10),
		gatewayDriver(),
	}
}
