package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
	"github.com/parley-a2a/parley/internal/frameworkstest"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
)

// printed is the text output of a sequence of events, finished as send
// finishes it.
func printed(t *testing.T, evs []a2aclient.Event) string {
	t.Helper()
	var out bytes.Buffer
	p := newTextPrinter(&out)
	tr := &a2aclient.Tracker{Reading: frameworks.Reading{}}
	for _, ev := range evs {
		tr.Apply(ev)
		p.update(session.Update{Event: &ev, Tracker: tr})
	}
	p.finish(session.Summarize(tr, a2aclient.DialectV10), "http://127.0.0.1:9/")
	return out.String()
}

// ADK streams its answer into a temporary artifact a token at a time,
// replacing it, gives the whole text in another and empties the first:
// the text output shows the answer once, as it streams, never a line a
// token, never glued to the whole, never an empty data artifact.
func TestTextOutputOfADKStreamedAnswer(t *testing.T) {
	got := printed(t, frameworkstest.ADKEcho())
	want := "[working]\n" + frameworkstest.EchoText + "\n[completed]\n"
	if got != want {
		t.Fatalf("printed\n%s\nwant\n%s", got, want)
	}
}

// A tool call and its answer are printed when they arrive, before the
// text that follows them, and the text once.
func TestTextOutputOfADKToolTurnInOrder(t *testing.T) {
	got := printed(t, frameworkstest.ADKTool())
	want := "[working]\n" +
		"[tool] called get_weather({\"city\":\"Paris\"})\n" +
		"[tool] get_weather answered {\"city\":\"Paris\",\"forecast\":\"sunny, 21 C\"}\n" +
		frameworkstest.WeatherText + "\n" +
		"[completed]\n"
	if got != want {
		t.Fatalf("printed\n%s\nwant\n%s", got, want)
	}
}

// A question asked only in data is shown: the tool call ADK waits on,
// with how to approve or refuse it, then the reply hint.
func TestTextOutputOfADKApprovalShowsTheQuestion(t *testing.T) {
	got := printed(t, frameworkstest.ADKApproval())
	want := "[working]\n" +
		frameworkstest.WaitText + "\n" +
		"[input-required]\n" +
		"  called request_approval({\"action\":\"refund order 42\",\"amount\":30})\n" +
		"  request_approval answered {\"action\":\"refund order 42\",\"status\":\"pending\"}\n" +
		"The agent asks you to approve a tool call (request_approval {\"action\":\"refund order 42\",\"amount\":30}): " +
		"parley send http://127.0.0.1:9/ --task t1 --approve (or --refuse)\n" +
		"Reply with: parley send http://127.0.0.1:9/ --task t1 --context-id c1 'your answer'\n"
	if got != want {
		t.Fatalf("printed\n%s\nwant\n%s", got, want)
	}
}

// A question that is a data part alone is printed as compact JSON under
// its state.
func TestTextOutputOfDataOnlyQuestion(t *testing.T) {
	got := printed(t, frameworkstest.DataQuestion())
	want := "[working]\n" +
		"[input-required]\n" +
		"  {\"field\":\"date\",\"format\":\"YYYY-MM-DD\"}\n" +
		"Reply with: parley send http://127.0.0.1:9/ --task t1 --context-id c1 'your answer'\n"
	if got != want {
		t.Fatalf("printed\n%s\nwant\n%s", got, want)
	}
}

