package store

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

// addNotes adds n numbered notes (key prefix:i) at the end of stored
// context id.
func addNotes(t *testing.T, s *Store, id int64, prefix string, n int) {
	t.Helper()
	oc, err := s.OpenContext(id, 1)
	if err != nil {
		t.Fatal(err)
	}
	conv, rec := s.Continue(oc, nil, nil, session.RecordOptions{})
	conv.Edit(func(e session.Editor) {
		for i := 0; i < n; i++ {
			e.Add(&session.Item{Key: fmt.Sprintf("%s:%d", prefix, i), Kind: session.ItemUser, Text: fmt.Sprintf("%s %d", prefix, i), Done: true})
		}
	})
	conv.Changed()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
}

// A context whose task was still running when parley stopped resumes
// with a window of its last items, not all of them, and with the task's
// items, wherever they are: the task goes on in its own rows (one
// artifact in the store after it ends, not a second one at the end).
func TestResumeOpensAWindowHoldingTheTask(t *testing.T) {
	for _, tc := range []struct {
		name          string
		before, after int // notes before the task's message, and after it
	}{
		{"task at the end", 3000, 0},
		{"task just above the window", 20, 600},
		{"task far up", 20, 3000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(demoagent.New(demoagent.Options{ChunkDelay: 40 * time.Millisecond}).Handler())
			t.Cleanup(srv.Close)
			s := openTestStore(t)
			id, taskID := stopMidStreamAfter(t, s, srv.URL, tc.before)
			if tc.after > 0 {
				addNotes(t, s, id, "later", tc.after)
			}
			dir := sessiontest.Directory(session.DirectoryOptions{Client: a2aclient.Options{PollInterval: 5 * time.Millisecond}})
			res, err := s.Resume(context.Background(), dir, id, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Err != nil || res.Conversation == nil || len(res.Tasks) != 1 {
				t.Fatalf("resumed = %+v", res)
			}
			items := res.Conversation.Items()
			const bound = 2*session.OpenWindow + 64 // the window, widened back to the task at most
			hasTask := false
			for _, it := range items {
				hasTask = hasTask || it.TaskID == taskID && it.Kind == session.ItemArtifact
			}
			if len(items) > bound || !hasTask || !res.Before {
				t.Errorf("the resumed conversation holds %d items (bound %d), the task's artifact among them: %v, the store's earlier items said: %v",
					len(items), bound, hasTask, res.Before)
			}
			sessiontest.WaitIdle(t, res.Conversation)
			if err := res.Recorder.Close(); err != nil {
				t.Fatal(err)
			}
			all, err := s.LoadTail(id, 0)
			if err != nil {
				t.Fatal(err)
			}
			arts := 0
			for _, it := range all {
				if it.Kind == session.ItemArtifact {
					arts++
				}
			}
			if n := tc.before + tc.after; arts != 1 || len(all) < n {
				t.Errorf("after the task ended the store holds %d artifacts and %d items; want 1, and the %d notes", arts, len(all), n)
			}
		})
	}
}

// stopMidStreamAfter is stopMidStream in a context that holds n notes
// before the message, written first (under the race detector, writing
// them with the answer's first chunks let the answer end before a
// partial artifact was flushed).
func stopMidStreamAfter(t *testing.T, s *Store, url string, n int) (int64, string) {
	t.Helper()
	client := sessiontest.ResolveDemo(t, url)
	first := session.NewConversation(client, "parley demo", nil)
	rec := s.Record(first, session.RecordOptions{Agent: session.AgentInfoOf(url, client)})
	first.Edit(func(e session.Editor) {
		for i := 0; i < n; i++ {
			e.Add(&session.Item{Key: fmt.Sprintf("note:%d", i), Kind: session.ItemUser, Text: fmt.Sprintf("note %d", i), Done: true})
		}
	})
	first.Changed()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	oc, err := s.OpenContext(rec.ID(), 1)
	if err != nil {
		t.Fatal(err)
	}
	partial := make(chan struct{}, 1)
	conv, rec := s.Continue(oc, client, nil, session.RecordOptions{OnFlush: func(f session.Flush) {
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
	return oc.Info.ID, running[0]
}
