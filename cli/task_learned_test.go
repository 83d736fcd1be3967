package cli

import (
	"fmt"
	"testing"
)

// Issue 32 item 14: what parley learns about a task it holds from the
// command line (task cancel, get, watch) updates the stored conversation,
// and `parley contexts` shows the new state.
func TestTaskCommandsUpdateTheStoredState(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	lastState := func(id string) string {
		t.Helper()
		r := e.run("contexts", "--json")
		wantCode(t, r, exitOK)
		for _, c := range jsonLines(t, r) {
			if fmt.Sprint(c["id"]) == id {
				return fmt.Sprint(c["lastState"])
			}
		}
		t.Fatalf("context %s is not listed: %s", id, r.stdout)
		return ""
	}
	for _, sub := range []string{"cancel", "get", "watch"} {
		r := e.run("send", base, "Try a slow task", "--async", "--json")
		wantCode(t, r, exitOK)
		id := storedID(t, r)
		task, _ := resultLine(t, r)["taskId"].(string)
		if st := lastState(id); st != "submitted" && st != "working" {
			t.Fatalf("%s: stored state %q before", sub, st)
		}
		if sub != "cancel" {
			// Canceled behind parley's back: the agent knows, the store not.
			startCancel(t, base, task)
		}
		r = e.run("task", sub, base, task)
		if r.code != exitOK && r.code != exitTaskFailed {
			t.Fatalf("task %s: exit %d: %s", sub, r.code, r.stderr)
		}
		if st := lastState(id); st != "canceled" {
			t.Errorf("after task %s, contexts shows %q, want canceled", sub, st)
		}
	}
}

// startCancel cancels a task with a client of its own, not through parley.
func startCancel(t *testing.T, url, taskID string) {
	t.Helper()
	r := newEnv(t).run("task", "cancel", url, taskID)
	wantCode(t, r, exitOK)
}
