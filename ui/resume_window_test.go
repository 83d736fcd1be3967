package ui

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// leaveRunningAfter is leaveRunning in a conversation that holds n
// numbered notes ("note 0" …) before the message, written first (under
// the race detector, writing them with the answer's first chunks let the
// answer end before a partial one was flushed).
func leaveRunningAfter(t *testing.T, st *store.Store, url string, n int) int64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	client, err := a2aclient.Resolve(ctx, url, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	first := session.NewConversation(client, "parley demo", nil)
	rec := st.Record(first, session.RecordOptions{Agent: session.AgentInfoOf(url, client)})
	first.Edit(func(e session.Editor) {
		for i := 0; i < n; i++ {
			e.Add(&session.Item{Key: fmt.Sprintf("note:%d", i), Kind: session.ItemUser, Text: fmt.Sprintf("note %d", i), Done: true})
		}
	})
	first.Changed()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	oc, err := st.OpenContext(rec.ID(), 1)
	if err != nil {
		t.Fatal(err)
	}
	partial := make(chan struct{}, 1)
	conv, rec := st.Continue(oc, client, nil, session.RecordOptions{OnFlush: func(f session.Flush) {
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
	case <-ctx.Done():
		t.Fatal("no partial answer was recorded")
	}
	conv.Stop()
	for conv.Busy() && ctx.Err() == nil {
		time.Sleep(5 * time.Millisecond)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	return oc.Info.ID
}

// A long conversation whose task is resumed at start is held as a
// window, as one opened with --context: the conversation and the chat
// hold its last items and the task's, and scrolling to the top reads
// the first note from the store.
func TestFlowResumedLongConversationIsAWindow(t *testing.T) {
	st := openStore(t)
	var id int64
	a := startApp(t, appOptions{noWelcome: true, store: st, demo: demoagent.Options{ChunkDelay: 20 * time.Millisecond},
		prepare: func(url string) int64 {
			id = leaveRunningAfter(t, st, url+"/", 5000)
			return 0
		}})
	a.waitScreen("Resumed 1 unfinished task from last time.")
	a.liveShown(id)
	a.waitScreen("✓ completed")
	const bound = 2 * session.OpenWindow
	a.inspect(func(m *Model) {
		pane, conv := m.chat.Held(), len(m.current.Conv.Items())
		if pane > bound || conv > bound {
			t.Errorf("the chat holds %d items, the conversation %d, of 5,000 notes and a task; bound %d", pane, conv, bound)
		}
	})
	a.key("tab") // the chat
	a.key("g")
	a.waitScreen("note 0")
}
