package cli

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
)

// A form answered with send --action is a turn whose message has no
// text: diff words it as contexts show does, not as an empty "you:".
func TestContextsDiffWordsAFormAnswer(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	first := e.run("send", base, "book a table", "--json")
	wantCode(t, first, exitNeedsInput)
	task, _ := resultLine(t, first)["taskId"].(string)
	a := storedID(t, first)
	r := e.run("send", base, "--task", task, "--action", "book", "--set", "/booking/name=Ada", "--set", "guests=Four")
	wantCode(t, r, exitOK)
	b := storedID(t, e.run("send", base, "book a table", "--json"))

	r = e.run("contexts", "diff", b, a)
	wantCode(t, r, exitDiffer)
	if !strings.Contains(r.stdout, "Turn 2 · only in B") || !strings.Contains(r.stdout, "you: answered the form · ") || !strings.Contains(r.stdout, "name=Ada") {
		t.Errorf("diff does not word the form's answer:\n%s", r.stdout)
	}
	if regexp.MustCompile(`(?m)you:\s*$`).MatchString(r.stdout) {
		t.Errorf("diff shows an empty \"you:\":\n%s", r.stdout)
	}
}

// Piped (not a terminal) with COLUMNS unset, diff fits 80 columns.
func TestContextsDiffPipedFitsEightyColumns(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	a := storedID(t, e.run("send", base, "Tell me about streaming"))
	b := storedID(t, e.run("send", base, "Tell me about data"))
	r := e.run("contexts", "diff", a, b)
	wantCode(t, r, exitDiffer)
	for _, l := range strings.Split(r.stdout, "\n") {
		if ansi.StringWidth(l) > 80 {
			t.Fatalf("a piped diff line is %d columns wide: %q", ansi.StringWidth(l), l)
		}
	}
	e.vars = map[string]string{"COLUMNS": "100"}
	r = e.run("contexts", "diff", a, b)
	wide := false
	for _, l := range strings.Split(r.stdout, "\n") {
		wide = wide || ansi.StringWidth(l) > 80
	}
	if !wide {
		t.Errorf("COLUMNS=100 is not used:\n%s", r.stdout)
	}
}

// A task that waits gets one way to go on: the reply, by the stored
// context's number, or the form's action when it shows a form; the
// saved line then only says where it was saved.
func TestSendThatWaitsSaysOneNextStep(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	r := e.run("send", base, "Book a flight")
	wantCode(t, r, exitNeedsInput)
	id := storedID(t, r)
	all := r.stdout + r.stderr
	if want := "Reply with: parley send --context " + id + " 'your answer'\n"; !strings.Contains(r.stdout, want) {
		t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
	}
	if strings.Count(all, "parley send") != 1 || strings.Contains(r.stderr, "continue with") {
		t.Errorf("more than one next step:\n%s%s", r.stdout, r.stderr)
	}
	r = e.run("send", "--context", id, "From London, tomorrow")
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, "Booked: a flight") {
		t.Errorf("--context N did not answer the waiting task:\n%s%s", r.stdout, r.stderr)
	}
	if !strings.Contains(r.stderr, "continue with 'parley send --context "+id+" TEXT'") {
		t.Errorf("a finished task's next step is gone:\n%s", r.stderr)
	}

	r = e.run("send", base, "Book a table")
	wantCode(t, r, exitNeedsInput)
	all = r.stdout + r.stderr
	if !strings.Contains(r.stdout, "Answer the form with: parley send") || strings.Contains(all, "Reply with") || strings.Contains(all, "continue with") {
		t.Errorf("a form's task has more than the form's next step:\n%s%s", r.stdout, r.stderr)
	}
}

// A first event sooner than a millisecond reads "< 1 ms", not "0 ms".
func TestTimingsUnderAMillisecond(t *testing.T) {
	line := turnLine(&session.Turn{Timings: session.Timings{FirstEvent: 500 * time.Microsecond, Final: 601 * time.Millisecond}})
	if line != "first event < 1 ms · done in 601 ms" {
		t.Errorf("turn line = %q", line)
	}
}

// A data part cut short in the text output says how to see all of it,
// once a command.
func TestCutDataSaysHowToSeeAll(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	r := e.run("send", base, "Show me the itinerary data")
	wantCode(t, r, exitOK)
	hint := "… (--json for all of it)" // --output-dir saves files, not data
	if !strings.Contains(r.stdout, "[data] itinerary: ") || strings.Count(r.stdout, hint) != 1 {
		t.Errorf("the cut data part does not say how to see it all:\n%s", r.stdout)
	}
}

// A form a saved conversation's task waits on is answered by the
// conversation's number, as the form's line says.
func TestSendActionByStoredNumber(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	r := e.run("send", base, "Book a table")
	wantCode(t, r, exitNeedsInput)
	id := storedID(t, r)
	if want := "Answer the form with: parley send --context " + id + " --action book [--set PATH=VALUE]…"; !strings.Contains(r.stdout, want) {
		t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
	}
	r = e.run("send", "--context", id, "--action", "book", "--set", "/booking/name=Ada", "--set", "guests=Four")
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, "Booked: a table for 4") || !strings.Contains(r.stderr, "saved as context "+id+";") {
		t.Errorf("--context N --action did not answer the form in conversation %s:\n%s%s", id, r.stdout, r.stderr)
	}
	r = e.run("send", "--context", id, "--action", "book")
	wantCode(t, r, exitUsage)
	if !strings.Contains(r.stderr, "no task waiting") {
		t.Errorf("a conversation with no waiting task: %s", r.stderr)
	}
}
