package store

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

// The agent restarted while parley was away and no longer knows the
// task: the resume says so in one line, ends the task as unknown, does
// not count it as resumed, and does not try to follow it.
func TestResumeEndsTasksTheAgentForgot(t *testing.T) {
	before := demoagent.New(demoagent.Options{ChunkDelay: 3 * time.Millisecond}).Handler()
	after := demoagent.New(demoagent.Options{}).Handler() // the agent, restarted
	var restarted atomic.Bool
	var log requestLog
	before = sessiontest.HeldAfterFirstArtifact(before)
	srv := httptest.NewServer(log.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if restarted.Load() {
			after.ServeHTTP(w, r)
			return
		}
		before.ServeHTTP(w, r)
	})))
	t.Cleanup(srv.Close)
	s := openTestStore(t)
	id, taskID := stopMidStream(t, s, srv.URL)
	restarted.Store(true)
	log.reset()

	dir := sessiontest.Directory(session.DirectoryOptions{Client: a2aclient.Options{PollInterval: 5 * time.Millisecond}})
	res, err := s.ResumePending(context.Background(), dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0].Err != nil || res[0].Conversation == nil {
		t.Fatalf("resumed = %+v", res)
	}
	r := res[0]
	if len(r.Tasks) != 0 || len(r.Gone) != 1 || r.Gone[0].ID != taskID {
		t.Fatalf("following %+v, gone %+v; want the task gone", r.Tasks, r.Gone)
	}
	sessiontest.WaitIdle(t, r.Conversation)
	if err := r.Recorder.Close(); err != nil {
		t.Fatal(err)
	}
	if n := log.count("SubscribeToTask"); n != 0 {
		t.Errorf("resubscribed %d times to a task the agent does not know", n)
	}
	var lines []string
	for _, it := range r.Conversation.Items() {
		if it.TaskID == taskID && (it.Kind == session.ItemNotice || it.Kind == session.ItemError) && it.Time.After(time.Now().Add(-time.Minute)) &&
			!strings.HasPrefix(it.Text, "Stopped following") {
			lines = append(lines, it.Text)
		}
	}
	if len(lines) != 1 || !strings.Contains(lines[0], "no longer knows task") || !strings.Contains(lines[0], "ends as unknown") {
		t.Errorf("the transcript says %q; want one line that the agent no longer knows the task", lines)
	}
	for _, tk := range r.Conversation.Tasks() {
		if tk.ID == taskID && tk.State != a2aclient.StateUnknown {
			t.Errorf("task state %q, want unknown", tk.State)
		}
	}
	if p, _ := s.PendingTasks(); len(p) != 0 {
		t.Errorf("still pending: %+v", p)
	}
	if info, _ := s.Context(id); info.LastState != string(a2aclient.StateUnknown) {
		t.Errorf("stored last state %q", info.LastState)
	}
}
