package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var replaySaved = regexp.MustCompile(`parley: saved as context (\d+)`)

// replayFixture stores one conversation with the demo agent: a question
// asked and answered, then data sent along with text.
func replayFixture(t *testing.T, e *storeEnv, base string) string {
	t.Helper()
	r := e.run("send", base, "Book a flight to Lisbon")
	wantCode(t, r, exitNeedsInput)
	id := storedID(t, r)
	wantCode(t, e.run("send", "--context", id, "From Berlin on the 10th"), exitOK)
	file := filepath.Join(t.TempDir(), "notes.csv")
	if err := os.WriteFile(file, []byte("a,b\n1,2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	wantCode(t, e.run("send", "--context", id, "Tell me about data", "--data", `{"k":[1,2]}`, "--file", file), exitOK)
	return id
}

// storedTranscript reads contexts show --json of id.
func storedTranscript(t *testing.T, e *storeEnv, id string) (agent string, users []map[string]any, lastState string) {
	t.Helper()
	r := e.run("contexts", "show", id, "--json")
	wantCode(t, r, exitOK)
	var doc struct {
		Context struct {
			AgentRef  string `json:"agentRef"`
			LastState string `json:"lastState"`
		} `json:"context"`
		Items []map[string]any `json:"items"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("contexts show --json: %v\n%s", err, r.stdout)
	}
	for _, it := range doc.Items {
		if it["kind"] == "user" {
			users = append(users, it)
		}
	}
	return doc.Context.AgentRef, users, doc.Context.LastState
}

func savedReplay(t *testing.T, r result) string {
	t.Helper()
	m := replaySaved.FindStringSubmatch(r.stderr)
	if m == nil {
		t.Fatalf("stderr does not say where the replay was saved: %q", r.stderr)
	}
	return m[1]
}

// Replay sends the user's messages again, in order, each once the turn
// before has ended — the answer to the question as the answer to the new
// run's question, the data with its text — and records a new
// conversation; to the same agent, or to another.
func TestContextsReplay(t *testing.T) {
	base := demo(t)
	e := newStoreEnv(t)
	id := replayFixture(t, e, base)
	other := demo(t)
	for _, to := range []string{"", other} {
		args := []string{"contexts", "replay", id}
		if to != "" {
			args = append(args, "--agent", to)
		}
		r := e.run(args...)
		wantCode(t, r, exitOK)
		nid := savedReplay(t, r)
		if nid == id {
			t.Fatalf("the replay was recorded into the context it replayed")
		}
		agent, users, state := storedTranscript(t, e, nid)
		if want := map[string]string{"": base, other: other}[to]; agent != want {
			t.Errorf("replayed to %q, want %q", agent, want)
		}
		if len(users) != 3 || users[0]["text"] != "Book a flight to Lisbon" || users[1]["text"] != "From Berlin on the 10th" || users[2]["text"] != "Tell me about data" {
			t.Fatalf("replayed user messages = %v", users)
		}
		if users[0]["taskId"] != nil || users[1]["taskId"] == nil {
			t.Errorf("the answer was not sent as the answer to the new run's question: %v", users[:2])
		}
		if b, _ := json.Marshal(users[2]["parts"]); !strings.Contains(string(b), `"data":{"k":[1,2]}`) || !strings.Contains(string(b), `"name":"notes.csv"`) {
			t.Errorf("the file and data parts were not replayed: %s", b)
		}
		if state != "completed" {
			t.Errorf("the replay ended %q", state)
		}
	}
}

// --json prints the new conversation's events and a result line per turn,
// as parley send --json does.
func TestContextsReplayJSON(t *testing.T) {
	e := newStoreEnv(t)
	id := replayFixture(t, e, demo(t))
	r := e.run("contexts", "replay", id, "--json")
	wantCode(t, r, exitOK)
	var results, events int
	for _, l := range jsonLines(t, r) {
		switch l["type"] {
		case "result":
			results++
			if l["storeId"] == nil || l["timings"] == nil {
				t.Errorf("result line without storeId or timings: %v", l)
			}
		case "task", "status-update", "artifact-update", "message":
			events++
		}
	}
	if results != 3 || events == 0 {
		t.Errorf("%d result lines and %d events, want 3 and some:\n%s", results, events, r.stdout)
	}
}

// When the new run stops asking where the old one was asked, replay stops
// there and says so; what it ran is kept.
func TestContextsReplayStopsWhereTheRunsDepart(t *testing.T) {
	e := newStoreEnv(t)
	id := replayFixture(t, e, demo(t))
	srv, _ := deepAgent(t, 1) // answers every message, asks nothing
	r := e.run("contexts", "replay", id, "--agent", srv.URL+"/")
	wantCode(t, r, exitError)
	if !strings.Contains(r.stderr, "parley: replay stopped before message 2: it answered a question, and the new run asked none") {
		t.Errorf("stderr does not say where the replay stopped: %q", r.stderr)
	}
	_, users, _ := storedTranscript(t, e, savedReplay(t, r))
	if len(users) != 1 {
		t.Errorf("the stopped replay kept %d user messages, want 1", len(users))
	}
}

func TestContextsReplayUsage(t *testing.T) {
	e := newStoreEnv(t)
	wantCode(t, e.run("contexts", "replay"), exitUsage)
	r := e.run("contexts", "replay", "99")
	wantCode(t, r, exitUsage)
}
