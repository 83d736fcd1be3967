package demoagent

import (
	"net/http"
	"strings"
	"testing"
)

// streamDialect opens streams and control calls in one dialect; events are
// reduced to (kind, payload) with kind task, message, status or artifact.
type streamDialect struct {
	name      string
	style     partStyle
	hasFinal  bool
	stream    func(t *testing.T, base, text string) *http.Response
	resub     func(t *testing.T, base, id string) *http.Response
	startSlow func(t *testing.T, base string) string // returns the task id without waiting
	getState  func(t *testing.T, base, id string) (state, statusText string)
	cancel    func(t *testing.T, base, id string) string // state after cancel
	unwrap    func(t *testing.T, ev obj) (string, obj)
}

func kindUnwrap(t *testing.T, ev obj) (string, obj) {
	t.Helper()
	must(t, ev["error"] == nil, "error event %v", ev)
	r := ev["result"].(obj)
	kind := map[string]string{"task": "task", "message": "message", "status-update": "status", "artifact-update": "artifact"}[str(r, "kind")]
	must(t, kind != "", "result without a known kind: %v", r)
	return kind, r
}

func wrapperUnwrap(t *testing.T, ev obj) (string, obj) {
	t.Helper()
	must(t, len(ev) == 1, "StreamResponse needs exactly one field: %v", ev)
	for k, v := range ev {
		kind := map[string]string{"task": "task", "message": "message", "statusUpdate": "status", "artifactUpdate": "artifact"}[k]
		must(t, kind != "", "unknown StreamResponse field %q", k)
		return kind, v.(obj)
	}
	return "", nil
}

func rpcUnwrap(inner func(*testing.T, obj) (string, obj)) func(*testing.T, obj) (string, obj) {
	return func(t *testing.T, ev obj) (string, obj) {
		t.Helper()
		must(t, ev["error"] == nil, "error event %v", ev)
		return inner(t, ev["result"].(obj))
	}
}

func kindStreamDialect(name, path string) streamDialect {
	msg := func(text string) obj {
		return obj{"kind": "message", "messageId": nextID("m"), "role": "user", "parts": []any{obj{"kind": "text", "text": text}}}
	}
	return streamDialect{
		name: name, style: styleKind, hasFinal: true, unwrap: kindUnwrap,
		stream: func(t *testing.T, base, text string) *http.Response {
			return do(t, "POST", base+path, rpcReq("message/stream", obj{"message": msg(text)}), nil)
		},
		resub: func(t *testing.T, base, id string) *http.Response {
			return do(t, "POST", base+path, rpcReq("tasks/resubscribe", obj{"id": id}), nil)
		},
		startSlow: func(t *testing.T, base string) string {
			res := rpcResult(t, base+path, "message/send", obj{"message": msg("Try a slow task"), "configuration": obj{"blocking": false}}).(obj)
			return str(res, "id")
		},
		getState: func(t *testing.T, base, id string) (string, string) {
			res := rpcResult(t, base+path, "tasks/get", obj{"id": id}).(obj)
			return str(res, "status", "state"), str(res, "status", "message", "parts", 0, "text")
		},
		cancel: func(t *testing.T, base, id string) string {
			return str(rpcResult(t, base+path, "tasks/cancel", obj{"id": id}), "status", "state")
		},
	}
}

func restStreamDialect(name, prefix string, style partStyle) streamDialect {
	partsKey := "parts"
	if style == styleV03REST {
		partsKey = "content"
	}
	msg := func(text string) obj {
		return obj{"messageId": nextID("m"), "role": "ROLE_USER", partsKey: []any{obj{"text": text}}}
	}
	return streamDialect{
		name: name, style: style, hasFinal: style == styleV03REST, unwrap: wrapperUnwrap,
		stream: func(t *testing.T, base, text string) *http.Response {
			return do(t, "POST", base+prefix+"/message:stream", obj{"message": msg(text)}, nil)
		},
		resub: func(t *testing.T, base, id string) *http.Response {
			return do(t, "POST", base+prefix+"/tasks/"+id+":subscribe", nil, nil)
		},
		startSlow: func(t *testing.T, base string) string {
			// v0.3: blocking is a proto bool, absent = false; v1.0 asks
			// explicitly to return immediately.
			body := obj{"message": msg("Try a slow task"), "configuration": obj{"returnImmediately": true}}
			resp := do(t, "POST", base+prefix+"/message:send", body, nil)
			must(t, resp.StatusCode == 200, "send status %d", resp.StatusCode)
			return str(jsonBody(t, resp), "task", "id")
		},
		getState: func(t *testing.T, base, id string) (string, string) {
			res := getJSON(t, base+prefix+"/tasks/"+id)
			return normState(str(res, "status", "state")), str(res, "status", "message", partsKey, 0, "text")
		},
		cancel: func(t *testing.T, base, id string) string {
			resp := do(t, "POST", base+prefix+"/tasks/"+id+":cancel", obj{}, nil)
			must(t, resp.StatusCode == 200, "cancel status %d", resp.StatusCode)
			return normState(str(jsonBody(t, resp), "status", "state"))
		},
	}
}

