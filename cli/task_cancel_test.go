package cli

import (
	"strings"
	"testing"
)

// Issue 32 item 17: canceling a task that is already canceled says so and
// exits 0; a task that ended otherwise says how it ended, with that
// outcome's code.
func TestTaskCancelTwiceSaysCanceled(t *testing.T) {
	base := demo(t)
	url := base + "/v0.3"
	e := newEnv(t)
	id := startSlowTask(t, url)
	wantCode(t, e.run("task", "cancel", url, id), exitOK)

	r := e.run("task", "cancel", url, id)
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stderr, "already canceled") || strings.Contains(r.stderr, "can no longer") {
		t.Errorf("second cancel: stdout %q stderr %q", r.stdout, r.stderr)
	}
	r = e.run("task", "cancel", url, id, "--json")
	wantCode(t, r, exitOK)
	if res := resultLine(t, r); res["state"] != "canceled" || res["taskId"] != id {
		t.Errorf("second cancel --json: %v", res)
	}
}

func TestTaskCancelCompletedSaysCompleted(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	for _, c := range []struct {
		text, state string
		code        int
	}{{"Hello", "completed", exitError}, {"reject", "rejected", exitTaskFailed}} {
		r := e.run("send", base, c.text, "--json")
		id, _ := resultLine(t, r)["taskId"].(string)
		r = e.run("task", "cancel", base, id)
		wantCode(t, r, c.code)
		if !strings.Contains(r.stderr, "already "+c.state) || strings.Contains(r.stderr, "(code") {
			t.Errorf("cancel of a %s task: stdout %q stderr %q", c.state, r.stdout, r.stderr)
		}
	}
}
