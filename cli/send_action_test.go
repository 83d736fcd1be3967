package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSendActionAnswersTheForm: parley send shows the demo's A2UI form
// with how to answer it; --action with --set answers it as pressing its
// Book button would, in v1.0 and in v0.3 (whose data parts are objects).
func TestSendActionAnswersTheForm(t *testing.T) {
	url := demo(t)
	for _, dialect := range []string{"v1.0", "v0.3"} {
		e := newEnv(t)
		e.store = filepath.Join(t.TempDir(), "store.db")
		first := e.run("send", url, "book a table", "--dialect", dialect, "--json")
		wantCode(t, first, exitNeedsInput)
		task, _ := resultLine(t, first)["taskId"].(string)
		shown := e.run("send", url, "book a table", "--dialect", dialect)
		wantCode(t, shown, exitNeedsInput)
		for _, want := range []string{"## Book a table", "Name: [] (! Name is required)", "Answer the form with: parley send", "--action book", "inputs: /booking/name, /booking/when, /booking/guests, /booking/terrace"} {
			if !strings.Contains(shown.stdout, want) {
				t.Errorf("%s: the form's text lacks %q:\n%s", dialect, want, shown.stdout)
			}
		}
		r := e.run("send", url, "--dialect", dialect, "--task", task, "--action", "book",
			"--set", "/booking/name=Ada", "--set", "guests=Four", "--set", "/booking/terrace=yes")
		wantCode(t, r, 0)
		if !strings.Contains(r.stdout, "Booked: a table for 4, on the terrace, under the name Ada") {
			t.Errorf("%s: answer:\n%s\n%s", dialect, r.stdout, r.stderr)
		}
	}
}

// TestSendActionSaysWhatIsWrong: a bad --action or --set is a usage
// error naming what the form has.
func TestSendActionSaysWhatIsWrong(t *testing.T) {
	url := demo(t)
	e := newEnv(t)
	e.store = filepath.Join(t.TempDir(), "store.db")
	task, _ := resultLine(t, e.run("send", url, "book a table", "--json"))["taskId"].(string)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--action", "book"}, "--action answers the form a task shows"},
		{[]string{"--task", task, "--set", "/booking/name=Ada"}, "add --action"},
		{[]string{"--task", task, "--action", "pay"}, "has no button \"pay\"; its buttons send: cancel, book"},
		{[]string{"--task", task, "--action", "book"}, "is disabled (Name is required)"},
		{[]string{"--task", task, "--action", "book", "--set", "/booking/colour=red"}, "no input at /booking/colour; its inputs are /booking/name"},
		{[]string{"--task", task, "--action", "book", "--set", "/booking/guests=12"}, "has no option \"12\""},
		{[]string{"--task", task, "--action", "book", "--set", "noequals"}, "needs PATH=VALUE"},
	} {
		r := e.run(append([]string{"send", url}, c.args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, r.code, r.stderr, exitUsage, c.want)
		}
	}
}
