package store

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

// requestLog records what each request to the demo agent asked for.
type requestLog struct {
	mu   sync.Mutex
	seen []string
}

func (l *requestLog) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		l.mu.Lock()
		l.seen = append(l.seen, r.Method+" "+r.URL.Path+" "+string(body))
		l.mu.Unlock()
		h.ServeHTTP(w, r)
	})
}

func (l *requestLog) count(substr string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, s := range l.seen {
		if strings.Contains(s, substr) {
			n++
		}
	}
	return n
}

func (l *requestLog) reset() {
	l.mu.Lock()
	l.seen = nil
	l.mu.Unlock()
}

// stopMidStream starts a streamed answer, records it until part of the
// artifact is on disk, then stops following, as quitting parley does.
func stopMidStream(t *testing.T, s *Store, url string) (int64, string) {
	t.Helper()
	conv := session.NewConversation(sessiontest.ResolveDemo(t, url), "parley demo", nil)
	partial := make(chan struct{}, 1)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(url, conv.Client()), OnFlush: func(f session.Flush) {
		for _, it := range f.Items {
			if it.Kind == session.ItemArtifact && !it.Done {
				select {
				case partial <- struct{}{}:
				default:
				}
			}
		}
	}})
	conv.Send("Tell me a story")
	select {
	case <-partial:
	case <-time.After(20 * time.Second):
		t.Fatal("no partial artifact was recorded")
	}
	running := conv.Stop()
	sessiontest.WaitIdle(t, conv)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if len(running) != 1 {
		t.Fatalf("running after stop: %v", running)
	}
	return rec.ID(), running[0]
}

func TestResumePendingTasks(t *testing.T) {
	for _, tc := range []struct {
		name, path, marker string
	}{
		{"resubscribe", "/", "SubscribeToTask"},
		{"poll", "/gateway/", "GET /gateway/v1/a2a/agents/demo/tasks/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log requestLog
			// Paced so the task still runs when ResumePending reaches it, after
			// resolving the card and checking its signature on a loaded machine.
			srv := httptest.NewServer(log.wrap(demoagent.New(demoagent.Options{ChunkDelay: 40 * time.Millisecond}).Handler()))
			t.Cleanup(srv.Close)
			url := srv.URL + tc.path
			s := openTestStore(t)
			id, taskID := stopMidStream(t, s, url)

			pending, err := s.PendingTasks()
			if err != nil {
				t.Fatal(err)
			}
			if len(pending) != 1 || pending[0].Task.ID != taskID || pending[0].Context.ID != id || pending[0].Waiting() ||
				pending[0].Context.Agent.Ref != url {
				t.Fatalf("pending = %+v", pending)
			}
			before, err := s.LoadTail(id, 0)
			if err != nil {
				t.Fatal(err)
			}

			log.reset()
			dir := sessiontest.Directory(session.DirectoryOptions{Client: a2aclient.Options{PollInterval: 5 * time.Millisecond}})
			res, err := s.ResumePending(context.Background(), dir, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(res) != 1 || res[0].Err != nil || len(res[0].Tasks) != 1 || res[0].Conversation == nil {
				t.Fatalf("resumed = %+v", res)
			}
			sessiontest.WaitIdle(t, res[0].Conversation)
			if err := res[0].Recorder.Close(); err != nil {
				t.Fatal(err)
			}
			if log.count(tc.marker) == 0 {
				t.Errorf("the task was not followed by %s: %v", tc.name, log.seen)
			}

			if p, _ := s.PendingTasks(); len(p) != 0 {
				t.Errorf("still pending: %+v", p)
			}
			info, _ := s.Context(id)
			if info.LastState != "completed" {
				t.Errorf("last state %q", info.LastState)
			}
			task, err := sessiontest.ResolveDemo(t, url).Get(context.Background(), taskID, nil)
			if err != nil {
				t.Fatal(err)
			}
			after, err := s.LoadTail(id, 0)
			if err != nil {
				t.Fatal(err)
			}
			var arts []session.Item
			for _, it := range after {
				if it.Kind == session.ItemArtifact {
					arts = append(arts, it)
				}
			}
			if want := sessiontest.PartsText(task.Artifacts[0].Parts); len(arts) != 1 || !arts[0].Done || sessiontest.PartsText(arts[0].Parts) != want {
				t.Errorf("artifact after resume = %+v, agent has %q", arts, want)
			}
			// What was stored before stays where it was.
			for i, it := range before {
				if after[i].Key != it.Key || after[i].Seq != it.Seq {
					t.Errorf("item %d moved: %s@%d → %s@%d", i, it.Key, it.Seq, after[i].Key, after[i].Seq)
				}
			}
		})
	}
}

