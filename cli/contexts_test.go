package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/internal/syncbuf"
)

// storeEnv runs parley with its own context store.
type storeEnv struct {
	*testEnv
	store string
	stdin io.Reader
}

func newStoreEnv(t *testing.T) *storeEnv {
	return &storeEnv{testEnv: newEnv(t), store: filepath.Join(t.TempDir(), "parley.db")}
}

func (e *storeEnv) run(args ...string) result {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var out, errOut syncbuf.Buffer
	env := e.env(&out, &errOut)
	env.StorePath, env.Stdin = e.store, e.stdin
	code := Run(ctx, args, env)
	return result{code: code, stdout: out.String(), stderr: errOut.String()}
}

var savedAs = regexp.MustCompile(`parley: saved as context (\d+)(?:; continue with 'parley send --context \d+ TEXT')?\n`)

func storedID(t *testing.T, r result) string {
	t.Helper()
	m := savedAs.FindStringSubmatch(r.stderr)
	if m == nil {
		t.Fatalf("stderr does not say where the context was saved: %q", r.stderr)
	}
	return m[1]
}

func TestSendRecordsAndContinuesAStoredContext(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	r := e.run("send", base, "Book a flight", "--json")
	wantCode(t, r, exitNeedsInput)
	id := storedID(t, r)
	res := resultLine(t, r)
	if fmt.Sprint(res["storeId"]) != id || res["contextId"] == "" {
		t.Errorf("result line %v, stored as %s", res, id)
	}

	// The stored context knows the agent and the waiting task: only the
	// answer is needed.
	r = e.run("send", "--context", id, "From Paris, tomorrow")
	wantCode(t, r, exitOK)
	if storedID(t, r) != id || !strings.Contains(r.stdout, "Booked") {
		t.Errorf("continuing: stdout %q stderr %q", r.stdout, r.stderr)
	}

	r = e.run("contexts", "--json")
	wantCode(t, r, exitOK)
	list := jsonLines(t, r)
	if len(list) != 1 || fmt.Sprint(list[0]["id"]) != id || list[0]["messages"] != 2.0 || list[0]["lastState"] != "completed" ||
		list[0]["title"] != "Book a flight" || list[0]["contextId"] != res["contextId"] {
		t.Errorf("contexts --json = %v", list)
	}

	// The agent's contextId, with the agent, finds the same context.
	r = e.run("send", base, "--context-id", res["contextId"].(string), "ping")
	wantCode(t, r, exitOK)
	if storedID(t, r) != id {
		t.Errorf("by contextId: %q", r.stderr)
	}
	// Without the agent it names nothing, and says what to type.
	r = e.run("send", "--context-id", res["contextId"].(string), "ping")
	wantCode(t, r, exitUsage)
	if !strings.Contains(r.stderr, "name it (parley send AGENT TEXT --context-id") {
		t.Errorf("contextId without the agent: %q", r.stderr)
	}
	// --context is parley's number only: an agent's contextId there is
	// refused with what to type now.
	r = e.run("send", "--context", res["contextId"].(string), "ping")
	wantCode(t, r, exitUsage)
	if !strings.Contains(r.stderr, "--context takes parley's number for a stored conversation") || !strings.Contains(r.stderr, "--context-id "+res["contextId"].(string)) {
		t.Errorf("a contextId given as --context: %q", r.stderr)
	}
	r = e.run("send", "--context", "99", "hello")
	wantCode(t, r, exitUsage)
	if !strings.Contains(r.stderr, "no stored conversation 99") || !strings.Contains(r.stderr, "--context-id 99") {
		t.Errorf("unknown context: %q", r.stderr)
	}
}

