package cli

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/parley-a2a/parley/internal/fakeagent"
)

// adkWaiting is an agent whose task t1 waits, input-required, for the
// user to approve ADK's long-running call adk-2; what it is sent is
// kept, and it completes the task with the answer it reads.
func adkWaiting(t *testing.T) (*fakeagent.Agent, func() []map[string]any) {
	a := fakeagent.New(t, true)
	var mu sync.Mutex
	var sent []map[string]any
	a.On("tasks/get", func(w http.ResponseWriter, c fakeagent.Call) {
		task := fakeagent.Task("t1", "input-required")
		task["contextId"] = "c1"
		task["status"] = map[string]any{"state": "input-required", "message": map[string]any{
			"kind": "message", "role": "agent", "messageId": "q1", "parts": []any{
				map[string]any{"kind": "data", "data": map[string]any{"id": "adk-2", "name": "request_approval", "args": map[string]any{"action": "refund order 42"}},
					"metadata": map[string]any{"adk_type": "function_call", "adk_is_long_running": true}},
			}}}
		fakeagent.Reply(w, c, task)
	})
	a.On("message/stream", func(w http.ResponseWriter, c fakeagent.Call) {
		var p struct {
			Message struct {
				TaskID    string           `json:"taskId"`
				ContextID string           `json:"contextId"`
				Parts     []map[string]any `json:"parts"`
			} `json:"message"`
		}
		_ = json.Unmarshal(c.Params, &p)
		mu.Lock()
		for _, part := range p.Message.Parts {
			part["taskId"], part["contextId"] = p.Message.TaskID, p.Message.ContextID
			sent = append(sent, part)
		}
		mu.Unlock()
		answer := "Refund refused."
		if d, _ := p.Message.Parts[0]["data"].(map[string]any); d != nil {
			if resp, _ := d["response"].(map[string]any); resp["approved"] == true {
				answer = "Refund done."
			}
		}
		task := fakeagent.Task("t1", "completed", fakeagent.Artifact("a1", answer))
		task["contextId"] = "c1"
		fakeagent.Events(w, c, false, task)
	})
	return a, func() []map[string]any { mu.Lock(); defer mu.Unlock(); return append([]map[string]any(nil), sent...) }
}

// parley send AGENT --task ID --approve answers the tool call the task
// waits on in its framework's form (ADK: the function's response), and
// the turn runs to its end; --refuse refuses it.
func TestSendApproveAnswersTheWaitingToolCall(t *testing.T) {
	for _, c := range []struct {
		flag, answer string
		approved     bool
	}{{"--approve", "Refund done.", true}, {"--refuse", "Refund refused.", false}} {
		a, sent := adkWaiting(t)
		e := newEnv(t)
		r := e.run("send", a.Srv.URL, "--task", "t1", c.flag)
		if r.code != 0 || !strings.Contains(r.stdout, c.answer) {
			t.Fatalf("%s: exit %d\n%s\n%s", c.flag, r.code, r.stdout, r.stderr)
		}
		parts := sent()
		if len(parts) != 1 {
			t.Fatalf("%s: sent %v", c.flag, parts)
		}
		d, _ := parts[0]["data"].(map[string]any)
		resp, _ := d["response"].(map[string]any)
		meta, _ := parts[0]["metadata"].(map[string]any)
		if d["id"] != "adk-2" || d["name"] != "request_approval" || resp["approved"] != c.approved || meta["adk_type"] != "function_response" ||
			parts[0]["taskId"] != "t1" || parts[0]["contextId"] != "c1" {
			t.Errorf("%s: sent %v", c.flag, parts[0])
		}
	}
}

// --approve needs a task, takes no text, and refuses a task that waits
// on no tool call, saying what to do instead.
func TestSendApproveMisuse(t *testing.T) {
	a, _ := adkWaiting(t)
	e := newEnv(t)
	if r := e.run("send", a.Srv.URL, "--approve"); r.code != exitUsage || !strings.Contains(r.stderr, "--task") {
		t.Errorf("no task: exit %d %s", r.code, r.stderr)
	}
	if r := e.run("send", a.Srv.URL, "yes", "--task", "t1", "--approve"); r.code != exitUsage {
		t.Errorf("with text: exit %d %s", r.code, r.stderr)
	}
	if r := e.run("send", a.Srv.URL, "--task", "t1", "--approve", "--refuse"); r.code != exitUsage {
		t.Errorf("both: exit %d %s", r.code, r.stderr)
	}
	plain := fakeagent.New(t, true)
	plain.On("tasks/get", func(w http.ResponseWriter, c fakeagent.Call) {
		task := fakeagent.Task("t1", "input-required")
		fakeagent.Reply(w, c, task)
	})
	r := e.run("send", plain.Srv.URL, "--task", "t1", "--approve")
	if r.code == 0 || !strings.Contains(r.stderr, "waits for no tool call") {
		t.Errorf("no call: exit %d %s", r.code, r.stderr)
	}
}
