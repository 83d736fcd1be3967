package session

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

func client(t *testing.T, f *fakeAgent) *a2aclient.Client {
	t.Helper()
	d := testDirectory(DirectoryOptions{Client: a2aclient.Options{PollInterval: time.Millisecond}})
	c, err := d.Client(context.Background(), f.Srv.URL, Overrides{})
	if err != nil {
		t.Fatalf("resolve fake agent: %v", err)
	}
	return c
}

func hello() a2aclient.SendRequest {
	return a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("hello")}}}
}

// recorder keeps what OnUpdate heard.
type recorder struct {
	kinds   []string
	resumes int
}

func (r *recorder) opts(o FollowOptions) FollowOptions {
	o.ResumeDelay = -1
	o.OnUpdate = func(u Update) {
		if u.Resume != nil {
			r.resumes++
			return
		}
		r.kinds = append(r.kinds, u.Event.Kind())
	}
	return o
}

func TestExchangeStreamsToCompletion(t *testing.T) {
	f := newFakeAgent(t, true)
	f.On("message/stream", func(w http.ResponseWriter, c rpcCall) {
		events(w, c, false,
			task("t1", "submitted"),
			status("t1", "working", "thinking"),
			chunk("t1", "a1", "Hello, ", false, false),
			chunk("t1", "a1", "world", true, true),
			status("t1", "completed", "done"))
	})
	var rec recorder
	s, err := Exchange(context.Background(), client(t, f), hello(), rec.opts(FollowOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	if s.State != "completed" || s.Text != "Hello, world" || s.StatusText != "done" || s.TaskID != "t1" || s.ContextID != "ctx-1" {
		t.Errorf("summary = %+v", s)
	}
	if s.Dialect != a2aclient.DialectV03 {
		t.Errorf("dialect = %q", s.Dialect)
	}
	if len(s.Artifacts) != 1 || s.Artifacts[0].ID != "a1" {
		t.Errorf("artifacts = %+v", s.Artifacts)
	}
	want := "task status-update artifact-update artifact-update status-update"
	if got := strings.Join(rec.kinds, " "); got != want {
		t.Errorf("events = %q, want %q", got, want)
	}
}

func TestExchangeResumesCutStream(t *testing.T) {
	f := newFakeAgent(t, true)
	f.On("message/stream", func(w http.ResponseWriter, c rpcCall) {
		events(w, c, true, task("t1", "working"), chunk("t1", "a1", "first ", false, false))
	})
	f.On("tasks/resubscribe", func(w http.ResponseWriter, c rpcCall) {
		if !strings.Contains(string(c.Params), `"t1"`) {
			t.Errorf("resubscribe params = %s", c.Params)
		}
		events(w, c, false, chunk("t1", "a1", "second", true, true), status("t1", "completed", ""))
	})
	var rec recorder
	s, err := Exchange(context.Background(), client(t, f), hello(), rec.opts(FollowOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	if s.State != "completed" || s.Text != "first second" {
		t.Errorf("summary = %+v", s)
	}
	if rec.resumes != 1 {
		t.Errorf("resumes = %d, want 1", rec.resumes)
	}
}

func TestExchangePollsWhenResubscribeUnsupported(t *testing.T) {
	f := newFakeAgent(t, true)
	f.On("message/stream", func(w http.ResponseWriter, c rpcCall) {
		events(w, c, false, task("t1", "working")) // closes before the task settles
	})
	f.On("tasks/resubscribe", func(w http.ResponseWriter, c rpcCall) {
		rpcError(w, c, -32004, "not supported")
	})
	f.On("tasks/get", func(w http.ResponseWriter, c rpcCall) {
		reply(w, c, task("t1", "completed", artifact("a1", "polled answer")))
	})
	s, err := Exchange(context.Background(), client(t, f), hello(), FollowOptions{ResumeDelay: -1})
	if err != nil {
		t.Fatal(err)
	}
	if s.State != "completed" || s.Text != "polled answer" {
		t.Errorf("summary = %+v", s)
	}
}

func TestExchangeGivesUpAfterMaxResumes(t *testing.T) {
	f := newFakeAgent(t, true)
	cut := func(w http.ResponseWriter, c rpcCall) { events(w, c, true, task("t1", "working")) }
	f.On("message/stream", cut)
	f.On("tasks/resubscribe", cut)
	var rec recorder
	s, err := Exchange(context.Background(), client(t, f), hello(), rec.opts(FollowOptions{MaxResumes: 2}))
	var ce *CutError
	if !errors.As(err, &ce) || ce.TaskID != "t1" || ce.Attempts != 2 {
		t.Fatalf("err = %v, want CutError for t1 after 2 attempts", err)
	}
	if s.TaskID != "t1" || s.State != "working" || rec.resumes != 2 {
		t.Errorf("summary = %+v, resumes = %d", s, rec.resumes)
	}
}

func TestExchangeMessageReply(t *testing.T) {
	f := newFakeAgent(t, true)
	f.On("message/stream", func(w http.ResponseWriter, c rpcCall) {
		events(w, c, false, map[string]any{"kind": "message", "messageId": "r1", "role": "agent", "contextId": "ctx-9",
			"parts": []any{map[string]any{"kind": "text", "text": "pong"}}})
	})
	s, err := Exchange(context.Background(), client(t, f), hello(), FollowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s.State != StateMessage || s.Text != "pong" || s.ContextID != "ctx-9" || s.TaskID != "" {
		t.Errorf("summary = %+v", s)
	}
}

func TestExchangeInputRequired(t *testing.T) {
	f := newFakeAgent(t, true)
	f.On("message/stream", func(w http.ResponseWriter, c rpcCall) {
		events(w, c, false, task("t1", "submitted"), status("t1", "input-required", "Where from?"))
	})
	s, err := Exchange(context.Background(), client(t, f), hello(), FollowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s.State != "input-required" || s.StatusText != "Where from?" || s.TaskID != "t1" {
		t.Errorf("summary = %+v", s)
	}
	for _, m := range f.Methods() {
		if m != "message/stream" {
			t.Errorf("unexpected call %s after an interrupted state", m)
		}
	}
}

func TestExchangeNoStream(t *testing.T) {
	f := newFakeAgent(t, true)
	f.On("message/send", func(w http.ResponseWriter, c rpcCall) {
		reply(w, c, task("t1", "working"))
	})
	f.On("tasks/get", func(w http.ResponseWriter, c rpcCall) {
		reply(w, c, task("t1", "failed"))
	})
	s, err := Exchange(context.Background(), client(t, f), hello(), FollowOptions{NoStream: true})
	if err != nil {
		t.Fatal(err)
	}
	if s.State != "failed" {
		t.Errorf("summary = %+v", s)
	}
	if got := strings.Join(f.Methods(), " "); got != "message/send tasks/get" {
		t.Errorf("calls = %q", got)
	}
}

func TestExchangeCanceledContextKeepsTaskID(t *testing.T) {
	f := newFakeAgent(t, true)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	f.On("message/stream", func(w http.ResponseWriter, c rpcCall) {
		events(w, c, false, task("t1", "working"))
		select {
		case <-release:
		case <-c.Ctx.Done():
		}
	})
	ctx, cancel := context.WithCancel(context.Background())
	s, err := Exchange(ctx, client(t, f), hello(), FollowOptions{OnUpdate: func(u Update) {
		if u.Event != nil {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || s.TaskID != "t1" {
		t.Errorf("Exchange = %+v, %v; want the task id and context.Canceled", s, err)
	}
}

func TestFollowRunningTask(t *testing.T) {
	f := newFakeAgent(t, true)
	f.On("tasks/resubscribe", func(w http.ResponseWriter, c rpcCall) {
		events(w, c, false, task("t7", "working", artifact("a", "so far")), status("t7", "canceled", "stopped"))
	})
	s, err := Follow(context.Background(), client(t, f), "t7", FollowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s.State != "canceled" || s.Text != "so far" || s.StatusText != "stopped" {
		t.Errorf("summary = %+v", s)
	}
}
