package cli

import (
	"strings"
	"testing"
)

// After the "parley: " prefix an error reads on in lower case, as one
// sentence; the JSON error, standing alone, keeps its capital.
func TestErrorLineReadsOnAfterPrefix(t *testing.T) {
	e := newEnv(t)
	r := e.run("send", "http://127.0.0.1:1", "hi", "--timeout")
	wantCode(t, r, exitUsage)
	if !strings.HasPrefix(r.stderr, "parley: flag needs an argument") {
		t.Errorf("stderr: %s", r.stderr)
	}
	r = e.run("task", "push", "set", demo(t), "some-task")
	if !strings.HasPrefix(r.stderr, "parley: the push receiver has no fixed address") {
		t.Errorf("stderr: %s", r.stderr)
	}
	r = e.run("task", "push", "set", demo(t), "some-task", "--json")
	if l := jsonLines(t, r); len(l) == 0 || !strings.HasPrefix(l[len(l)-1]["error"].(string), "The push receiver") {
		t.Errorf("json: %s", r.stdout)
	}
	if got := uncap("HTTP 401 from the agent."); got != "HTTP 401 from the agent." {
		t.Errorf("uncap kept no acronym: %q", got)
	}
}

// A misspelt command gets a suggestion.
func TestUnknownCommandSuggests(t *testing.T) {
	r := newEnv(t).run("sned", "x", "y")
	wantCode(t, r, exitUsage)
	if !strings.Contains(r.stderr, `unknown command "sned"; did you mean send?`) {
		t.Errorf("stderr: %s", r.stderr)
	}
	r = newEnv(t).run("zzzzzz")
	if strings.Contains(r.stderr, "did you mean") {
		t.Errorf("a suggestion for nothing like a command: %s", r.stderr)
	}
}