func v10RPCStreamDialect() streamDialect {
	url := "/v1.0/jsonrpc"
	msg := func(text string) obj {
		return obj{"messageId": nextID("m"), "role": "ROLE_USER", "parts": []any{obj{"text": text}}}
	}
	return streamDialect{
		name: "v1.0 JSON-RPC", style: styleV10, unwrap: rpcUnwrap(wrapperUnwrap),
		stream: func(t *testing.T, base, text string) *http.Response {
			return do(t, "POST", base+url, rpcReq("SendStreamingMessage", obj{"message": msg(text)}), nil)
		},
		resub: func(t *testing.T, base, id string) *http.Response {
			return do(t, "POST", base+url, rpcReq("SubscribeToTask", obj{"id": id}), nil)
		},
		startSlow: func(t *testing.T, base string) string {
			res := rpcResult(t, base+url, "SendMessage", obj{"message": msg("Try a slow task"), "configuration": obj{"returnImmediately": true}}).(obj)
			return str(res, "task", "id")
		},
		getState: func(t *testing.T, base, id string) (string, string) {
			res := rpcResult(t, base+url, "GetTask", obj{"id": id}).(obj)
			return normState(str(res, "status", "state")), str(res, "status", "message", "parts", 0, "text")
		},
		cancel: func(t *testing.T, base, id string) string {
			return normState(str(rpcResult(t, base+url, "CancelTask", obj{"id": id}), "status", "state"))
		},
	}
}

func streamDialects() []streamDialect {
	return []streamDialect{
		kindStreamDialect("v0.2", "/v0.2/"),
		kindStreamDialect("v0.3 JSON-RPC", "/v0.3/jsonrpc"),
		restStreamDialect("v0.3 HTTP+JSON", "/v0.3/rest/v1", styleV03REST),
		v10RPCStreamDialect(),
		restStreamDialect("v1.0 HTTP+JSON", "/v1.0/rest", styleV10),
	}
}

type streamed struct {
	kind    string
	payload obj
}

func readStream(t *testing.T, d streamDialect, resp *http.Response) []streamed {
	t.Helper()
	var out []streamed
	for _, ev := range sse(t, resp) {
		k, p := d.unwrap(t, ev)
		out = append(out, streamed{k, p})
	}
	must(t, len(out) > 0, "empty stream")
	return out
}

func TestStreamingEveryDialect(t *testing.T) {
	srv := newServer(t)
	for _, d := range streamDialects() {
		t.Run(d.name, func(t *testing.T) {
			t.Run("answer", func(t *testing.T) {
				evs := readStream(t, d, d.stream(t, srv.URL, "hello"))
				must(t, evs[0].kind == "task" && normState(str(evs[0].payload, "status", "state")) == "submitted", "first event %v", evs[0])
				taskID := str(evs[0].payload, "id")
				var states []string
				var text strings.Builder
				artifactID := ""
				chunks := 0
				for i, e := range evs[1:] {
					must(t, str(e.payload, "taskId") == taskID, "event %d for task %v", i, e.payload["taskId"])
					last := i == len(evs)-2
					switch e.kind {
					case "status":
						states = append(states, normState(str(e.payload, "status", "state")))
						final, has := e.payload["final"]
						must(t, has == d.hasFinal, "final present=%v in %v", has, e.payload)
						must(t, !has || final == last, "final=%v on event %d of %d", final, i+1, len(evs))
					case "artifact":
						a := e.payload["artifact"].(obj)
						if artifactID == "" {
							artifactID = str(a, "artifactId")
						}
						must(t, str(a, "artifactId") == artifactID && str(a, "name") == "answer", "artifact %v", a)
						must(t, e.payload["append"] == (chunks > 0), "chunk %d append %v", chunks, e.payload["append"])
						s, _, _ := readParts(t, list(a, "parts"), d.style)
						text.WriteString(s)
						chunks++
						must(t, e.payload["lastChunk"] == (text.String() == markdownAnswer("hello")), "chunk %d lastChunk %v", chunks, e.payload["lastChunk"])
					default:
						t.Fatalf("unexpected %s event after the task", e.kind)
					}
				}
				must(t, strings.Join(states, ",") == "working,completed", "states %v", states)
				must(t, chunks >= 30 && chunks <= 80, "%d chunks", chunks)
				must(t, text.String() == markdownAnswer("hello"), "streamed text differs")
			})

			t.Run("stops at input-required", func(t *testing.T) {
				evs := readStream(t, d, d.stream(t, srv.URL, "Book a flight"))
				last := evs[len(evs)-1]
				must(t, last.kind == "status" && normState(str(last.payload, "status", "state")) == "input-required", "last event %v", last)
				if d.hasFinal {
					must(t, last.payload["final"] == true, "input-required must be final: %v", last.payload)
				}
			})

			t.Run("message reply", func(t *testing.T) {
				evs := readStream(t, d, d.stream(t, srv.URL, "ping"))
				must(t, len(evs) == 1 && evs[0].kind == "message", "events %v", evs)
			})

			t.Run("slow: progress, resubscribe, cancel", func(t *testing.T) {
				id := d.startSlow(t, srv.URL)
				must(t, id != "", "no task id")
				var text string
				waitState(t, func() string {
					var st string
					st, text = d.getState(t, srv.URL, id)
					return st
				}, "working")
				must(t, strings.HasPrefix(text, "Step ") || text == "Working on it…", "progress text %q", text)
				sub := d.resub(t, srv.URL, id)
				must(t, d.cancel(t, srv.URL, id) == "canceled", "cancel did not cancel")
				evs := readStream(t, d, sub)
				must(t, evs[0].kind == "task" && str(evs[0].payload, "id") == id, "resubscribe starts with %v", evs[0])
				last := evs[len(evs)-1]
				must(t, last.kind == "status" && normState(str(last.payload, "status", "state")) == "canceled", "resubscribe ends with %v", last)
				st, text := d.getState(t, srv.URL, id)
				must(t, st == "canceled" && strings.HasPrefix(text, canceledText), "after cancel: %s %q", st, text)
			})
		})
	}
}
