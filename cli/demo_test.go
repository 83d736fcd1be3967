package cli

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/syncbuf"
)

// Every dialect the demo agent serves, as a new user would reach it: a
// base URL, with --dialect only for the REST interfaces the root card
// lists after its JSON-RPC one.
var dialectCases = []struct {
	name, path string
	flags      []string
	dialect    string
}{
	{"root", "", nil, "v1.0"},
	{"v0.1", "/v0.1", nil, "v0.1"},
	{"v0.2", "/v0.2", nil, "v0.2"},
	{"v0.3", "/v0.3", nil, "v0.3"},
	{"v1.0", "/v1.0", nil, "v1.0"},
	{"gateway", "/gateway", nil, "gateway"},
	{"v1.0-rest", "", []string{"--dialect", "v1.0-rest"}, "v1.0-rest"},
	{"v0.3-rest", "/v0.3", []string{"--dialect", "v0.3-rest"}, "v0.3-rest"},
}

func TestSendEveryDialect(t *testing.T) {
	base := demo(t)
	for _, tc := range dialectCases {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			r := e.run(append([]string{"send", base + tc.path, "Hello", "--json"}, tc.flags...)...)
			wantCode(t, r, exitOK)
			res := resultLine(t, r)
			if res["dialect"] != tc.dialect || res["state"] != "completed" || res["taskId"] == "" {
				t.Errorf("result = %v", res)
			}
			if text, _ := res["text"].(string); !strings.Contains(text, "You said: *Hello*") {
				t.Errorf("text = %q", text)
			}
			arts, _ := res["artifacts"].([]any)
			if len(arts) != 1 {
				t.Fatalf("artifacts = %v", res["artifacts"])
			}
			part := arts[0].(map[string]any)["parts"].([]any)[0].(map[string]any)
			if part["kind"] != "text" || part["text"] != res["text"] {
				t.Errorf("artifact part = %v", part)
			}
			if lines := jsonLines(t, r); len(lines) < 3 {
				t.Errorf("only %d lines: the answer should stream as events", len(lines))
			}
		})
	}
}

func TestCardEveryDialect(t *testing.T) {
	base := demo(t)
	for _, tc := range dialectCases {
		t.Run(tc.name, func(t *testing.T) {
			r := newEnv(t).run(append([]string{"card", base + tc.path, "--json"}, tc.flags...)...)
			wantCode(t, r, exitOK)
			card := jsonLines(t, r)[0]
			if card["dialect"] != tc.dialect || card["name"] != "parley demo" {
				t.Errorf("card = %v", card)
			}
			if w, _ := card["warnings"].([]any); len(w) > 0 {
				t.Errorf("warnings for a good card: %v", w)
			}
			skills, _ := card["skills"].([]any)
			if len(skills) < 5 {
				t.Errorf("skills = %v", skills)
			}
		})
	}
	r := newEnv(t).run("card", base)
	wantCode(t, r, exitOK)
	for _, want := range []string{"Name:", "parley demo", "Dialect:      v1.0 JSON-RPC", "Endpoint:", "Transport:", "Capabilities: streaming", "book-flight", "example: Book a flight to Lisbon"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("card output lacks %q:\n%s", want, r.stdout)
		}
	}
}

func TestSendOutcomesAndExitCodes(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	for _, tc := range []struct {
		text, state string
		code        int
	}{
		{"Fail on purpose", "failed", exitTaskFailed},
		{"Reject this", "rejected", exitTaskFailed},
		{"Sign in first", "auth-required", exitNeedsInput},
		{"ping", "message", exitOK},
		{"Show me the itinerary data", "completed", exitOK},
	} {
		r := e.run("send", base+"/v0.3", tc.text, "--json")
		wantCode(t, r, tc.code)
		if res := resultLine(t, r); res["state"] != tc.state {
			t.Errorf("%q: state %v, want %s", tc.text, res["state"], tc.state)
		}
	}
}

func TestInputRequiredRoundTrip(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	r := e.run("send", base, "Book a flight to Lisbon", "--json")
	wantCode(t, r, exitNeedsInput)
	res := resultLine(t, r)
	if res["state"] != "input-required" || res["statusText"] == "" {
		t.Fatalf("result = %v", res)
	}
	taskID, contextID := res["taskId"].(string), res["contextId"].(string)
	r = e.run("send", base, "Amsterdam", "--task", taskID, "--context-id", contextID, "--json")
	wantCode(t, r, exitOK)
	res = resultLine(t, r)
	if res["taskId"] != taskID || res["state"] != "completed" || !strings.Contains(res["text"].(string), "Amsterdam") {
		t.Errorf("result = %v", res)
	}
}

func TestSendTextOutput(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	r := e.run("send", base, "Hello")
	wantCode(t, r, exitOK)
	for _, want := range []string{"# Hello from the parley demo agent", "You said: *Hello*", "[completed]"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, r.stdout)
		}
	}
	if strings.Count(r.stdout, "You said: *Hello*") != 1 {
		t.Errorf("the answer is printed more than once:\n%s", r.stdout)
	}
	r = e.run("send", base, "Book a flight")
	wantCode(t, r, exitNeedsInput)
	if !strings.Contains(r.stdout, "[input-required]") || !strings.Contains(r.stdout, "Reply with: parley send") {
		t.Errorf("output:\n%s", r.stdout)
	}
	r = e.run("send", base, "Show me the itinerary data")
	if !strings.Contains(r.stdout, "[file] itinerary.csv (text/csv") || !strings.Contains(r.stdout, "[data] ") {
		t.Errorf("output:\n%s", r.stdout)
	}
}

