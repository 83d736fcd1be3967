package cli

import (
	"bytes"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/oauthtest"
)

// recordingDemo is the demo agent behind a server that keeps every
// request body, to see what parley sent.
func recordingDemo(t *testing.T) (string, func() string) {
	var mu sync.Mutex
	var bodies bytes.Buffer
	h := demoagent.New(demoagent.Options{}).Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		bodies.Write(b)
		bodies.WriteByte('\n')
		mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(b))
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, func() string {
		mu.Lock()
		defer mu.Unlock()
		return bodies.String()
	}
}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// --file attaches files with their bytes, name and a detected MIME type,
// saying so with their size; --data adds a data part, inline or from
// @file; all after the text.
func TestSendFilesAndData(t *testing.T) {
	base, sent := recordingDemo(t)
	dir := t.TempDir()
	csv := writeFile(t, dir, "trips.csv", []byte("from,to\nBerlin,Lisbon\n"))
	png := writeFile(t, dir, "picture", append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 40)...))
	js := writeFile(t, dir, "q.json", []byte(`{"seats": 2, "class": "economy"}`))
	e := newEnv(t)
	r := e.run("send", base, "Look at these", "--file", csv, "--file", png, "--data", `{"budget":900}`, "--json")
	wantCode(t, r, exitOK)
	for _, want := range []string{"attaching trips.csv (text/csv; charset=utf-8, 22 B)", "attaching picture (image/png, 48 B)"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr does not say %q: %s", want, r.stderr)
		}
	}
	body := sent()
	for _, want := range []string{base64.StdEncoding.EncodeToString([]byte("from,to\nBerlin,Lisbon\n")), "trips.csv", "image/png", `"budget":900`, "Look at these"} {
		if !strings.Contains(body, want) {
			t.Errorf("the request does not hold %q", want)
		}
	}
	// Data alone, from a file: no text needed.
	r = e.run("send", base, "--data", "@"+js, "--json")
	wantCode(t, r, exitOK)
	if !strings.Contains(sent(), `"class":"economy"`) {
		t.Errorf("--data @file was not sent")
	}
}

// Bad input is one sentence and exit 2, before anything is sent.
func TestSendBadInput(t *testing.T) {
	base, sent := recordingDemo(t)
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.json", []byte(`{"a": }`))
	blocker := writeFile(t, dir, "file", []byte("x"))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"send", base, "hi", "--file", filepath.Join(dir, "missing.pdf")}, "parley: cannot read --file " + filepath.Join(dir, "missing.pdf") + ": no such file or directory"},
		{[]string{"send", base, "hi", "--file", dir}, "it is a directory"},
		{[]string{"send", base, "hi", "--data", `{"a": }`}, "--data is not JSON"},
		{[]string{"send", base, "hi", "--data", `{"a":1} {"b":2}`}, "more than one JSON value"},
		{[]string{"send", base, "hi", "--data", "@" + bad}, "is not JSON"},
		{[]string{"send", base, "hi", "--data", "@" + filepath.Join(dir, "nope.json")}, "parley: cannot read --data"},
		{[]string{"send", base, "hi", "--output-dir", filepath.Join(blocker, "sub")}, "parley: cannot use --output-dir"},
		{[]string{"send", base, "-"}, "no standard input"},
		{[]string{"send", base, "  "}, "parley: the text to send is empty"},
	} {
		r := newEnv(t).run(tc.args...)
		if r.code != exitUsage {
			t.Errorf("%q: exit %d, want 2 (%s)", tc.args, r.code, r.stderr)
		}
		oneSentence(t, r, tc.want)
	}
	if strings.Contains(sent(), "message") {
		t.Errorf("bad input still sent a message: %s", sent())
	}
}

// The text comes from standard input when TEXT is "-", or left out with
// input piped.
func TestSendTextFromStdin(t *testing.T) {
	base, sent := recordingDemo(t)
	e := newEnv(t)
	r := e.runStdin("piped question\n", "send", base, "--json")
	wantCode(t, r, exitOK)
	r = e.runStdin("dash question", "send", base, "-", "--json")
	wantCode(t, r, exitOK)
	body := sent()
	if !strings.Contains(body, `"piped question"`) || !strings.Contains(body, `"dash question"`) {
		t.Errorf("stdin text not sent: %s", body)
	}
}

// --async prints the task and its context at once and exits 0; the task
// goes on running on the agent.
func TestSendAsync(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	r := e.run("send", base, "Try a slow task", "--async")
	wantCode(t, r, exitOK)
	var id string
	for _, line := range strings.Split(r.stdout, "\n") {
		if v, ok := strings.CutPrefix(line, "Task: "); ok {
			id = v
		}
	}
	if id == "" || !strings.Contains(r.stdout, "Context: ") || !strings.Contains(r.stdout, "parley task watch") {
		t.Fatalf("async output: %q", r.stdout)
	}
	if g := e.run("task", "get", base, id, "--json"); resultLine(t, g)["state"] != "working" {
		t.Errorf("the task is not running on: %s", g.stdout)
	}
	r = e.run("send", base, "Try a slow task", "--async", "--json")
	wantCode(t, r, exitOK)
	res := resultLine(t, r)
	if res["taskId"] == "" || res["contextId"] == "" || (res["state"] != "working" && res["state"] != "submitted") {
		t.Errorf("async result = %v", res)
	}
	e.run("task", "cancel", base, id)
	e.run("task", "cancel", base, res["taskId"].(string))
}

