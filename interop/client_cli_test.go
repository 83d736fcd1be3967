package interop

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/cli"
	"github.com/parley-a2a/parley/internal/syncbuf"
)

// The command line as a user runs it against the a2a-go peers: parley
// card and parley send, with --json, on every binding. Each run gets its
// own config path and context store in a temporary directory, so nothing
// touches the user's files.

// Exit codes as documented in `parley --help`.
const (
	clExitOK         = 0
	clExitTaskFailed = 3
	clExitNeedsInput = 4
)

// clCLI runs parley commands against one target with an isolated config
// and store.
type clCLI struct {
	t     *testing.T
	tg    clTarget
	store string
	conf  string
}

func newCLCLI(t *testing.T, tg clTarget) *clCLI {
	dir := t.TempDir()
	return &clCLI{t: t, tg: tg, store: filepath.Join(dir, "data", "parley.db"), conf: filepath.Join(dir, "config", "config.toml")}
}

// clRun is one finished run of parley.
type clRun struct {
	code           int
	stdout, stderr string
}

// args adds the target's --dialect to commands that talk to the agent
// when its binding must be forced.
func (c *clCLI) args(args ...string) []string {
	if c.tg.Force && args[0] != "contexts" {
		args = append(args, "--dialect", string(c.tg.Dialect))
	}
	// A gRPC peer serves its card over HTTP and gRPC on a port of its
	// own: another origin, which the user trusts as they would in life.
	if c.tg.Peer.grpc != nil && args[0] != "contexts" {
		args = append(args, "--trust-origin", "http://"+c.tg.Peer.grpc.Addr().String())
	}
	return args
}

// start runs parley in the background; out grows as it prints.
func (c *clCLI) start(ctx context.Context, args ...string) (out *syncbuf.Buffer, done <-chan clRun) {
	var stdout, stderr syncbuf.Buffer
	env := cli.Env{
		Stdout: &stdout, Stderr: &stderr,
		Getenv:       func(string) string { return "" },
		ConfigPath:   c.conf,
		StorePath:    c.store,
		HTTPClient:   c.tg.Peer.Client(),
		PollInterval: 5 * time.Millisecond,
		ResumeDelay:  -1,
	}
	ch := make(chan clRun, 1)
	go func() {
		code := cli.Run(ctx, c.args(args...), env)
		ch <- clRun{code: code, stdout: stdout.String(), stderr: stderr.String()}
	}()
	return &stdout, ch
}

// run runs parley to its end.
func (c *clCLI) run(args ...string) clRun {
	c.t.Helper()
	_, done := c.start(clCtx(c.t), args...)
	select {
	case r := <-done:
		return r
	case <-clCtx(c.t).Done():
		c.t.Fatalf("parley %q did not finish", args)
		return clRun{}
	}
}

func (r clRun) wantCode(t *testing.T, code int) {
	t.Helper()
	if r.code != code {
		t.Fatalf("exit code %d, want %d\nstdout: %s\nstderr: %s", r.code, code, r.stdout, r.stderr)
	}
}

// lines parses every stdout line as a JSON object.
func (r clRun) lines(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimRight(r.stdout, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("stdout line is not a JSON object: %q (%v)\nstderr: %s", line, err, r.stderr)
		}
		out = append(out, m)
	}
	return out
}

// result checks that the last line, and only it, is the result object,
// and returns it with the event lines before it.
func (r clRun) result(t *testing.T) (map[string]any, []map[string]any) {
	t.Helper()
	lines := r.lines(t)
	last := lines[len(lines)-1]
	if last["type"] != "result" {
		t.Fatalf("last line is %v, want the result\nstderr: %s", last, r.stderr)
	}
	for _, k := range []string{"dialect", "contextId", "taskId", "state", "text", "statusText", "artifacts"} {
		if _, ok := last[k]; !ok {
			t.Errorf("result lacks %q: %v", k, last)
		}
	}
	events := lines[:len(lines)-1]
	for i, l := range events {
		if l["type"] == "result" {
			t.Errorf("line %d is a result but not the last", i+1)
		}
	}
	return last, events
}

