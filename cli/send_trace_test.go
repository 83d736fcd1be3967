package cli

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/parley-a2a/parley/demoagent"
)

// traceLog is the demo agent on loopback, logging every request's
// traceparent.
type traceLog struct {
	mu   sync.Mutex
	seen []string
}

func (l *traceLog) serve(t *testing.T) string {
	h := demoagent.New(demoagent.Options{}).Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		l.seen = append(l.seen, r.Header.Get("traceparent"))
		l.mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func (l *traceLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.seen
	l.seen = nil
	return out
}

var traceparentLine = regexp.MustCompile(`^00-([0-9a-f]{32})-([0-9a-f]{16})-01$`)

// traceOf checks every request carried the one trace id, each with a span
// id of its own, and returns it.
func traceOf(t *testing.T, seen []string) string {
	t.Helper()
	if len(seen) < 2 {
		t.Fatalf("%d requests, want the card and the send at least", len(seen))
	}
	trace, spans := "", map[string]bool{}
	for _, h := range seen {
		m := traceparentLine.FindStringSubmatch(h)
		if m == nil {
			t.Fatalf("traceparent %q not in the W3C form (all %q)", h, seen)
		}
		if trace == "" {
			trace = m[1]
		}
		if m[1] != trace || spans[m[2]] {
			t.Errorf("one command's requests: %q, want one trace id and a span id each", seen)
		}
		spans[m[2]] = true
	}
	return trace
}

// --trace sends a traceparent on every request of the command, and the
// result line names the trace id; without it nothing is sent.
func TestSendTraceFlag(t *testing.T) {
	var log traceLog
	url := log.serve(t)
	e := newEnv(t)
	r := e.run("send", url+"/v0.3/", "Hello", "--json", "--trace")
	wantCode(t, r, exitOK)
	trace := traceOf(t, log.take())
	if got := resultLine(t, r)["traceId"]; got != trace {
		t.Errorf("result line traceId %v, the agent saw %s", got, trace)
	}
	r = e.run("send", url+"/v0.3/", "Hello", "--json")
	wantCode(t, r, exitOK)
	for _, h := range log.take() {
		if h != "" {
			t.Fatalf("traceparent %q sent without --trace", h)
		}
	}
	if _, ok := resultLine(t, r)["traceId"]; ok {
		t.Error("a traceId without tracing")
	}
}

// trace = true in the config, at the top or for one agent, turns it on;
// TRACEPARENT from the environment is the parent.
func TestSendTraceFromConfigAndEnvironment(t *testing.T) {
	var log traceLog
	url := log.serve(t)
	e := newEnv(t)
	e.writeConfig("[[agents]]\nname = \"traced\"\nurl = \"" + url + "/v0.3/\"\ntrace = true\n\n[[agents]]\nname = \"plain\"\nurl = \"" + url + "/v0.3/\"\n")
	wantCode(t, e.run("send", "traced", "Hello"), exitOK)
	traceOf(t, log.take())
	wantCode(t, e.run("send", "plain", "Hello"), exitOK)
	for _, h := range log.take() {
		if h != "" {
			t.Fatalf("traceparent %q sent to an agent without trace", h)
		}
	}
	e.writeConfig("trace = true\n")
	e.vars["TRACEPARENT"] = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
	wantCode(t, e.run("send", url+"/v0.3/", "Hello"), exitOK)
	if got := traceOf(t, log.take()); got != "4bf92f3577b34da6a3ce929d0e0e4736" {
		t.Errorf("trace id %s, want TRACEPARENT's", got)
	}
}

// task and doctor take --trace too: every request of the command carries
// the command's trace id.
func TestTaskAndDoctorTrace(t *testing.T) {
	var log traceLog
	url := log.serve(t) + "/v0.3/"
	e := newEnv(t)
	r := e.run("send", url, "Hello", "--json")
	wantCode(t, r, exitOK)
	taskID, _ := resultLine(t, r)["taskId"].(string)
	log.take()
	wantCode(t, e.run("task", "get", url, taskID, "--trace"), exitOK)
	traceOf(t, log.take())
	r = e.run("doctor", url, "--trace", "--read-only")
	if r.code != exitOK && r.code != exitError {
		t.Fatalf("doctor exit %d: %s", r.code, r.stderr)
	}
	traceOf(t, log.take())
}

// In text mode the trace id is shown too: on a terminal at the end of
// the quiet timings line, piped as a note on stderr (stdout stays the
// answer).
func TestSendTraceInTextMode(t *testing.T) {
	var log traceLog
	url := log.serve(t)
	e := newEnv(t)
	e.terminal = true
	r := e.run("send", url+"/v0.3/", "Hello", "--trace")
	wantCode(t, r, exitOK)
	trace := traceOf(t, log.take())
	if !regexp.MustCompile(`(?m)^first token .* · trace ` + trace + `$`).MatchString(r.stdout) {
		t.Errorf("no trace %s at the end of the timings line:\n%s", trace, r.stdout)
	}
	e.terminal = false
	r = e.run("send", url+"/v0.3/", "Hello", "--trace")
	wantCode(t, r, exitOK)
	trace = traceOf(t, log.take())
	if !strings.Contains(r.stderr, "parley: trace id "+trace+"\n") || strings.Contains(r.stdout, trace) {
		t.Errorf("piped: want the trace id %s on stderr only\nstdout:\n%s\nstderr:\n%s", trace, r.stdout, r.stderr)
	}
	r = e.run("send", url+"/v0.3/", "Hello")
	if strings.Contains(r.stderr, "trace id") {
		t.Errorf("a trace note without tracing: %s", r.stderr)
	}
}

// parley help send names every field its --json result line can carry.
func TestHelpSendNamesTimingsAndTraceID(t *testing.T) {
	r := newEnv(t).run("help", "send")
	for _, want := range []string{`"timings"`, `"traceId"`, `"storeId"`} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("help send's result line lacks %s:\n%s", want, r.stdout)
		}
	}
}
