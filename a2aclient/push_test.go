package a2aclient

import (
	"strings"
	"testing"
)

// What agents post to a push receiver, in each form the SDKs send.
func TestDecodePushForms(t *testing.T) {
	cases := []struct {
		name, body string
		d          Dialect
		kind       string
		state      State
	}{
		{"v1.0 status update", `{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}}`, DialectV10, "status-update", StateWorking},
		{"v1.0 whole task", `{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}`, DialectV10REST, "task", StateCompleted},
		{"v1.0 artifact", `{"artifactUpdate":{"taskId":"t1","append":true,"artifact":{"artifactId":"a","parts":[{"text":"hi"}]}}}`, DialectV10, "artifact-update", ""},
		{"v0.3 JSON-RPC task", `{"kind":"task","id":"t1","contextId":"c1","status":{"state":"input-required"}}`, DialectV03, "task", StateInputRequired},
		{"v0.3 REST bare task", `{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_FAILED"}}`, DialectV03REST, "task", StateFailed},
		{"kind-tagged to a v1.0 agent", `{"kind":"status-update","taskId":"t1","status":{"state":"completed"},"final":true}`, DialectV10, "status-update", StateCompleted},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ev, err := DecodePush([]byte(tc.body), tc.d)
			if err != nil {
				t.Fatal(err)
			}
			if ev.Kind() != tc.kind || ev.TaskID() != "t1" {
				t.Fatalf("got %s for task %q, want %s for t1", ev.Kind(), ev.TaskID(), tc.kind)
			}
			var tr Tracker
			tr.Apply(ev)
			if tc.state != "" && tr.State() != tc.state {
				t.Fatalf("state %q, want %q", tr.State(), tc.state)
			}
		})
	}
}

// A body that is no event, or names no task, is refused: the receiver
// binds every push to the task its token was made for.
func TestDecodePushRefuses(t *testing.T) {
	for _, body := range []string{
		``, `null`, `[]`, `"task"`, `{`, `{}`,
		`{"task":{"status":{"state":"completed"}}}`,
		`{"statusUpdate":{"status":{"state":"TASK_STATE_WORKING"}}}`,
		`{"task":{"id":"t1"},"statusUpdate":{"taskId":"t1"}}`,
		`{"kind":"message","messageId":"m","role":"agent","parts":[]}`,
		`{"surprise":1}`,
		strings.Repeat(`{"task":`, 5000) + `{}` + strings.Repeat(`}`, 5000),
	} {
		for _, d := range []Dialect{DialectV03, DialectV10, DialectV03REST} {
			if ev, err := DecodePush([]byte(body), d); err == nil {
				t.Errorf("%s %.40q: accepted as %s for %q", d, body, ev.Kind(), ev.TaskID())
			}
		}
	}
}