// clField reads a string field of a JSON line.
func clField(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

func TestCLICard(t *testing.T) {
	t.Parallel()
	targets := append(clTargets(t), clV03OnlyTargets(t)...)
	for _, tg := range targets {
		t.Run(tg.Name, func(t *testing.T) {
			c := newCLCLI(t, tg)
			for _, url := range []string{tg.Peer.CardURL, tg.Peer.BaseURL} {
				r := c.run("card", url, "--json")
				r.wantCode(t, clExitOK)
				lines := r.lines(t)
				if len(lines) != 1 {
					t.Fatalf("%d lines, want one card", len(lines))
				}
				card := lines[0]
				clWant(t, "type", clField(card, "type"), "card")
				clWant(t, "name", clField(card, "name"), "parley interop peer ("+tg.Peer.Name+")")
				clWant(t, "dialect", clField(card, "dialect"), string(tg.Dialect))
				clWant(t, "dialect label", clField(card, "dialectLabel"), tg.Dialect.Label())
				clWant(t, "card URL", clField(card, "cardUrl"), tg.Peer.CardURL)
				endpoint, _ := card["endpoint"].(map[string]any)
				clWant(t, "endpoint", clField(endpoint, "url"), tg.Endpoint)
				caps, _ := card["capabilities"].(map[string]any)
				clWant(t, "streaming", caps["streaming"], any(true))
				skills, _ := card["skills"].([]any)
				if len(skills) != 1 {
					t.Fatalf("skills = %v", card["skills"])
				}
				skill, _ := skills[0].(map[string]any)
				clWant(t, "skill id", clField(skill, "id"), peerScenarioSkill)
				if ex, _ := skill["examples"].([]any); len(ex) != len(scenarioExamples()) {
					t.Errorf("skill examples = %v", skill["examples"])
				}
				if w, _ := card["warnings"].([]any); len(w) != 0 {
					t.Errorf("warnings = %v", w)
				}
			}
			// The same card for a person.
			r := c.run("card", tg.Peer.CardURL)
			r.wantCode(t, clExitOK)
			for _, want := range []string{"Dialect:      " + tg.Dialect.Label(), "Endpoint:     " + tg.Endpoint, peerScenarioSkill + "  Scripted scenarios"} {
				if !strings.Contains(r.stdout, want) {
					t.Errorf("card text lacks %q:\n%s", want, r.stdout)
				}
			}
		})
	}
}

func TestCLISend(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargets(t) {
		t.Run(tg.Name, func(t *testing.T) {
			c := newCLCLI(t, tg)
			dialect := string(tg.Dialect)

			for _, mode := range [][]string{nil, {"--no-stream"}} {
				r := c.run(append([]string{"send", tg.Peer.BaseURL, scenarioStream, "--json"}, mode...)...)
				r.wantCode(t, clExitOK)
				res, events := r.result(t)
				clWant(t, "dialect", clField(res, "dialect"), dialect)
				clWant(t, "state", clField(res, "state"), "completed")
				clWant(t, "text", clField(res, "text"), wantAnswer(streamChunks))
				if clField(res, "taskId") == "" || clField(res, "contextId") == "" {
					t.Errorf("result without task or context: %v", res)
				}
				if _, ok := res["storeId"]; !ok {
					t.Errorf("the exchange was not recorded: %v", res)
				}
				arts, _ := res["artifacts"].([]any)
				if len(arts) != 1 {
					t.Fatalf("artifacts = %v", res["artifacts"])
				}
				art, _ := arts[0].(map[string]any)
				clWant(t, "artifact name", clField(art, "name"), answerArtifactName)
				chunks := 0
				for _, ev := range events {
					if ev["type"] == "artifact-update" {
						chunks++
					}
				}
				if mode == nil {
					clWant(t, "artifact-update lines", chunks, streamChunks)
				} else if len(events) != 1 || events[0]["type"] != "task" {
					t.Errorf("--no-stream printed %d events, want the one task", len(events))
				}
			}

			// Input required, then answered with --task and --context.
			for _, mode := range [][]string{nil, {"--no-stream"}} {
				r := c.run(append([]string{"send", tg.Peer.BaseURL, scenarioBook, "--json"}, mode...)...)
				r.wantCode(t, clExitNeedsInput)
				res, _ := r.result(t)
				clWant(t, "state", clField(res, "state"), "input-required")
				clWant(t, "question", clField(res, "statusText"), bookQuestion)
				taskID, contextID := clField(res, "taskId"), clField(res, "contextId")
				r = c.run(append([]string{"send", tg.Peer.BaseURL, "Lyon", "--task", taskID, "--context-id", contextID, "--json"}, mode...)...)
				r.wantCode(t, clExitOK)
				res, _ = r.result(t)
				clWant(t, "answered state", clField(res, "state"), "completed")
				clWant(t, "same task", clField(res, "taskId"), taskID)
				clWant(t, "same context", clField(res, "contextId"), contextID)
				clWant(t, "booking", clField(res, "text"), bookingText("Lyon"))
			}

			r := c.run("send", tg.Peer.BaseURL, scenarioFail, "--json")
			r.wantCode(t, clExitTaskFailed)
			res, _ := r.result(t)
			clWant(t, "fail state", clField(res, "state"), "failed")
			clWant(t, "fail reason", clField(res, "statusText"), failText)

			r = c.run("send", tg.Peer.BaseURL, "message from the CLI", "--json")
			r.wantCode(t, clExitOK)
			res, _ = r.result(t)
			clWant(t, "reply state", clField(res, "state"), "message")
			clWant(t, "reply text", clField(res, "text"), replyText("message from the CLI"))
			clWant(t, "reply dialect", clField(res, "dialect"), dialect)

			// Without --json: the answer as it streams, then the state.
			r = c.run("send", tg.Peer.BaseURL, scenarioStream)
			r.wantCode(t, clExitOK)
			if !strings.Contains(r.stdout, wantAnswer(streamChunks)) || !strings.Contains(r.stdout, "completed") {
				t.Errorf("text output:\n%s", r.stdout)
			}

			// Everything went into this test's own store.
			if _, err := os.Stat(c.store); err != nil {
				t.Errorf("the context store is not where the test put it: %v", err)
			}
			r = c.run("contexts", "--json")
			r.wantCode(t, clExitOK)
			if n := len(r.lines(t)); n != 7 {
				t.Errorf("%d stored contexts, want 7 (a booking and its answer share one)", n)
			}
		})
	}
}

// TestCLICancel cancels a running `parley send` from a second parley, as
// a user would from another terminal.
func TestCLICancel(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargets(t) {
		t.Run(tg.Name, func(t *testing.T) {
			c := newCLCLI(t, tg)
			out, done := c.start(clCtx(t), "send", tg.Peer.BaseURL, scenarioSlow, "--json")
			taskID := clWaitTaskID(t, out)

			r := c.run("task", "cancel", tg.Peer.BaseURL, taskID, "--json")
			r.wantCode(t, clExitOK)
			res, _ := r.result(t)
			clWant(t, "cancel state", clField(res, "state"), "canceled")
			clWant(t, "cancel task", clField(res, "taskId"), taskID)

			var sent clRun
			select {
			case sent = <-done:
			case <-clCtx(t).Done():
				t.Fatal("the canceled send did not end")
			}
			sent.wantCode(t, clExitTaskFailed)
			res, _ = sent.result(t)
			clWant(t, "send state", clField(res, "state"), "canceled")
			clWant(t, "send task", clField(res, "taskId"), taskID)

			r = c.run("task", "get", tg.Peer.BaseURL, taskID, "--json")
			r.wantCode(t, clExitTaskFailed)
			res, _ = r.result(t)
			clWant(t, "get state", clField(res, "state"), "canceled")
		})
	}
}

// clWaitTaskID waits until a running `send --json` has printed an event
// naming the task and the task is working.
func clWaitTaskID(t *testing.T, out *syncbuf.Buffer) string {
	t.Helper()
	ctx := clCtx(t)
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		for _, line := range strings.Split(out.String(), "\n") {
			var ev struct {
				Type   string `json:"type"`
				TaskID string `json:"taskId"`
				Status struct {
					State string `json:"state"`
				} `json:"status"`
			}
			if json.Unmarshal([]byte(line), &ev) == nil && ev.Type == "status-update" && ev.TaskID != "" &&
				a2aclient.ParseState(ev.Status.State) == a2aclient.StateWorking {
				return ev.TaskID
			}
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("no working task in the output: %s", out.String())
		}
	}
}