// send --json: every event is a line as the agent sent it, and the
// result line holds the answer once, without the emptied preview; a
// data-only question keeps its parts in its event line.
func TestJSONOutputOfADKTurns(t *testing.T) {
	for _, c := range []struct {
		name      string
		evs       []a2aclient.Event
		text      string
		artifacts int
	}{
		{"streamed answer", frameworkstest.ADKEcho(), frameworkstest.EchoText, 1},
		{"tool turn", frameworkstest.ADKTool(), frameworkstest.WeatherText, 1},
		{"approval", frameworkstest.ADKApproval(), frameworkstest.WaitText, 1},
	} {
		var out bytes.Buffer
		r := &runner{env: Env{Stdout: &out}}
		o := r.follower(true, nil)
		tr := &a2aclient.Tracker{Reading: frameworks.Reading{}}
		for _, ev := range c.evs {
			tr.Apply(ev)
			o.update(session.Update{Event: &ev, Tracker: tr})
		}
		if n := strings.Count(out.String(), "\n"); n != len(c.evs) {
			t.Errorf("%s: %d event lines for %d events", c.name, n, len(c.evs))
		}
		line, err := jsonout.NewResultLine(&session.Summarize(tr, a2aclient.DialectV10).Outcome, 0)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := line.WriteClean(&b); err != nil {
			t.Fatal(err)
		}
		var res jsonout.ResultJSON
		if err := json.Unmarshal(b.Bytes(), &res); err != nil {
			t.Fatalf("%s: %v in %s", c.name, err, b.String())
		}
		if res.Text != c.text || len(res.Artifacts) != c.artifacts {
			t.Errorf("%s: result text %q with %d artifacts, want %q with %d:\n%s", c.name, res.Text, len(res.Artifacts), c.text, c.artifacts, b.String())
		}
		if c.name == "approval" && !strings.Contains(out.String(), `"request_approval"`) {
			t.Errorf("the question's event line lost its call:\n%s", out.String())
		}
	}
}

// Mastra's approval: the prompt on the state's line, the call's data
// under it, and how to approve it from the command line.
func TestTextOutputOfMastraApproval(t *testing.T) {
	got := printed(t, frameworkstest.MastraApproval())
	for _, want := range []string{
		"[working] Generating response...\n[input-required] Additional input is required to continue this task.\n  {\"suspendPayload\":",
		"The agent asks you to approve a tool call (refund {\"amount\":30,\"order\":42}): parley send http://127.0.0.1:9/ --task t1 --approve (or --refuse)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("printed\n%s\nwant it to hold\n%s", got, want)
		}
	}
}

// A blocking send's one task (--no-stream): the tool call and its
// answer still print before the text that follows them.
func TestTextOutputOfATaskSnapshotKeepsToolsBeforeText(t *testing.T) {
	tr := a2aclient.Tracker{Reading: frameworks.Reading{}}
	for _, ev := range frameworkstest.ADKTool() {
		tr.Apply(ev)
	}
	task := tr.Task()
	// As ADK's task store holds it: the preview emptied, not dropped.
	task.Artifacts = append(task.Artifacts, frameworkstest.ADKPreviewEnded())
	got := printed(t, []a2aclient.Event{{Task: &task}})
	want := "[tool] called get_weather({\"city\":\"Paris\"})\n" +
		"[tool] get_weather answered {\"city\":\"Paris\",\"forecast\":\"sunny, 21 C\"}\n" +
		frameworkstest.WeatherText + "\n" +
		"[completed]\n"
	if got != want {
		t.Fatalf("printed\n%s\nwant\n%s", got, want)
	}
}

// A question's data and a tool call's name and arguments are agent text:
// none of it reaches the terminal as control sequences.
func TestTextOutputOfAHostileQuestion(t *testing.T) {
	evil := "\x1b]52;c;cGF3bmVk\x07\x1b[2J"
	call := frameworkstest.Call("adk-9", "run"+evil, map[string]any{"cmd": "rm" + evil}, true)
	evs := []a2aclient.Event{frameworkstest.Status(a2aclient.StateInputRequired, &a2aclient.Message{ID: "q", Role: a2aclient.RoleAgent,
		Parts: []a2aclient.Part{call, {Kind: a2aclient.PartData, Data: map[string]any{"field" + evil: evil}}}})}
	got := printed(t, evs)
	if strings.ContainsAny(got, "\x1b\x07") {
		t.Errorf("control characters reached the output: %q", got)
	}
	if !strings.Contains(got, "called run") || !strings.Contains(got, "--approve") {
		t.Errorf("the question is not shown: %q", got)
	}
}
