package cli

import (
	"regexp"
	"strings"
	"testing"
)

// The result line of `parley send --json` carries what the turn measured,
// in milliseconds.
func TestSendJSONCarriesTimings(t *testing.T) {
	e := newEnv(t)
	r := e.run("send", demo(t), "Hello", "--json")
	wantCode(t, r, exitOK)
	res := resultLine(t, r)
	tm, ok := res["timings"].(map[string]any)
	if !ok {
		t.Fatalf("result line has no timings: %v", res)
	}
	for _, k := range []string{"firstByteMs", "firstEventMs", "firstTextMs", "finalMs"} {
		if v, ok := tm[k].(float64); !ok || v <= 0 {
			t.Errorf("timings[%q] = %v, want a positive number of ms (%v)", k, tm[k], tm)
		}
	}
	if tm["finalMs"].(float64) < tm["firstEventMs"].(float64) {
		t.Errorf("final before the first event: %v", tm)
	}
}

// humanTime matches session.HumanDuration: "180 ms", "2.4 s", "< 1 ms".
const humanTime = `(< 1 ms|\d+(\.\d)? (ms|s))`

// On a terminal, text output ends with one quiet line of timings; piped,
// it does not.
func TestSendTextShowsTimingsOnATerminal(t *testing.T) {
	e := newEnv(t)
	url := demo(t)
	e.terminal = true
	r := e.run("send", url, "Hello")
	wantCode(t, r, exitOK)
	line := regexp.MustCompile(`(?m)^first token ` + humanTime + ` · done in ` + humanTime + `$`)
	if !line.MatchString(r.stdout) {
		t.Errorf("no timings line on a terminal:\n%s", r.stdout)
	}
	e.terminal = false
	r = e.run("send", url, "Hello")
	wantCode(t, r, exitOK)
	if strings.Contains(r.stdout, "first token") {
		t.Errorf("timings printed when not on a terminal:\n%s", r.stdout)
	}
}

// contexts show and the JSON export carry each turn's timings.
func TestContextsShowCarriesTimings(t *testing.T) {
	e := newStoreEnv(t)
	id := storedID(t, e.run("send", demo(t), "Hello"))
	r := e.run("contexts", "show", id)
	wantCode(t, r, exitOK)
	if !regexp.MustCompile(`(?m)^    \(first token ` + humanTime + ` · done in ` + humanTime + `\)$`).MatchString(r.stdout) {
		t.Errorf("contexts show has no timings under the user's message:\n%s", r.stdout)
	}
	r = e.run("contexts", "export", id, "--format", "json")
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, `"finalMs"`) {
		t.Errorf("the export has no timings:\n%s", r.stdout)
	}
}
