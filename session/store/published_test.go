package store

import (
	"testing"
	"time"

	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

// What the UI draws of a recorded conversation (Drain, Items, Tasks) is
// never ahead of the store: every item it is handed is stored at that
// version or later, with at least that much text, and every task state
// it shows is stored.
func TestUIShowsOnlyWhatIsStored(t *testing.T) {
	srv := sessiontest.DemoServer(t, demoagent.Options{ChunkDelay: 10 * time.Millisecond})
	s := openTestStore(t)
	client := sessiontest.ResolveDemo(t, srv.URL)
	conv := session.NewConversation(client, "parley demo", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(srv.URL, client)})
	conv.Send("Tell me a story")
	compared := 0
	check := func(items []session.Item, tasks []session.TaskInfo) {
		if len(items) == 0 && len(tasks) == 0 {
			return
		}
		id := rec.ID()
		if id == 0 {
			t.Fatalf("the UI was handed %d items and %d tasks before anything was stored", len(items), len(tasks))
		}
		stored, err := s.LoadTail(id, 0)
		if err != nil {
			t.Fatal(err)
		}
		byKey := map[string]session.Item{}
		for _, it := range stored {
			byKey[it.Key] = it
		}
		for _, it := range items {
			st, ok := byKey[it.Key]
			if !ok || st.Version < it.Version || len(sessiontest.PartsText(st.Parts)) < len(sessiontest.PartsText(it.Parts)) {
				t.Fatalf("the UI shows %s at version %d with %d bytes; the store holds version %d with %d (found %v)",
					it.Key, it.Version, len(sessiontest.PartsText(it.Parts)), st.Version, len(sessiontest.PartsText(st.Parts)), ok)
			}
			compared++
		}
		storedTasks, err := s.Tasks(id)
		if err != nil {
			t.Fatal(err)
		}
		states := map[string]string{}
		for _, tk := range storedTasks {
			states[tk.ID] = string(tk.State)
		}
		for _, tk := range tasks {
			// The store may have moved on since the UI's snapshot; it
			// must not be behind it.
			if stateRank(states[tk.ID]) < stateRank(string(tk.State)) ||
				(stateRank(string(tk.State)) == 2 && states[tk.ID] != string(tk.State)) {
				t.Fatalf("the UI shows task %s %s; the store says %q", tk.ID, tk.State, states[tk.ID])
			}
		}
	}
	for i := 0; conv.Busy(); i++ {
		if i%7 == 3 {
			check(conv.Items(), conv.Tasks()) // as when the chat is reset
		} else {
			check(conv.Drain(), conv.Tasks())
		}
		time.Sleep(200 * time.Microsecond)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if compared < 3 {
		t.Errorf("only %d items compared; the stream was too quick to test anything", compared)
	}
	// Once recording ends, the UI sees the conversation as it is.
	items := conv.Items()
	if len(items) == 0 || items[len(items)-1].Kind != session.ItemStatus {
		t.Errorf("after recording: %d items, the last %+v", len(items), items)
	}
}

// stateRank orders the states a streamed answer passes through: nothing
// stored, submitted, working, then any state that ends or pauses it.
func stateRank(state string) int {
	switch state {
	case "":
		return -1
	case "submitted":
		return 0
	case "working":
		return 1
	}
	return 2
}
