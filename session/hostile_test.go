package session

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/hostile"
)

// Streams cut by the network and agents too busy to answer: following a
// task picks it up again, waiting as long as the agent asks, and says so.

func hostileFollowClient(t *testing.T, srv *hostile.Server) *a2aclient.Client {
	t.Helper()
	t.Cleanup(srv.Close)
	c, err := a2aclient.Resolve(context.Background(), srv.URL, a2aclient.Options{PollInterval: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func hostileFollowCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func hostileNoDelay(resumes *[]Resume) FollowOptions {
	return FollowOptions{ResumeDelay: -1, OnUpdate: func(u Update) {
		if u.Resume != nil {
			*resumes = append(*resumes, *u.Resume)
		}
	}}
}

// The connection drops in the middle of an event: the task is resumed
// with resubscribe and ends with the whole answer.
func TestHostileCutStreamResumes(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.CutStream, Methods: []string{"message/stream"}, Times: 1})
	var resumes []Resume
	s, err := Exchange(hostileFollowCtx(t), hostileFollowClient(t, srv), hello(), hostileNoDelay(&resumes))
	if err != nil {
		t.Fatal(err)
	}
	if s.State != "completed" || s.Text != hostile.Answer {
		t.Fatalf("summary %+v", s)
	}
	var te *a2aclient.TransportError
	if len(resumes) != 1 || !errors.As(resumes[0].Cause, &te) || !strings.Contains(te.Error(), "closed before the reply was complete") {
		t.Fatalf("resumes %+v", resumes)
	}
}

// A stream that keeps breaking is given up after the allowed resumes,
// with an error that says the task may still be running.
func TestHostileCutStreamGivesUp(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.CutStream, Methods: []string{"message/stream", "tasks/resubscribe"}})
	var resumes []Resume
	o := hostileNoDelay(&resumes)
	o.MaxResumes = 2
	s, err := Exchange(hostileFollowCtx(t), hostileFollowClient(t, srv), hello(), o)
	var cut *CutError
	if !errors.As(err, &cut) || cut.Attempts != 2 || len(resumes) != 2 || s.TaskID != hostile.TaskID {
		t.Fatalf("err %v, resumes %d, task %q", err, len(resumes), s.TaskID)
	}
	if msg := err.Error(); !strings.Contains(msg, "may still be running") || strings.Contains(msg, "\n") {
		t.Errorf("error %q", msg)
	}
}

// After a cut, the agent answers the resubscribe with 503 and
// Retry-After: 1; the next try waits that long (no backoff is set, so
// only the agent's request can explain the wait).
func TestHostileResumeHonoursRetryAfter(t *testing.T) {
	t.Parallel()
	srv := hostile.Serve(
		hostile.Fault{Mode: hostile.CutStream, Methods: []string{"message/stream"}, Times: 1},
		hostile.Fault{Mode: hostile.Status, Methods: []string{"tasks/resubscribe"}, Times: 1, Status: 503, RetryAfter: "1"})
	var resumes []Resume
	s, err := Exchange(hostileFollowCtx(t), hostileFollowClient(t, srv), hello(), hostileNoDelay(&resumes))
	if err != nil || s.State != "completed" || s.Text != hostile.Answer {
		t.Fatalf("summary %+v, err %v", s, err)
	}
	var subs []hostile.Request
	for _, r := range srv.Requests() {
		if r.RPC == "tasks/resubscribe" {
			subs = append(subs, r)
		}
	}
	if len(subs) != 2 {
		t.Fatalf("resubscribes: %+v", subs)
	}
	if gap := subs[1].Time.Sub(subs[0].Time); gap < time.Second {
		t.Errorf("resubscribed again after %s; the agent asked for 1s", gap)
	}
	if len(resumes) != 2 || !strings.Contains(resumes[1].Cause.Error(), "retry after 1s") {
		t.Errorf("resumes %+v", resumes)
	}
}

// Following a running task (after a restart) that meets a busy agent
// first waits and tries again rather than giving up.
func TestHostileFollowRetriesABusyAgent(t *testing.T) {
	t.Parallel()
	srv := hostile.Serve(
		hostile.Fault{Mode: hostile.Status, Methods: []string{"tasks/get"}, Times: 1, Status: 503, RetryAfter: "1"},
		hostile.Fault{Mode: hostile.Status, Methods: []string{"tasks/resubscribe"}, Times: 1, Status: 503, RetryAfter: "1"})
	var resumes []Resume
	s, err := Follow(hostileFollowCtx(t), hostileFollowClient(t, srv), hostile.TaskID, hostileNoDelay(&resumes))
	if err != nil || s.State != "completed" || s.Text != hostile.Answer || len(resumes) != 1 {
		t.Fatalf("summary %+v, err %v, resumes %+v", s, err, resumes)
	}
}

// Where the agent cannot resubscribe, a cut stream is followed by
// polling; the conversation shows that the connection was lost and is
// being resumed.
func TestHostileCutStreamPolledAndShown(t *testing.T) {
	srv := hostile.Serve(
		hostile.Fault{Mode: hostile.CutStream, Methods: []string{"message/stream"}, Times: 1},
		hostile.Fault{Mode: hostile.Unsupported, Methods: []string{"tasks/resubscribe"}})
	conv := NewConversation(hostileFollowClient(t, srv), "hostile", nil)
	s, err := conv.Exchange(hostileFollowCtx(t), a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("hi")}}, FollowOptions{ResumeDelay: -1})
	if err != nil || s.State != "completed" || s.Text != hostile.Answer {
		t.Fatalf("summary %+v, err %v", s, err)
	}
	polled := false
	for _, r := range srv.Requests() {
		polled = polled || r.RPC == "tasks/get"
	}
	if !polled {
		t.Error("the task was not polled")
	}
	shown := false
	for _, it := range conv.Items() {
		shown = shown || it.Kind == ItemNotice && strings.Contains(it.Text, "Connection lost; resuming task task-1")
	}
	if !shown {
		t.Errorf("the transcript does not show the resume: %+v", conv.Items())
	}
}
