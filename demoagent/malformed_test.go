package demoagent

import (
	"net/http"
	"testing"
)

// TestMalformedInput throws odd bodies at every POST endpoint: the agent
// must answer with a client error, never a 500 from a panic.
func TestMalformedInput(t *testing.T) {
	srv := newServer(t)
	endpoints := []string{
		"/v0.1/", "/v0.2/", "/v0.3/jsonrpc", "/v1.0/jsonrpc",
		"/v0.3/rest/v1/message:send", "/v0.3/rest/v1/message:stream", "/v0.3/rest/v1/tasks/x/pushNotificationConfigs",
		"/v1.0/rest/message:send", "/v1.0/rest/message:stream", "/v1.0/rest/tasks/x/pushNotificationConfigs",
		"/gateway/v1/a2a/agents/demo/message:send",
	}
	methods := []string{"tasks/send", "tasks/sendSubscribe", "message/send", "message/stream", "SendMessage", "SendStreamingMessage", "tasks/get", "GetTask", "ListTasks", "tasks/pushNotificationConfig/set", "CreateTaskPushNotificationConfig"}
	var bodies []string
	for _, m := range methods {
		for _, p := range []string{`null`, `[]`, `"x"`, `7`, `{"message":null}`, `{"message":{"parts":[null,7,"x",{}]}}`,
			`{"message":{"messageId":"m","role":"user","parts":[{"kind":"file","file":{"bytes":"!!"}}]}}`,
			`{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"raw":"!!"}],"content":[{"file":{}}]}}`,
			`{"id":7,"message":{"role":"user","parts":[{"type":"data"}]}}`, `{"pageSize":"x","status":{}}`} {
			bodies = append(bodies, `{"jsonrpc":"2.0","id":1,"method":"`+m+`","params":`+p+`}`)
		}
	}
	bodies = append(bodies, ``, `{`, `[{"jsonrpc":"2.0"}]`, `{"jsonrpc":"2.0","id":{},"method":"x"}`, `{"message":{"content":[{"data":{}}],"role":7,"messageId":"m"}}`,
		`{"input":7}`, `{"message":{"content":[{},7]}}`, `{"url":7}`, `{"config":{"pushNotificationConfig":null}}`)
	for _, ep := range endpoints {
		for _, b := range bodies {
			resp := do(t, http.MethodPost, srv.URL+ep, b, nil)
			must(t, resp.StatusCode < 500, "POST %s %s: status %d", ep, b, resp.StatusCode)
		}
	}
}
