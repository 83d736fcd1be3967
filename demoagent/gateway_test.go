package demoagent

import (
	"net/http"
	"strings"
	"testing"
)

func TestGatewayDiscovery(t *testing.T) {
	srv := newServer(t)
	api := srv.URL + "/gateway/v1/a2a/agents"
	agents := getJSON(t, api)
	must(t, str(agents, "agents", 0, "id") == "demo" && str(agents, "agents", 0, "url") == api+"/demo/message:send", "agents %v", agents)
	card := getJSON(t, api+"/demo/agent-card")
	must(t, card["url"] == api+"/demo/message:send", "agent card %v", card["url"])

	resp := do(t, http.MethodGet, srv.URL+"/gateway/.well-known/agent-card.json", nil, nil)
	etag := resp.Header.Get("ETag")
	must(t, strings.HasPrefix(etag, `W/"a2a-agents-`) && strings.Contains(resp.Header.Get("Cache-Control"), "max-age=30"), "caching headers %v", resp.Header)
	for _, inm := range []string{etag, "*", `"other", ` + etag} {
		resp = do(t, http.MethodGet, srv.URL+"/gateway/.well-known/agent-card.json", nil, http.Header{"If-None-Match": {inm}})
		must(t, resp.StatusCode == http.StatusNotModified, "If-None-Match %q: status %d", inm, resp.StatusCode)
	}
}

func TestGatewayTaskLifecycle(t *testing.T) {
	srv := newServer(t)
	api := srv.URL + "/gateway/v1/a2a/agents/demo"

	resp := do(t, http.MethodPost, api+"/message:send", obj{"message": obj{"role": "user", "content": "Try a slow task"}, "context_id": "thread-1"}, nil)
	must(t, resp.StatusCode == http.StatusAccepted, "send status %d", resp.StatusCode)
	ack := jsonBody(t, resp)
	id := str(ack, "taskId")
	must(t, ack["contextId"] == "thread-1" && ack["status"] == "submitted", "ack %v", ack)

	waitState(t, func() string { return str(getJSON(t, api+"/tasks/"+id), "status") }, "running")
	task := getJSON(t, api+"/tasks/"+id)
	must(t, task["origin"] == "a2a" && task["terminationCode"] == nil && task["createdAt"].(float64) > 0, "task %v", task)
	must(t, str(task, "history", 0, "role") == "user" && str(task, "history", 0, "content") == "Try a slow task", "history %v", task["history"])

	resp = do(t, http.MethodPost, api+"/tasks/"+id+":cancel", nil, nil)
	must(t, resp.StatusCode == http.StatusAccepted, "cancel status %d", resp.StatusCode)
	must(t, jsonBody(t, resp)["status"] == "cancel_requested", "cancel ack")
	task = getJSON(t, api+"/tasks/"+id)
	must(t, task["status"] == "canceled" && task["terminationCode"] == "canceled", "after cancel %v", task)

	resp = do(t, http.MethodPost, api+"/tasks/"+id+":cancel", nil, nil)
	must(t, resp.StatusCode == http.StatusBadRequest && jsonBody(t, resp)["error"] == "task is not active", "second cancel %d", resp.StatusCode)

	resp = do(t, http.MethodPost, api+"/message:send", obj{"taskId": id, "decisions": []any{obj{"decision_id": "d1", "action": "resume"}}}, nil)
	must(t, resp.StatusCode == http.StatusAccepted && jsonBody(t, resp)["status"] == "decision_forwarded", "decisions: %d", resp.StatusCode)
}

func TestGatewayErrors(t *testing.T) {
	srv := newServer(t)
	api := srv.URL + "/gateway/v1/a2a/agents"
	cases := []struct {
		method, url string
		body        any
		code        int
	}{
		{"POST", api + "/demo/message:send", obj{}, 400},
		{"POST", api + "/demo/message:send", "not json", 400},
		{"POST", api + "/demo/message:send", obj{"decisions": []any{obj{}}}, 400},
		{"POST", api + "/demo/message:stream", obj{"input": "hi"}, 400},
		{"POST", api + "/nobody/message:send", obj{"input": "hi"}, 404},
		{"GET", api + "/demo/tasks/missing", nil, 404},
		{"POST", api + "/demo/tasks/missing:cancel", nil, 404},
		{"POST", api + "/demo/message:send", obj{"taskId": "missing", "input": "hi"}, 404},
		{"GET", api + "/demo/message:send", nil, 405},
	}
	for _, c := range cases {
		resp := do(t, c.method, c.url, c.body, nil)
		must(t, resp.StatusCode == c.code, "%s %s: status %d, want %d", c.method, c.url, resp.StatusCode, c.code)
		if c.code != 405 {
			must(t, str(jsonBody(t, resp), "error") != "", "%s %s: no error message", c.method, c.url)
		}
	}
}
