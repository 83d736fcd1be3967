package realservers

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/internal/fakemodel"
)

// gemini-cli's A2A server streams its reply as working status messages,
// one text delta each, and ends each turn in input-required with no
// message. parley reads the deltas as one reply: flowing text in text
// output, the turn's text in --json, one agent message in the store.
func TestGeminiStreamedReplyIsOneMessage(t *testing.T) {
	srv := startGemini(t)
	p := newParley(t)

	r := p.run("send", srv.URL, "hello there")
	want := fakemodel.Answer("hello there")
	if r.code != 4 { // input-required: the agent waits for the next turn
		t.Fatalf("exit code %d", r.code)
	}
	if !strings.Contains(r.stdout, "\n"+want+"\n") {
		t.Fatalf("the reply does not read as one line of text:\n%s", r.stdout)
	}
	if strings.Contains(r.stdout, "[working] Fake") {
		t.Fatalf("a delta was printed as a status line:\n%s", r.stdout)
	}

	j := p.run("send", "--json", srv.URL, "second question")
	_, res := jsonLines(t, j.stdout)
	if res.Text != fakemodel.Answer("second question") || res.StatusText != "" || res.State != "input-required" || res.Dialect != "v0.3" {
		t.Fatalf("result %+v", res)
	}

	// The store holds the reply as one agent message.
	show := p.run("contexts", "show", "1")
	if strings.Count(show.stdout, "agent\n") != 1 || !strings.Contains(show.stdout, want) {
		t.Fatalf("stored transcript:\n%s", show.stdout)
	}
}

// A second turn in the same context continues it: the agent gets the
// context id parley keeps, and answers the new question.
func TestGeminiSecondTurnSameContext(t *testing.T) {
	srv := startGemini(t)
	p := newParley(t)
	_, first := jsonLines(t, p.run("send", "--json", srv.URL, "first turn").stdout)
	_, second := jsonLines(t, p.run("send", "--json", "--context", "1", "second turn").stdout)
	if second.ContextID != first.ContextID || second.ContextID == "" {
		t.Fatalf("contexts %q then %q", first.ContextID, second.ContextID)
	}
	if second.Text != fakemodel.Answer("second turn") {
		t.Fatalf("second reply %q", second.Text)
	}
	if second.StoreID != first.StoreID {
		t.Fatalf("stored as %d then %d", first.StoreID, second.StoreID)
	}
}

// A blocking send (no streaming) gets the whole reply, which gemini-cli
// returns as history messages; task get reads the same task back. (Its
// task store keeps neither history nor the reply, so a get has no text
// to show: the state is what it can tell.)
func TestGeminiBlockingSendAndTaskGet(t *testing.T) {
	srv := startGemini(t)
	p := newParley(t)
	_, res := jsonLines(t, p.run("send", "--json", "--no-stream", srv.URL, "no streaming please").stdout)
	if res.Text != fakemodel.Answer("no streaming please") || res.State != "input-required" {
		t.Fatalf("blocking result %+v", res)
	}
	_, got := jsonLines(t, p.run("task", "get", "--json", srv.URL, res.TaskID).stdout)
	if got.TaskID != res.TaskID || got.ContextID != res.ContextID || got.State != "input-required" {
		t.Fatalf("task get %+v, want the task of %+v", got, res)
	}
}

// A task can be canceled while it streams.
func TestGeminiCancel(t *testing.T) {
	srv := startGemini(t)
	p := newParley(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, done := p.start(ctx, "send", "--json", srv.URL, "please "+fakemodel.SlowTrigger)
	var taskID string
	for taskID == "" {
		select {
		case r := <-done:
			t.Fatalf("the slow reply ended before it could be canceled: %s", r.stdout)
		case <-time.After(50 * time.Millisecond):
		}
		for _, line := range strings.Split(out.String(), "\n") {
			if i := strings.Index(line, `"taskId":"`); i >= 0 && strings.Contains(line, "slow") {
				taskID = strings.SplitN(line[i+len(`"taskId":"`):], `"`, 2)[0]
			}
		}
	}
	c := p.run("task", "cancel", "--json", srv.URL, taskID)
	_, res := jsonLines(t, c.stdout)
	if res.State != "canceled" || c.code != 0 {
		t.Fatalf("cancel: exit %d, %+v", c.code, res)
	}
	r := <-done
	_, streamed := jsonLines(t, r.stdout)
	if streamed.State != "canceled" {
		t.Fatalf("the stream ended in %q", streamed.State)
	}
}
