package demoagent

import (
	"strings"
	"testing"
)

func v01Params(id, text string) obj {
	return obj{
		"id":        id,
		"sessionId": "session-" + id,
		"message":   obj{"role": "user", "parts": []any{obj{"type": "text", "text": text}}},
	}
}

func TestV01Card(t *testing.T) {
	srv := newServer(t)
	card := getJSON(t, srv.URL+"/v0.1/.well-known/agent.json")
	must(t, card["url"] == srv.URL+"/v0.1/", "url = %v", card["url"])
	must(t, path(card, "capabilities", "streaming") == true, "streaming capability missing")
	_, hasAuth := card["authentication"].(obj)
	must(t, hasAuth, "v0.1 card needs an authentication object")
	for _, k := range []string{"protocolVersion", "supportedInterfaces", "securitySchemes"} {
		_, ok := card[k]
		must(t, !ok, "v0.1 card must not carry %s", k)
	}
	must(t, str(card, "provider", "organization") == "parley", "provider = %v", card["provider"])
	must(t, len(list(card, "skills")) >= 6, "skills = %v", card["skills"])
}

func TestV01SendDefault(t *testing.T) {
	srv := newServer(t)
	url := srv.URL + "/v0.1/"
	res := rpcResult(t, url, "tasks/send", v01Params("t1", "hello there")).(obj)
	must(t, res["id"] == "t1", "task id %v, want the client's", res["id"])
	must(t, res["sessionId"] == "session-t1", "sessionId %v", res["sessionId"])
	must(t, str(res, "status", "state") == "completed", "state %v", path(res, "status"))
	_, hasKind := res["kind"]
	must(t, !hasKind, "v0.1 task must not carry kind")
	arts := list(res, "artifacts")
	must(t, len(arts) == 1, "artifacts %v", arts)
	must(t, str(arts[0], "name") == "answer" && path(arts[0], "index") == float64(0), "artifact %v", arts[0])
	var text strings.Builder
	for _, p := range list(arts[0], "parts") {
		must(t, str(p, "type") == "text", "part %v", p)
		text.WriteString(str(p, "text"))
	}
	must(t, text.String() == markdownAnswer("hello there"), "answer text differs:\n%s", text.String())
	must(t, strings.Contains(text.String(), "hello there"), "answer does not echo the user")
}

func TestV01Stream(t *testing.T) {
	srv := newServer(t)
	events := rpcStream(t, srv.URL+"/v0.1/", "tasks/sendSubscribe", v01Params("s1", "hello"), nil)
	must(t, len(events) > 3, "only %d events", len(events))
	first := events[0]["result"].(obj)
	must(t, first["id"] == "s1" && str(first, "status", "state") == "submitted" && first["final"] == false, "first event %v", first)
	var chunks []obj
	var states []string
	for i, e := range events {
		r := e["result"].(obj)
		must(t, r["id"] == "s1", "event %d for task %v", i, r["id"])
		if a, ok := r["artifact"].(obj); ok {
			chunks = append(chunks, a)
			continue
		}
		states = append(states, str(r, "status", "state"))
		if i < len(events)-1 {
			must(t, r["final"] == false, "event %d final too early: %v", i, r)
		} else {
			must(t, r["final"] == true, "last event not final: %v", r)
		}
	}
	must(t, strings.Join(states, ",") == "submitted,working,completed", "states %v", states)
	must(t, len(chunks) >= 30 && len(chunks) <= 80, "%d chunks", len(chunks))
	for i, c := range chunks {
		must(t, c["index"] == float64(0), "chunk %d index %v", i, c["index"])
		must(t, c["append"] == (i > 0), "chunk %d append %v", i, c["append"])
		must(t, c["lastChunk"] == (i == len(chunks)-1), "chunk %d lastChunk %v", i, c["lastChunk"])
	}
}

func TestV01InputRoundTrip(t *testing.T) {
	srv := newServer(t)
	url := srv.URL + "/v0.1/"
	res := rpcResult(t, url, "tasks/send", v01Params("b1", "Book a flight to Lisbon")).(obj)
	must(t, str(res, "status", "state") == "input-required", "state %v", res["status"])
	must(t, str(res, "status", "message", "parts", 0, "text") == questionText, "question %v", res["status"])
	res = rpcResult(t, url, "tasks/send", v01Params("b1", "From Porto, on Friday")).(obj)
	must(t, str(res, "status", "state") == "completed", "state after answer %v", res["status"])
	must(t, strings.Contains(str(res, "artifacts", 0, "parts", 0, "text"), "From Porto"), "booking ignores the answer: %v", res["artifacts"])
	// History: request, question, answer, outcome; historyLength keeps the tail.
	got := rpcResult(t, url, "tasks/get", obj{"id": "b1", "historyLength": 2}).(obj)
	hist := list(got, "history")
	must(t, len(hist) == 2, "history %v", got["history"])
	must(t, str(hist[0], "role") == "user" && str(hist[0], "parts", 0, "text") == "From Porto, on Friday", "history[0] %v", hist[0])
	must(t, str(hist[1], "role") == "agent", "history[1] %v", hist[1])
}

