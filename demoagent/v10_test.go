package demoagent

import (
	"net/http"
	"net/url"
	"testing"
)

func v10Send(t *testing.T, base, text, contextID string) obj {
	t.Helper()
	msg := obj{"messageId": nextID("m"), "role": "ROLE_USER", "parts": []any{obj{"text": text}}}
	if contextID != "" {
		msg["contextId"] = contextID
	}
	return rpcResult(t, base+"/v1.0/jsonrpc", "SendMessage", obj{"message": msg}).(obj)["task"].(obj)
}

func TestV10ListTasks(t *testing.T) {
	srv := newServer(t)
	ctx := "ctx-list"
	for _, text := range []string{"hello", "fail", "hello", "Book a flight"} {
		v10Send(t, srv.URL, text, ctx)
	}
	v10Send(t, srv.URL, "hello", "other-context")

	all := rpcResult(t, srv.URL+"/v1.0/jsonrpc", "ListTasks", obj{"contextId": ctx}).(obj)
	must(t, len(list(all, "tasks")) == 4 && all["totalSize"] == 4.0 && all["nextPageToken"] == "", "list %v", dump(all))
	for _, task := range list(all, "tasks") {
		must(t, str(task, "contextId") == ctx, "task from another context %v", task)
		_, has := task.(obj)["artifacts"]
		must(t, !has, "artifacts must be omitted without includeArtifacts")
	}

	failed := rpcResult(t, srv.URL+"/v1.0/jsonrpc", "ListTasks", obj{"contextId": ctx, "status": "TASK_STATE_FAILED"}).(obj)
	must(t, len(list(failed, "tasks")) == 1 && str(failed, "tasks", 0, "status", "state") == "TASK_STATE_FAILED", "status filter %v", failed)

	// Pages of two over REST, following nextPageToken.
	seen := map[string]bool{}
	token := ""
	for pages := 0; ; pages++ {
		must(t, pages < 3, "pagination does not end")
		q := url.Values{"contextId": {ctx}, "pageSize": {"2"}, "includeArtifacts": {"true"}}
		if token != "" {
			q.Set("pageToken", token)
		}
		page := getJSON(t, srv.URL+"/v1.0/rest/tasks?"+q.Encode())
		must(t, page["pageSize"] == 2.0 && page["totalSize"] == 4.0, "page %v", page)
		for _, task := range list(page, "tasks") {
			seen[str(task, "id")] = true
			_, has := task.(obj)["artifacts"]
			must(t, has, "includeArtifacts=true must include artifacts")
		}
		token, _ = page["nextPageToken"].(string)
		if token == "" {
			break
		}
	}
	must(t, len(seen) == 4, "pages covered %d tasks", len(seen))

	m := rpc(t, srv.URL+"/v1.0/jsonrpc", "ListTasks", obj{"pageSize": 500}, nil)
	must(t, rpcErrorCode(t, m) == codeInvalidParams, "pageSize 500 accepted")
	resp := do(t, http.MethodGet, srv.URL+"/v1.0/rest/tasks?status=TASK_STATE_RUNNING", nil, nil)
	must(t, resp.StatusCode == 400, "unknown status accepted: %d", resp.StatusCode)
}

func TestV10HistoryLengthAndVersionHeader(t *testing.T) {
	srv := newServer(t)
	task := v10Send(t, srv.URL, "Book a flight", "")
	id := str(task, "id")
	resp := do(t, http.MethodGet, srv.URL+"/v1.0/rest/tasks/"+id+"?historyLength=1", nil, http.Header{"A2A-Version": {"1.0"}})
	got := jsonBody(t, resp)
	hist := list(got, "history")
	must(t, len(hist) == 1 && str(hist[0], "role") == "ROLE_AGENT" && str(hist[0], "parts", 0, "text") == questionText, "history %v", hist)
	got = rpcResult(t, srv.URL+"/v1.0/jsonrpc", "GetTask", obj{"id": id, "historyLength": 0}).(obj)
	_, has := got["history"]
	must(t, !has, "historyLength 0 must omit history")
}