// TestCLIFollowsCutTask cuts the stream of a running `parley send` and
// then follows the same task from a second parley with `task watch`, as
// a user would after losing a terminal: both end with the whole answer.
func TestCLIFollowsCutTask(t *testing.T) {
	t.Parallel()
	for _, tg := range clTargets(t) {
		t.Run(tg.Name, func(t *testing.T) {
			c := newCLCLI(t, tg)
			tg.Peer.WaitStreamsEnded(t)
			out, sent := c.start(clCtx(t), "send", tg.Peer.BaseURL, scenarioCut, "--json")
			taskID := tg.Peer.Script.WaitCutParked(t)
			// Cut only once parley has printed every chunk sent so far:
			// v0.3 servers do not replay what a resubscriber missed.
			clPoll(t, "the first chunks on stdout", func() bool {
				return strings.Count(out.String(), `"type":"artifact-update"`) == cutChunksBefore
			})
			if n := tg.Peer.CutStreams(); n != 1 {
				t.Fatalf("cut %d streams, want 1", n)
			}
			tg.Peer.WaitResubscribed(t, taskID)

			_, watched := c.start(clCtx(t), "task", "watch", tg.Peer.BaseURL, taskID, "--json")
			tg.Peer.WaitResubscribed(t, taskID)
			tg.Peer.Script.ReleaseCut(taskID)

			for what, done := range map[string]<-chan clRun{"send": sent, "task watch": watched} {
				var r clRun
				select {
				case r = <-done:
				case <-clCtx(t).Done():
					t.Fatalf("%s did not end", what)
				}
				r.wantCode(t, clExitOK)
				res, _ := r.result(t)
				clWant(t, what+" task", clField(res, "taskId"), taskID)
				clWant(t, what+" state", clField(res, "state"), "completed")
				clWant(t, what+" text", clField(res, "text"), wantAnswer(cutChunksBefore+cutChunksAfter))
				if what == "send" && !strings.Contains(r.stderr, "the stream broke") {
					t.Errorf("send did not say it resumed: %s", r.stderr)
				}
			}
		})
	}
}
