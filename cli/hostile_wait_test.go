package cli

import (
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/internal/hostile"
)

// Nothing waits forever: --timeout (or the config's timeout) ends send,
// task watch and card with one sentence that names the task still
// running and the command that picks it up again.
func TestTimeoutSaysHowToPickUp(t *testing.T) {
	t.Parallel()
	// The task starts, then the agent says nothing more.
	stalled := hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.SlowStream, Methods: []string{"message/stream", "tasks/resubscribe"}, Pause: time.Hour}))
	// A blocking send the agent never answers.
	silent := hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.Silent, Methods: []string{"message/send"}}))
	// A card that trickles in, a byte at a time.
	trickle := hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.Trickle, Methods: []string{"card"}, Pause: 50 * time.Millisecond}))
	pickUp := "pick it up with 'parley task watch " + stalled + " task-1'"
	// An agent that never answers about a running task.
	mute := hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.Silent, Methods: []string{"tasks/get", "tasks/resubscribe"}}))
	for _, tc := range []struct {
		args  []string
		wants []string
	}{
		// Long enough for the task to start on a loaded machine.
		{[]string{"send", stalled, "hi", "--timeout", "2s"}, []string{"did not finish within 2s", "task task-1 may still be running", pickUp}},
		{[]string{"send", stalled, "hi", "--timeout", "2s", "--json"}, []string{"did not finish within 2s", pickUp}},
		{[]string{"task", "watch", mute, "task-1", "--timeout", "300ms"}, []string{"did not finish within 300ms", "pick it up with 'parley task watch " + mute + " task-1'"}},
		{[]string{"send", silent, "hi", "--no-stream", "--timeout", "300ms"}, []string{"did not finish within 300ms", "before it said which task it started"}},
		{[]string{"card", trickle, "--timeout", "300ms"}, []string{"did not finish within 300ms"}},
	} {
		r := newEnv(t).run(tc.args...)
		wantCode(t, r, exitError)
		firstSentence(t, r, tc.wants...)
		if strings.Contains(strings.Join(tc.args, " "), "--json") {
			if line := jsonLines(t, r)[len(jsonLines(t, r))-1]; line["type"] != "error" || line["taskId"] != "task-1" {
				t.Errorf("%q: last line %v", tc.args, line)
			}
		}
	}
	// The config's timeout, when no flag is given.
	e := newEnv(t)
	e.writeConfig("timeout = \"2s\"\n")
	firstSentence(t, e.run("send", stalled, "hi"), "did not finish within 2s (timeout in the config)", pickUp)
	// A card's body has its own limit, config body_timeout.
	e.writeConfig("body_timeout = \"200ms\"\n")
	r := e.run("card", trickle)
	wantCode(t, r, exitError)
	oneSentence(t, r, "the reply did not finish within 200ms")
}

// A busy agent is waited out, and the wait is shown on stderr.
func TestBusyAgentRetryIsShown(t *testing.T) {
	t.Parallel()
	url := hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.Status, Methods: []string{"message/stream"}, Times: 1, Status: 429, RetryAfter: "1"}))
	r := newEnv(t).run("send", url, "hi")
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, hostile.Answer) || !strings.Contains(r.stderr, "parley: agent busy (HTTP 429), retrying in 1s (try 2 of 4)") {
		t.Errorf("stdout %q, stderr %q", r.stdout, r.stderr)
	}
	// retry_tries = 0 turns it off: the 429 is the answer.
	e := newEnv(t)
	e.writeConfig("retry_tries = 0\n")
	url = hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.Status, Methods: []string{"message/stream"}, Times: 1, Status: 429, RetryAfter: "1"}))
	r = e.run("send", url, "hi")
	wantCode(t, r, exitError)
	oneSentence(t, r, "HTTP 429", "try again in 1s")
}

// A malformed --header never shows its value, which is often the secret.
func TestHeaderErrorsNeverEchoTheValue(t *testing.T) {
	t.Parallel()
	for _, h := range []string{"Authorization Bearer hunter2xyz", "Bad Name: hunter2xyz", ": hunter2xyz", "X-Key: hunter2\nxyz", "hunter2xyz"} {
		for _, cmd := range [][]string{{"send", "http://127.0.0.1:1", "hi"}, {"card", "http://127.0.0.1:1"}, {"send", "http://127.0.0.1:1", "hi", "--json"}} {
			r := newEnv(t).run(append(cmd, "--header", h)...)
			wantCode(t, r, exitUsage)
			if strings.Contains(r.stdout+r.stderr, "hunter2") || strings.Contains(r.stdout+r.stderr, "xyz") {
				t.Errorf("%q: the error shows the value: %q %q", h, r.stderr, r.stdout)
			}
			if !strings.Contains(r.stderr, "--header") {
				t.Errorf("%q: the error does not name the flag: %q", h, r.stderr)
			}
		}
	}
	if r := newEnv(t).run("send", "http://127.0.0.1:1", "hi", "--header", "X-Key: hunter2\nxyz"); !strings.Contains(r.stderr, "--header X-Key") {
		t.Errorf("the error does not name the header: %q", r.stderr)
	}
}

// firstSentence is oneSentence for the first line of stderr: a send that
// started a task then says where the conversation was saved.
func firstSentence(t *testing.T, r result, wants ...string) {
	t.Helper()
	first, rest, _ := strings.Cut(r.stderr, "\n")
	if rest != "" && !strings.HasPrefix(rest, "parley: saved as context") {
		t.Errorf("stderr goes on: %q", r.stderr)
	}
	oneSentence(t, result{code: r.code, stdout: r.stdout, stderr: first + "\n"}, wants...)
}