func TestContextsCommands(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	r := e.run("contexts")
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, "No stored contexts") {
		t.Errorf("empty list: %q", r.stdout)
	}
	data := storedID(t, e.run("send", base, "Show me the itinerary data"))
	answer := storedID(t, e.run("send", base, "Tell me about pelicans"))

	r = e.run("contexts")
	wantCode(t, r, exitOK)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "TITLE") || !strings.HasPrefix(strings.TrimSpace(lines[1]), answer) ||
		!strings.Contains(lines[1], "Tell me about pelicans") || !strings.Contains(lines[2], "completed") {
		t.Errorf("list:\n%s", r.stdout)
	}

	r = e.run("contexts", "show", data)
	wantCode(t, r, exitOK)
	for _, want := range []string{"Context " + data + ": Show me the itinerary data", "you\n    Show me the itinerary data", "[completed]",
		"artifact itinerary.csv", "file itinerary.csv, text/csv", `"LIS"`} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("show lacks %q:\n%s", want, r.stdout)
		}
	}
	r = e.run("contexts", "show", data, "--json")
	wantCode(t, r, exitOK)
	tr := jsonLines(t, r)
	if len(tr) != 1 || tr[0]["type"] != "context" || len(tr[0]["items"].([]any)) < 5 {
		t.Errorf("show --json = %v", tr)
	}

	r = e.run("contexts", "search", "pelican")
	wantCode(t, r, exitOK)
	if _, hits, _ := strings.Cut(r.stdout, "\n"); !strings.Contains(r.stdout, "[pelicans]") || !strings.HasPrefix(hits, answer+" ") {
		t.Errorf("search:\n%s", r.stdout)
	}
	r = e.run("contexts", "search", "LIS", "--json")
	wantCode(t, r, exitOK)
	// Newest first: the itinerary's hit is the last.
	hits := jsonLines(t, r)
	if len(hits) == 0 || hits[len(hits)-1]["type"] != "hit" || !strings.Contains(hits[len(hits)-1]["snippet"].(string), "**LIS**") ||
		fmt.Sprint(hits[len(hits)-1]["context"].(map[string]any)["id"]) != data {
		t.Errorf("search --json = %v", hits)
	}

	r = e.run("contexts", "export", data)
	wantCode(t, r, exitOK)
	if !strings.HasPrefix(r.stdout, "# Show me the itinerary data\n") || !strings.Contains(r.stdout, "```json") ||
		!strings.Contains(r.stdout, "- File: itinerary.csv (text/csv,") {
		t.Errorf("export md:\n%s", r.stdout)
	}
	r = e.run("contexts", "export", data, "--format", "json")
	wantCode(t, r, exitOK)
	var doc map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil || doc["type"] != "context" {
		t.Errorf("export json: %v\n%s", err, r.stdout)
	}
	wantCode(t, e.run("contexts", "export", data, "--format", "pdf"), exitUsage)

	r = e.run("contexts", "rename", data, "My", "trip")
	wantCode(t, r, exitOK)
	if r = e.run("contexts"); !strings.Contains(r.stdout, "My trip") {
		t.Errorf("after rename:\n%s", r.stdout)
	}

	// Deleting asks first; without a terminal it needs --yes.
	r = e.run("contexts", "rm", data)
	wantCode(t, r, exitUsage)
	if !strings.Contains(r.stderr, "--yes") {
		t.Errorf("rm without a terminal: %q", r.stderr)
	}
	e.stdinIsTerminal = true
	e.stdin = strings.NewReader("n\n")
	r = e.run("contexts", "rm", data)
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stderr, "Delete context "+data) || !strings.Contains(r.stderr, "Kept.") {
		t.Errorf("rm answered no: %q", r.stderr)
	}
	e.stdin = strings.NewReader("y\n")
	wantCode(t, e.run("contexts", "rm", data), exitOK)
	wantCode(t, e.run("contexts", "rm", answer, "--yes"), exitOK)
	if r = e.run("contexts", "--json"); r.stdout != "" {
		t.Errorf("left after rm: %s", r.stdout)
	}
	r = e.run("contexts", "show", data)
	wantCode(t, r, exitUsage)
	if !strings.Contains(r.stderr, "parley: no such context") {
		t.Errorf("show deleted: %q", r.stderr)
	}

	for _, args := range [][]string{{"contexts", "frobnicate"}, {"contexts", "show"}, {"contexts", "rm", "1", "2"}, {"contexts", "search"}} {
		r := e.run(args...)
		wantCode(t, r, exitUsage)
		if !strings.Contains(r.stderr, "parley help contexts") {
			t.Errorf("%q: %q", args, r.stderr)
		}
	}
}

func TestContextsReportABadStoreAndSendStillWorks(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	garbage := []byte(strings.Repeat("not a database ", 300))
	if err := os.WriteFile(e.store, garbage, 0o600); err != nil {
		t.Fatal(err)
	}
	r := e.run("contexts")
	wantCode(t, r, exitError)
	if !strings.Contains(r.stderr, e.store) || !strings.Contains(r.stderr, "move it aside") {
		t.Errorf("stderr = %q", r.stderr)
	}
	r = e.run("send", base, "ping")
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, "pong") || !strings.Contains(r.stderr, "parley: not recording this conversation") {
		t.Errorf("send with a bad store: stdout %q stderr %q", r.stdout, r.stderr)
	}
	if b, _ := os.ReadFile(e.store); string(b) != string(garbage) {
		t.Error("the bad file was modified")
	}
}

// contexts show counts in words: one message is "1 message", not
// "1 messages".
func TestContextsShowCountsOneMessage(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	r := e.run("send", base, "Book a flight", "--json")
	wantCode(t, r, exitNeedsInput)
	id := storedID(t, r)
	r = e.run("contexts", "--json")
	wantCode(t, r, exitOK)
	if list := jsonLines(t, r); len(list) != 1 || list[0]["messages"] != 1.0 {
		t.Fatalf("contexts --json = %v; want one context of one message", list)
	}
	r = e.run("contexts", "show", id)
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, ", 1 message\n") || strings.Contains(r.stdout, "1 messages") {
		t.Errorf("show does not count one message:\n%s", r.stdout)
	}
}

// contexts show draws an agent's form as parley send does, not its A2UI
// messages as JSON.
func TestContextsShowDrawsForms(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	r := e.run("send", base, "Book a table", "--json")
	wantCode(t, r, exitNeedsInput)
	id := storedID(t, r)
	r = e.run("contexts", "show", id)
	wantCode(t, r, exitOK)
	for _, want := range []string{"── booking (A2UI", "Name: [", "[[ Book ]]"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("show lacks %q:\n%s", want, r.stdout)
		}
	}
	if strings.Contains(r.stdout, "createSurface") || strings.Contains(r.stdout, "updateComponents") {
		t.Errorf("show dumps the raw A2UI messages:\n%s", r.stdout)
	}
}
