package cli

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session/a2ui"
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

// TestFormAnswerSendsTheDataModelWhenAsked: a v0.9 surface made with
// sendDataModel has its data model, with what --set entered, go along in
// a2uiClientDataModel; a surface without it sends none.
func TestFormAnswerSendsTheDataModelWhenAsked(t *testing.T) {
	for _, send := range []bool{true, false} {
		var data any
		msgs := strings.Replace(bookingV09, `"catalogId"`, fmt.Sprintf(`"sendDataModel": %v, "catalogId"`, send), 1)
		if err := json.Unmarshal([]byte(msgs), &data); err != nil {
			t.Fatal(err)
		}
		part := a2aclient.Part{Kind: a2aclient.PartData, Data: data, Metadata: map[string]any{"mimeType": a2ui.MimeType}}
		task := &a2aclient.Task{ID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateInputRequired,
			Message: &a2aclient.Message{ID: "m1", Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{part}}}}
		_, dm, err := formAnswer(task, "book", []string{"/name=Grace"}, time.Unix(0, 0))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(dm)
		if send != strings.Contains(string(got), `"booking":{`) || send != strings.Contains(string(got), `"name":"Grace"`) {
			t.Errorf("sendDataModel %v: data model %s", send, got)
		}
	}
}

// TestTaskGetShowsTheForm: parley task get draws the form a task waits
// on, with how to answer it.
func TestTaskGetShowsTheForm(t *testing.T) {
	url := demo(t)
	e := newEnv(t)
	e.store = filepath.Join(t.TempDir(), "store.db")
	task, _ := resultLine(t, e.run("send", url, "book a table", "--json"))["taskId"].(string)
	r := e.run("task", "get", url, task)
	wantCode(t, r, exitNeedsInput)
	for _, want := range []string{"## Book a table", "[[ Book ]] → action book", "Answer the form with: parley send " + url + " --task " + task + " --action book"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("task get lacks %q:\n%s", want, r.stdout)
		}
	}
}

// parley task get of a booking that completed draws its form as closed:
// no button offers its action, none says it is disabled, and a line says
// the form is closed.
func TestTaskGetDrawsAFinishedFormClosed(t *testing.T) {
	url := demo(t)
	e := newEnv(t)
	e.store = filepath.Join(t.TempDir(), "store.db")
	task, _ := resultLine(t, e.run("send", url, "book a table", "--json"))["taskId"].(string)
	wantCode(t, e.run("send", url, "--task", task, "--action", "book", "--set", "/booking/name=Ada"), 0)
	r := e.run("task", "get", url, task)
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, "✓ form closed") || !strings.Contains(r.stdout, "Name: [Ada]") || strings.Contains(r.stdout, "(disabled") || strings.Contains(r.stdout, "→ action") {
		t.Errorf("the finished form is not drawn closed:\n%s", r.stdout)
	}
}
