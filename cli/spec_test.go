package cli

import (
	"net"
	"strings"
	"testing"
)

// closedURL is a loopback address nothing listens on.
func closedURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

// PARLEY_EXIT_CODES=spec gives the A2A CLI specification's exit codes:
// the task's outcome is 0 (with a warning), unreachable 3, refused
// authentication 4, timeout 5; usage stays 2. Without it parley's own
// codes hold.
func TestSpecExitCodes(t *testing.T) {
	base := demo(t)
	down := closedURL(t)
	for _, tc := range []struct {
		args           []string
		parley, spec   int
		code, stderrIs string
	}{
		{[]string{"send", base, "Fail on purpose", "--json"}, exitTaskFailed, 0, "", "did not complete"},
		{[]string{"send", base, "Book a flight", "--json"}, exitNeedsInput, 0, "", "did not complete"},
		{[]string{"send", base, "ping", "--json"}, exitOK, 0, "", ""},
		{[]string{"send", down, "hi", "--json"}, exitError, 3, "A2ACLI_ERR_UNREACHABLE", ""},
		{[]string{"send", base + "/secure", "hi", "--json"}, exitAuthRefused, 4, "A2ACLI_ERR_CREDENTIALS_MISSING", ""},
		{[]string{"send", base, "slow", "--json", "--timeout", "50ms"}, exitError, 5, "A2ACLI_ERR_TIMEOUT", ""},
		{[]string{"send", base, "--json"}, exitUsage, 2, "A2ACLI_ERR_USAGE", ""},
		{[]string{"task", "get", base, "no-such-task", "--json"}, exitError, 1, "TaskNotFoundError", ""},
	} {
		for _, spec := range []bool{false, true} {
			e := newEnv(t)
			want := tc.parley
			if spec {
				e.vars[specExitVar] = "spec"
				want = tc.spec
			}
			r := e.run(tc.args...)
			if r.code != want {
				t.Errorf("%q (spec %v): exit %d, want %d\nstderr: %s", tc.args, spec, r.code, want, r.stderr)
				continue
			}
			lines := jsonLines(t, r)
			last := lines[len(lines)-1]
			if tc.code != "" && (last["code"] != tc.code || last["exitCode"] != float64(want)) {
				t.Errorf("%q (spec %v): error line %v, want code %s and exitCode %d", tc.args, spec, last, tc.code, want)
			}
			if spec && tc.stderrIs != "" && !strings.Contains(r.stderr, tc.stderrIs) {
				t.Errorf("%q: stderr %q does not name the outcome", tc.args, r.stderr)
			}
		}
	}
}

// The specification's spellings work as parley's: card get, -o json,
// --context-id and --task-id.
func TestSpecSpellings(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	r := e.run("card", "get", base, "-o", "json")
	wantCode(t, r, exitOK)
	if card := jsonLines(t, r)[0]; card["name"] != "parley demo" {
		t.Errorf("card get -o json = %v", card)
	}
	r = e.run("send", base, "Book a flight to Lisbon", "--output=json")
	wantCode(t, r, exitNeedsInput)
	res := resultLine(t, r)
	r = e.run("send", base, "Amsterdam", "-o", "json", "--task-id", res["taskId"].(string), "--context-id", res["contextId"].(string))
	wantCode(t, r, exitOK)
	if again := resultLine(t, r); again["taskId"] != res["taskId"] || again["state"] != "completed" {
		t.Errorf("the answer did not continue the task: %v", again)
	}
	if r := e.run("send", base, "hi", "-o", "yaml"); r.code != exitUsage || !strings.Contains(r.stderr, "--output is text or json") {
		t.Errorf("-o yaml: %d %q", r.code, r.stderr)
	}
}