func TestPushConfigCRUD(t *testing.T) {
	srv := newServer(t)
	hook := "http://127.0.0.1:9/hook" // never called: the demo only stores configs

	t.Run("v0.3 JSON-RPC", func(t *testing.T) {
		u := srv.URL + "/v0.3/jsonrpc"
		task := rpcResult(t, u, "message/send", obj{"message": obj{"messageId": "m", "role": "user", "parts": []any{obj{"kind": "text", "text": "hello"}}}}).(obj)
		id := str(task, "id")
		set := rpcResult(t, u, "tasks/pushNotificationConfig/set", obj{"taskId": id, "pushNotificationConfig": obj{"url": hook, "token": "t1"}}).(obj)
		cfgID := str(set, "pushNotificationConfig", "id")
		must(t, set["taskId"] == id && cfgID != "" && str(set, "pushNotificationConfig", "url") == hook, "set %v", set)
		got := rpcResult(t, u, "tasks/pushNotificationConfig/get", obj{"id": id, "pushNotificationConfigId": cfgID}).(obj)
		must(t, str(got, "pushNotificationConfig", "token") == "t1", "get %v", got)
		must(t, len(rpcResult(t, u, "tasks/pushNotificationConfig/list", obj{"id": id}).([]any)) == 1, "list")
		m := rpc(t, u, "tasks/pushNotificationConfig/delete", obj{"id": id, "pushNotificationConfigId": cfgID}, nil)
		_, hasResult := m["result"]
		must(t, m["error"] == nil && hasResult && m["result"] == nil, "delete result must be null: %v", m)
		must(t, len(rpcResult(t, u, "tasks/pushNotificationConfig/list", obj{"id": id}).([]any)) == 0, "list after delete")
	})

	t.Run("v0.3 HTTP+JSON", func(t *testing.T) {
		u := srv.URL + "/v0.3/rest/v1"
		body := obj{"message": obj{"messageId": "m", "role": "ROLE_USER", "content": []any{obj{"text": "hello"}}}, "configuration": obj{"blocking": true}}
		id := str(jsonBody(t, do(t, http.MethodPost, u+"/message:send", body, nil)), "task", "id")
		created := jsonBody(t, do(t, http.MethodPost, u+"/tasks/"+id+"/pushNotificationConfigs", obj{"config": obj{"pushNotificationConfig": obj{"url": hook}}}, nil))
		cfgID := str(created, "pushNotificationConfig", "id")
		must(t, str(created, "name") == "tasks/"+id+"/pushNotificationConfigs/"+cfgID, "name %v", created)
		must(t, str(getJSON(t, u+"/tasks/"+id+"/pushNotificationConfigs/"+cfgID), "pushNotificationConfig", "url") == hook, "get")
		must(t, len(list(getJSON(t, u+"/tasks/"+id+"/pushNotificationConfigs"), "configs")) == 1, "list")
		must(t, do(t, http.MethodDelete, u+"/tasks/"+id+"/pushNotificationConfigs/"+cfgID, nil, nil).StatusCode == 200, "delete")
		must(t, do(t, http.MethodGet, u+"/tasks/"+id+"/pushNotificationConfigs/"+cfgID, nil, nil).StatusCode == 404, "get after delete")
	})

	t.Run("v1.0", func(t *testing.T) {
		id := str(v10Send(t, srv.URL, "hello", ""), "id")
		u := srv.URL + "/v1.0/jsonrpc"
		created := rpcResult(t, u, "CreateTaskPushNotificationConfig", obj{"taskId": id, "id": "mine", "url": hook, "authentication": obj{"scheme": "Bearer", "credentials": "x"}}).(obj)
		must(t, created["id"] == "mine" && created["taskId"] == id && str(created, "authentication", "scheme") == "Bearer", "create %v", created)
		got := getJSON(t, srv.URL+"/v1.0/rest/tasks/"+id+"/pushNotificationConfigs/mine")
		must(t, got["url"] == hook, "REST get %v", got)
		listed := rpcResult(t, u, "ListTaskPushNotificationConfigs", obj{"taskId": id}).(obj)
		must(t, len(list(listed, "configs")) == 1, "list %v", listed)
		rpcResult(t, u, "DeleteTaskPushNotificationConfig", obj{"taskId": id, "id": "mine"})
		m := rpc(t, u, "GetTaskPushNotificationConfig", obj{"taskId": id, "id": "mine"}, nil)
		must(t, rpcErrorCode(t, m) == codeTaskNotFound, "get after delete %v", m)
	})

	// A push config in a send's configuration is set on the task the send
	// starts, over JSON-RPC and REST alike.
	for _, binding := range []string{"v1.0 send over JSON-RPC", "v0.3 send over HTTP+JSON"} {
		t.Run(binding, func(t *testing.T) {
			var id string
			var listed obj
			if binding == "v1.0 send over JSON-RPC" {
				task := rpcResult(t, srv.URL+"/v1.0/jsonrpc", "SendMessage", obj{
					"message":       obj{"messageId": "m", "role": "ROLE_USER", "parts": []any{obj{"text": "hello"}}},
					"configuration": obj{"taskPushNotificationConfig": obj{"id": "in-send", "url": hook}},
				}).(obj)
				id = str(task, "task", "id")
				listed = rpcResult(t, srv.URL+"/v1.0/jsonrpc", "ListTaskPushNotificationConfigs", obj{"taskId": id}).(obj)
			} else {
				u := srv.URL + "/v0.3/rest/v1"
				body := obj{"message": obj{"messageId": "m", "role": "ROLE_USER", "content": []any{obj{"text": "hello"}}},
					"configuration": obj{"blocking": true, "pushNotification": obj{"id": "in-send", "url": hook}}}
				id = str(jsonBody(t, do(t, http.MethodPost, u+"/message:send", body, nil)), "task", "id")
				listed = getJSON(t, u+"/tasks/"+id+"/pushNotificationConfigs")
			}
			must(t, id != "" && len(list(listed, "configs")) == 1, "the send's push config was not set on task %q: %v", id, listed)
		})
	}
}
