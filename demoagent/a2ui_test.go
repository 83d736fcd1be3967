package demoagent

import (
	"net/http"
	"strings"
	"testing"
)

// A client that activated A2UI and asks to book a table gets a form as
// A2UI data parts (mimeType application/json+a2ui) in the version its
// capabilities name; the action it sends back completes the task. A
// client without A2UI gets the text question instead.
func TestA2UIBookingForm(t *testing.T) {
	srv := newServer(t)
	caps := map[string]obj{
		"v0.8": {"a2uiClientCapabilities": obj{"supportedCatalogIds": []any{a2uiCatV08}}},
		"v0.9": {"a2uiClientCapabilities": obj{"v0.9": obj{"supportedCatalogIds": []any{a2uiCatV09}}}},
	}
	actions := map[string]any{
		"v0.8": obj{"userAction": obj{"name": "book", "surfaceId": "booking", "sourceComponentId": "book", "timestamp": "2026-01-01T00:00:00Z",
			"context": obj{"name": "Ada", "when": "2026-12-01T19:30", "guests": obj{"0": "4"}, "terrace": true}}},
		"v0.9": []any{obj{"version": "v0.9", "action": obj{"name": "book", "surfaceId": "booking", "sourceComponentId": "book", "timestamp": "2026-01-01T00:00:00Z",
			"context": obj{"name": "Ada", "when": "2026-12-01T19:30", "guests": []any{"4"}, "terrace": true}}}},
	}
	type binding struct {
		name, path, method string
		kind               bool // v0.3 kind-tagged parts, else v1.0
	}
	for _, b := range []binding{{"v0.3", "/v0.3/jsonrpc", "message/send", true}, {"v1.0", "/v1.0/jsonrpc", "SendMessage", false}} {
		for _, v := range []string{"v0.8", "v0.9"} {
			send := func(parts []any, md obj, taskID, contextID string) obj {
				msg := obj{"messageId": nextID("m"), "parts": parts, "metadata": md}
				if b.kind {
					msg["kind"], msg["role"] = "message", "user"
				} else {
					msg["role"] = "ROLE_USER"
				}
				if taskID != "" {
					msg["taskId"], msg["contextId"] = taskID, contextID
				}
				m := rpc(t, srv.URL+b.path, b.method, obj{"message": msg, "configuration": obj{"blocking": true}}, http.Header{"A2A-Version": {"1.0"}})
				must(t, m["error"] == nil, "%s %s: error %v", b.name, v, m["error"])
				if b.kind {
					return m["result"].(obj)
				}
				return path(m, "result", "task").(obj)
			}
			text := obj{"text": "Please book a table for tonight"}
			data := func(d any) obj { return obj{"data": d, "metadata": obj{"mimeType": a2uiMime}} }
			if b.kind {
				text["kind"] = "text"
			}
			task := send([]any{text}, caps[v], "", "")
			must(t, strings.Contains(strings.ToLower(str(task, "status", "state")), "input"), "%s %s: state %v", b.name, v, path(task, "status", "state"))
			var ui []any
			for _, p := range list(task, "status", "message", "parts") {
				if str(p, "metadata", "mimeType") == a2uiMime {
					ui = append(ui, path(p, "data"))
				}
			}
			must(t, len(ui) > 0, "%s %s: no A2UI part in %v", b.name, v, path(task, "status", "message"))
			all := dump(ui)
			want := map[string]string{"v0.8": `"beginRendering"`, "v0.9": `"createSurface"`}[v]
			must(t, strings.Contains(all, want) && strings.Contains(all, `"book"`), "%s %s: surface %s", b.name, v, all)
			if v == "v0.9" && b.kind {
				for _, d := range ui {
					_, isObj := d.(obj)
					must(t, isObj, "%s: a v0.3 data part is not an object: %v", b.name, d)
				}
			}
			act := data(actions[v])
			if b.kind {
				act["kind"] = "data"
				if l, isList := actions[v].([]any); isList {
					act["data"] = l[0] // v0.3 data parts are objects
				}
			}
			done := send([]any{act}, caps[v], str(task, "id"), str(task, "contextId"))
			got := str(done, "status", "message", "parts", 0, "text")
			must(t, strings.Contains(got, "table for 4, on the terrace, under the name Ada"), "%s %s: answer %q (%v)", b.name, v, got, path(done, "status"))
		}
	}
	plain := kindDriver("v0.3", "/v0.3/jsonrpc", nil).send(t, srv.URL, "Please book a table", "", "")
	must(t, plain.statusText == questionText && len(plain.statusData) == 0, "without A2UI: %+v", plain)
}