// --output-dir saves file artifacts and never overwrites; task download
// does the same for a task; task get shows the whole task.
func TestSaveArtifactsAndTaskGet(t *testing.T) {
	base := demo(t)
	dir := t.TempDir()
	e := newEnv(t)
	r := e.run("send", base, "Show me the itinerary data", "--output-dir", dir, "--json")
	wantCode(t, r, exitOK)
	first, err := os.ReadFile(filepath.Join(dir, "itinerary.csv"))
	if err != nil || !bytes.Contains(first, []byte(",")) || !strings.Contains(r.stderr, "saved ") {
		t.Fatalf("not saved (%v): %s", err, r.stderr)
	}
	id := resultLine(t, r)["taskId"].(string)
	r = e.run("task", "download", base, id, "--output-dir", dir)
	wantCode(t, r, exitOK)
	second, err := os.ReadFile(filepath.Join(dir, "itinerary (2).csv"))
	if err != nil || !bytes.Equal(first, second) || !strings.Contains(r.stdout, "itinerary (2).csv") {
		t.Errorf("download: %v %q", err, r.stdout)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "itinerary.csv")); !bytes.Equal(now, first) {
		t.Errorf("the first file was overwritten")
	}
	blocker := writeFile(t, dir, "plain", []byte("x"))
	r = e.run("task", "download", base, id, "--output-dir", filepath.Join(blocker, "d"))
	wantCode(t, r, exitUsage)
	oneSentence(t, r, "parley: cannot use --output-dir")

	r = e.run("task", "get", base, id)
	wantCode(t, r, exitOK)
	for _, want := range []string{"Task:      " + id, "Context:   ", "State:     completed", "History:   ", "Artifacts: ", "[file] itinerary.csv (text/csv", `"LIS"`} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("task get does not show %q:\n%s", want, r.stdout)
		}
	}
	r = e.run("task", "get", base, id, "--json")
	lines := jsonLines(t, r)
	if lines[0]["type"] != "task" || lines[0]["task"] == nil {
		t.Errorf("task get --json does not start with the task: %v", lines[0])
	}
	resultLine(t, r)
}

// An auth-required turn shows where to sign in and how to go on: not a
// prompt for "your answer".
func TestAuthRequiredTurnShowsTheLink(t *testing.T) {
	base := demo(t)
	r := newEnv(t).run("send", base, "Sign in first")
	wantCode(t, r, exitNeedsInput)
	if !strings.Contains(r.stdout, "Sign in at: "+base+"/demo-auth") || !strings.Contains(r.stdout, "continue the task with: parley send") {
		t.Errorf("auth turn output:\n%s", r.stdout)
	}
	if strings.Contains(r.stdout, "your answer") {
		t.Errorf("an auth turn asks for an answer:\n%s", r.stdout)
	}
}

// A refused credential says which one, the agent's reason, and what fits
// where it came from: never 'parley login' for client credentials.
func TestRefusedCredentialSaysWhy(t *testing.T) {
	card := demo(t)
	refuse := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/.well-known/agent-card.json" {
			resp, err := http.Get(card + r.URL.Path)
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			_, _ = w.Write(bytes.ReplaceAll(b, []byte(card), []byte("http://"+r.Host)))
			return
		}
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token", error_description="the access token is for another audience"`)
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer refuse.Close()
	e := newEnv(t)
	e.vars["TOK"] = "tok-123"
	e.writeConfig(`[[agents]]
name = "envtoken"
url = "` + refuse.URL + `"
auth = "bearer"
token = "env:TOK"
`)
	r := e.run("send", "envtoken", "hi")
	wantCode(t, r, exitAuthRefused)
	oneSentence(t, r, "refused the token from $TOK", "invalid_token: the access token is for another audience", "Check $TOK")
	r = e.run("send", refuse.URL, "hi", "--header", "Authorization: Bearer tok-456")
	wantCode(t, r, exitAuthRefused)
	oneSentence(t, r, "refused the Authorization header given with --header", "another audience")
	if strings.Contains(r.stderr, "tok-") {
		t.Errorf("the token is shown: %s", r.stderr)
	}

	p, svc := clientCredentialsAgainst(t, refuse.URL)
	r = svc.run("send", "service", "hi")
	wantCode(t, r, exitAuthRefused)
	oneSentence(t, r, "client credentials", "another audience", "client_id")
	if strings.Contains(r.stderr, "parley login") {
		t.Errorf("suggests parley login for client credentials: %s", r.stderr)
	}
	if g := p.GrantLog(); len(g) == 0 {
		t.Errorf("no token was fetched")
	}
}

// clientCredentialsAgainst is an environment whose agent "service", at
// agentURL, gets its token from a real authorization server with client
// credentials.
func clientCredentialsAgainst(t *testing.T, agentURL string) (*oauthtest.Server, *testEnv) {
	p := oauthtest.Start(t, time.Hour)
	e := newEnv(t)
	e.vars["SVC_SECRET"] = oauthtest.SvcSecret
	e.writeConfig(`[[agents]]
name = "service"
url = "` + agentURL + `"
auth = "oauth2"
oauth_flow = "client_credentials"
client_id = "` + oauthtest.SvcClient + `"
client_secret = "env:SVC_SECRET"
token_url = "` + p.URL + `/token"
`)
	return p, e
}