func TestSendNoStream(t *testing.T) {
	base := demo(t)
	r := newEnv(t).run("send", base+"/v0.2", "Hello", "--no-stream", "--json")
	wantCode(t, r, exitOK)
	lines := jsonLines(t, r)
	if len(lines) != 2 || lines[0]["type"] != "task" {
		t.Errorf("--no-stream lines = %v", lines)
	}
	if res := resultLine(t, r); res["state"] != "completed" {
		t.Errorf("result = %v", res)
	}
}

func TestSecureAgent(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	r := e.run("send", base+"/secure", "Hello", "--json")
	wantCode(t, r, exitAuthRefused)
	lines := jsonLines(t, r)
	if last := lines[len(lines)-1]; last["type"] != "error" || !strings.Contains(last["error"].(string), "401") {
		t.Errorf("error line = %v", last)
	}
	if !strings.Contains(r.stderr, "401") {
		t.Errorf("stderr = %q", r.stderr)
	}
	r = e.run("send", base+"/secure", "Hello", "--header", "Authorization: Bearer demo-token", "--json")
	wantCode(t, r, exitOK)

	e.writeConfig(`[[agents]]
name = "secure"
url = "` + base + `/secure"
auth = "apikey"
api_key_name = "X-API-Key"
token = "env:DEMO_KEY"
`)
	r = e.run("send", "secure", "Hello", "--json")
	wantCode(t, r, exitError) // DEMO_KEY is not set
	if !strings.Contains(r.stderr, "DEMO_KEY is not set") {
		t.Errorf("stderr = %q", r.stderr)
	}
	e.vars["DEMO_KEY"] = "demo-key"
	r = e.run("send", "secure", "Hello", "--json")
	wantCode(t, r, exitOK)
	// The URL of a configured agent gets its credentials too.
	r = e.run("send", base+"/secure", "ping", "--json")
	wantCode(t, r, exitOK)
}

func TestBadConfigReported(t *testing.T) {
	e := newEnv(t)
	e.writeConfig("[[agents]]\nname = \"x\"\nurl = \"http://127.0.0.1:1\"\nauth = \"bearer\"\ntoken = \"hunter2\"\n")
	r := e.run("card", "x")
	wantCode(t, r, exitError)
	if !strings.Contains(r.stderr, e.config+":5: ") || !strings.Contains(r.stderr, "env:VAR") {
		t.Errorf("stderr = %q", r.stderr)
	}
	if strings.Contains(r.stderr, "hunter2") {
		t.Errorf("the error repeats the secret: %q", r.stderr)
	}
}

// startSlowTask starts the demo agent's minute-long task without waiting.
func startSlowTask(t *testing.T, url string) string {
	t.Helper()
	c, err := a2aclient.Resolve(context.Background(), url, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Send(context.Background(), a2aclient.SendRequest{NonBlocking: true,
		Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("Try a slow task")}}})
	if err != nil || res.Task == nil {
		t.Fatalf("start slow task: %+v, %v", res, err)
	}
	return res.Task.ID
}

func TestTaskGetCancelWatch(t *testing.T) {
	base := demo(t)
	url := base + "/v0.3"
	e := newEnv(t)
	id := startSlowTask(t, url)

	r := e.run("task", "get", url, id, "--json")
	wantCode(t, r, exitOK)
	if res := resultLine(t, r); res["taskId"] != id || (res["state"] != "working" && res["state"] != "submitted") {
		t.Errorf("get = %v", res)
	}

	watchDone := make(chan result, 1)
	go func() { watchDone <- e.run("task", "watch", url, id, "--json") }()

	r = e.run("task", "cancel", url, id, "--json")
	wantCode(t, r, exitOK)
	if res := resultLine(t, r); res["taskId"] != id {
		t.Errorf("cancel = %v", res)
	}

	w := <-watchDone
	wantCode(t, w, exitTaskFailed)
	if res := resultLine(t, w); res["state"] != "canceled" {
		t.Errorf("watch ended with %v", res)
	}

	r = e.run("task", "get", url, "no-such-task")
	wantCode(t, r, exitError)
	if !strings.Contains(r.stderr, "does not know this task") {
		t.Errorf("stderr = %q", r.stderr)
	}
}

func TestInterruptPrintsTaskID(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut syncbuf.Buffer
	done := make(chan int, 1)
	go func() { done <- Run(ctx, []string{"send", base, "Try a slow task", "--json"}, e.env(&out, &errOut)) }()
	// Interrupt once the task has started: its first event is on stdout.
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), `"type":"task"`) && !strings.Contains(out.String(), "status-update") {
		if time.Now().After(deadline) {
			t.Fatalf("no event before the deadline; stdout %q stderr %q", out.String(), errOut.String())
		}
		time.Sleep(2 * time.Millisecond)
	}
	cancel()
	code := <-done
	r := result{code: code, stdout: out.String(), stderr: errOut.String()}
	wantCode(t, r, exitInterrupted)
	lines := jsonLines(t, r)
	last := lines[len(lines)-1]
	id, _ := last["taskId"].(string)
	if last["type"] != "error" || id == "" || !strings.Contains(r.stderr, "parley task watch") || !strings.Contains(r.stderr, id) {
		t.Errorf("last line %v, stderr %q", last, r.stderr)
	}
	// The task keeps running: cancel it so the demo agent can stop.
	newEnv(t).run("task", "cancel", base, id)
}

func TestDemoTour(t *testing.T) {
	r := newEnv(t).run("--demo")
	wantCode(t, r, exitOK)
	for _, want := range []string{"$ parley card", "Hello from the parley demo agent", "[input-required]", "--task", "Booked", "'Book a table'\n", "booking (A2UI v0.9)", "pong", "[failed]", "over gRPC", "/grpc/ ping\npong: ping", "That was the tour"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("tour output lacks %q", want)
		}
	}
}