func TestResumeReportsUnreachableAgent(t *testing.T) {
	srv := httptest.NewServer(sessiontest.HeldAfterFirstArtifact(demoagent.New(demoagent.Options{ChunkDelay: 3 * time.Millisecond}).Handler()))
	t.Cleanup(srv.Close)
	s := openTestStore(t)
	id, taskID := stopMidStream(t, s, srv.URL)
	srv.Close()

	dir := sessiontest.Directory(session.DirectoryOptions{})
	res, err := s.ResumePending(context.Background(), dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0].Err == nil || res[0].Conversation != nil || res[0].Context.ID != id || res[0].Tasks[0].ID != taskID {
		t.Fatalf("resumed = %+v", res)
	}
	if !strings.Contains(res[0].Err.Error(), "could not reach") {
		t.Errorf("error = %v", res[0].Err)
	}
	if p, _ := s.PendingTasks(); len(p) != 1 {
		t.Errorf("the task should stay pending for a retry: %+v", p)
	}
}

func TestContinueAnswersTheWaitingTask(t *testing.T) {
	srv := sessiontest.DemoServer(t, demoagent.Options{})
	s := openTestStore(t)
	client := sessiontest.ResolveDemo(t, srv.URL)
	conv := session.NewConversation(client, "parley demo", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(srv.URL, client)})
	conv.Send("Book a flight")
	sessiontest.WaitIdle(t, conv)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}

	oc, err := s.OpenContext(rec.ID(), 0)
	if err != nil {
		t.Fatal(err)
	}
	conv2, rec2 := s.Continue(oc, client, nil, session.RecordOptions{})
	if err := rec2.Flush(); err != nil {
		t.Fatal(err)
	}
	if again, _ := s.Context(rec.ID()); !again.Updated.Equal(oc.Info.Updated) {
		t.Errorf("reopening moved the context's last activity from %v to %v", oc.Info.Updated, again.Updated)
	}
	if id, state := conv2.Waiting(); state != a2aclient.StateInputRequired || id != oc.Tasks[0].ID {
		t.Fatalf("waiting = %q %q", id, state)
	}
	conv2.Send("From Paris, tomorrow")
	sessiontest.WaitIdle(t, conv2)
	if err := rec2.Close(); err != nil {
		t.Fatal(err)
	}
	items, err := s.LoadTail(rec.ID(), 0)
	if err != nil {
		t.Fatal(err)
	}
	// The continued conversation's status lines repeat keys of the first
	// ("status:T:working"); both are kept, in order.
	if got := sessiontest.Kinds(items); got != "user status(working) status(input-required) user status(working) artifact status(completed)" {
		t.Errorf("stored transcript: %s", got)
	}
	for i := 1; i < len(items); i++ {
		if items[i].Seq <= items[i-1].Seq {
			t.Errorf("seq not increasing at %d: %d then %d", i, items[i-1].Seq, items[i].Seq)
		}
	}
	info, _ := s.Context(rec.ID())
	if info.Messages != 2 || info.LastState != "completed" || info.Title != "Book a flight" {
		t.Errorf("context = %+v", info)
	}
}

// An agent that restarted forgets its tasks: resuming one it does not
// know ends it as unknown, once, instead of failing the same way at every
// start (the demo agent, in-process, forgets everything when parley
// quits).
func TestResumeGivesUpATaskTheAgentForgot(t *testing.T) {
	var current atomic.Pointer[http.Handler]
	set := func() {
		h := demoagent.New(demoagent.Options{ChunkDelay: 3 * time.Millisecond}).Handler()
		current.Store(&h)
	}
	first := sessiontest.HeldAfterFirstArtifact(demoagent.New(demoagent.Options{ChunkDelay: 3 * time.Millisecond}).Handler())
	current.Store(&first)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { (*current.Load()).ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	s := openTestStore(t)
	id, taskID := stopMidStream(t, s, srv.URL+"/")
	set() // the agent restarts and knows no task

	dir := sessiontest.Directory(session.DirectoryOptions{})
	res, err := s.ResumePending(context.Background(), dir, nil)
	if err != nil || len(res) != 1 || res[0].Conversation == nil {
		t.Fatalf("resumed = %+v, %v", res, err)
	}
	sessiontest.WaitIdle(t, res[0].Conversation)
	if err := res[0].Recorder.Close(); err != nil {
		t.Fatal(err)
	}
	var errs int
	for _, it := range res[0].Conversation.Items() {
		if it.Kind == session.ItemNotice && strings.Contains(it.Text, "no longer knows task") {
			errs++
		}
	}
	if errs != 1 {
		t.Errorf("want one note that the agent no longer knows the task in the transcript, got %d", errs)
	}
	oc, err := s.OpenContext(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range oc.Tasks {
		if task.ID == taskID && task.State != a2aclient.StateUnknown {
			t.Errorf("the forgotten task is stored %s, want unknown", task.State)
		}
	}
	if p, _ := s.PendingTasks(); len(p) != 0 {
		t.Fatalf("a forgotten task is still pending: %+v", p)
	}
	if again, err := s.ResumePending(context.Background(), dir, nil); err != nil || len(again) != 0 {
		t.Fatalf("the next start resumed %+v, %v; want nothing", again, err)
	}
}