func TestV01AuthMapsToInputRequired(t *testing.T) {
	srv := newServer(t)
	res := rpcResult(t, srv.URL+"/v0.1/", "tasks/send", v01Params("a1", "Sign in first")).(obj)
	must(t, str(res, "status", "state") == "input-required", "v0.1 has no auth-required; got %v", res["status"])
	must(t, strings.HasSuffix(str(res, "status", "message", "parts", 1, "data", "authorizationUrl"), "/demo-auth"), "auth link %v", res["status"])
}

func TestV01MessageScenarioIsATask(t *testing.T) {
	srv := newServer(t)
	res := rpcResult(t, srv.URL+"/v0.1/", "tasks/send", v01Params("p1", "ping")).(obj)
	must(t, str(res, "status", "state") == "completed", "state %v", res["status"])
	must(t, str(res, "status", "message", "parts", 0, "text") == "pong: ping", "reply %v", res["status"])
}

func TestV01CancelSlow(t *testing.T) {
	srv := newServer(t)
	url := srv.URL + "/v0.1/"
	// The response arrives with the headers; its events are read after the
	// cancel, so the stream must end by itself with the canceled status.
	resp := do(t, "POST", url, rpcReq("tasks/sendSubscribe", v01Params("slow1", "Try a slow task")), nil)
	waitState(t, func() string {
		return str(rpc(t, url, "tasks/get", obj{"id": "slow1"}, nil), "result", "status", "state")
	}, "working")
	res := rpcResult(t, url, "tasks/cancel", obj{"id": "slow1"}).(obj)
	must(t, str(res, "status", "state") == "canceled", "after cancel %v", res["status"])
	must(t, strings.HasPrefix(str(res, "status", "message", "parts", 0, "text"), canceledText), "cancel message %v", res["status"])
	events := sse(t, resp)
	last := events[len(events)-1]["result"].(obj)
	must(t, str(last, "status", "state") == "canceled" && last["final"] == true, "stream ended with %v", last)
	m := rpc(t, url, "tasks/cancel", obj{"id": "slow1"}, nil)
	must(t, rpcErrorCode(t, m) == codeNotCancelable, "second cancel %v", m)
}

func TestV01Errors(t *testing.T) {
	srv := newServer(t)
	url := srv.URL + "/v0.1/"
	must(t, rpcErrorCode(t, rpc(t, url, "message/send", obj{}, nil)) == codeMethodNotFound, "v0.2 method accepted by v0.1")
	must(t, rpcErrorCode(t, rpc(t, url, "tasks/get", obj{"id": "nope"}, nil)) == codeTaskNotFound, "missing task")
	must(t, rpcErrorCode(t, rpc(t, url, "tasks/send", obj{"message": obj{"role": "user", "parts": []any{}}}, nil)) == codeInvalidParams, "no id")
	// Parts tagged with v0.2's "kind" are not v0.1.
	bad := obj{"id": "k", "message": obj{"role": "user", "parts": []any{obj{"kind": "text", "text": "hi"}}}}
	must(t, rpcErrorCode(t, rpc(t, url, "tasks/send", bad, nil)) == codeInvalidParams, "kind-tagged part accepted")
}

func TestV01PushConfig(t *testing.T) {
	srv := newServer(t)
	url := srv.URL + "/v0.1/"
	rpcResult(t, url, "tasks/send", v01Params("pn", "hello"))
	set := rpcResult(t, url, "tasks/pushNotification/set", obj{"id": "pn", "pushNotificationConfig": obj{"url": "http://127.0.0.1:9/hook", "token": "tok"}}).(obj)
	must(t, str(set, "pushNotificationConfig", "url") == "http://127.0.0.1:9/hook", "set %v", set)
	got := rpcResult(t, url, "tasks/pushNotification/get", obj{"id": "pn"}).(obj)
	must(t, got["id"] == "pn" && str(got, "pushNotificationConfig", "token") == "tok", "get %v", got)
}
