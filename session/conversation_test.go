package session

import (
	"context"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
)

func demoConversation(t *testing.T, path string) (*Conversation, *atomic.Int64) {
	t.Helper()
	srv := httptest.NewServer(demoagent.New(demoagent.Options{}).Handler())
	t.Cleanup(srv.Close)
	cl, err := a2aclient.Resolve(context.Background(), srv.URL+path, a2aclient.Options{PollInterval: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	var n atomic.Int64
	return NewConversation(cl, "demo", func() { n.Add(1) }), &n
}

// waitIdle waits for every exchange to finish. Bounded by the test's own
// deadline, not by a wall-time assertion.
func waitIdle(t *testing.T, c *Conversation) {
	t.Helper()
	for i := 0; c.Busy(); i++ {
		if i > 5000 {
			t.Fatal("conversation never went idle")
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func kinds(items []Item) string {
	var b []string
	for _, it := range items {
		s := [...]string{"user", "agent", "status", "artifact", "error", "notice"}[it.Kind]
		if it.Kind == ItemStatus {
			s += "(" + string(it.State) + ")"
		}
		b = append(b, s)
	}
	return strings.Join(b, " ")
}

func TestConversationStreamsMarkdownAnswer(t *testing.T) {
	for _, path := range []string{"/", "/v0.1/", "/v0.3/", "/v1.0/", "/gateway/"} {
		t.Run(path, func(t *testing.T) {
			c, notes := demoConversation(t, path)
			c.Send("hello there")
			waitIdle(t, c)
			items := c.Items()
			var art *Item
			for i := range items {
				if items[i].Kind == ItemArtifact {
					art = &items[i]
				}
			}
			if art == nil {
				t.Fatalf("no artifact in %s", kinds(items))
			}
			text := a2aclient.Artifact{Parts: art.Parts}
			if !strings.Contains(text.Text(), "hello there") || !art.Done {
				t.Errorf("artifact done=%v text=%q", art.Done, text.Text())
			}
			if got := kinds(items); !strings.HasPrefix(got, "user") || !strings.HasSuffix(got, "status(completed)") {
				t.Errorf("transcript = %s", got)
			}
			if notes.Load() < 2 {
				t.Errorf("notify called %d times", notes.Load())
			}
			tasks := c.Tasks()
			if len(tasks) != 1 || tasks[0].State != a2aclient.StateCompleted || tasks[0].Title != "hello there" || tasks[0].Following {
				t.Errorf("tasks = %+v", tasks)
			}
			if c.ContextID() == "" {
				t.Error("context id not learned")
			}
		})
	}
}

func TestConversationInputRequiredRoundTrip(t *testing.T) {
	c, _ := demoConversation(t, "/v0.3/")
	c.Send("Book a flight to Lisbon")
	waitIdle(t, c)
	taskID, state := c.Waiting()
	if state != a2aclient.StateInputRequired {
		t.Fatalf("waiting state = %q, transcript %s", state, kinds(c.Items()))
	}
	c.Send("From Berlin on the 10th")
	waitIdle(t, c)
	if id, _ := c.Waiting(); id != "" {
		t.Errorf("still waiting on %s", id)
	}
	tasks := c.Tasks()
	if len(tasks) != 1 || tasks[0].ID != taskID || tasks[0].State != a2aclient.StateCompleted {
		t.Errorf("answer must continue the same task: %+v", tasks)
	}
}

func TestConversationDrainReturnsOnlyChanges(t *testing.T) {
	c, _ := demoConversation(t, "/v1.0/")
	c.Notice("welcome")
	if got := c.Drain(); len(got) != 1 || got[0].Text != "welcome" {
		t.Fatalf("first drain = %+v", got)
	}
	if got := c.Drain(); got != nil {
		t.Fatalf("second drain should be empty, got %d", len(got))
	}
	c.Send("ping message")
	waitIdle(t, c)
	got := c.Drain()
	for i := 1; i < len(got); i++ {
		if got[i].Seq <= got[i-1].Seq {
			t.Fatalf("drain out of order: %v", got)
		}
	}
	if len(got) < 2 || got[0].Kind != ItemUser || got[len(got)-1].Kind != ItemAgent {
		t.Errorf("drain after a message reply = %s", kinds(got))
	}
}

func TestConversationStopAndCancel(t *testing.T) {
	c, _ := demoConversation(t, "/v1.0/")
	c.Send("slow task please")
	var taskID string
	for i := 0; taskID == "" && i < 5000; i++ {
		if ts := c.Tasks(); len(ts) > 0 {
			taskID = ts[0].ID
		}
		time.Sleep(2 * time.Millisecond)
	}
	if taskID == "" {
		t.Fatal("slow task never started")
	}
	running := c.Stop()
	waitIdle(t, c)
	if len(running) != 1 || running[0] != taskID {
		t.Fatalf("Stop returned %v", running)
	}
	if err := c.Cancel(context.Background(), taskID); err != nil {
		t.Fatal(err)
	}
	if ts := c.Tasks(); ts[0].State != a2aclient.StateCanceled {
		t.Errorf("state after cancel = %s", ts[0].State)
	}
	if !strings.Contains(kinds(c.Items()), "notice") {
		t.Errorf("stop should leave a notice: %s", kinds(c.Items()))
	}
}

func TestConversationErrorIsOneItem(t *testing.T) {
	srv := httptest.NewServer(demoagent.New(demoagent.Options{}).Handler())
	cl, err := a2aclient.Resolve(context.Background(), srv.URL+"/secure/", a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	c := NewConversation(cl, "secure", nil)
	c.Send("hello")
	waitIdle(t, c)
	items := c.Items()
	last := items[len(items)-1]
	if last.Kind != ItemError || !strings.Contains(last.Text, "401") || last.Err == nil {
		t.Fatalf("last item = %+v", last)
	}
}

func TestConversationWatchersDrainIndependently(t *testing.T) {
	c, _ := demoConversation(t, "/v1.0/")
	var storeNotes atomic.Int64
	store := c.Watch(func() { storeNotes.Add(1) })
	c.Send("hello")
	waitIdle(t, c)
	uiItems := c.Drain()
	items, tasks := store.Drain()
	if len(items) == 0 || len(items) != len(uiItems) {
		t.Fatalf("store drained %d items, UI %d", len(items), len(uiItems))
	}
	if len(tasks) != 1 || tasks[0].State != a2aclient.StateCompleted {
		t.Errorf("store tasks = %+v", tasks)
	}
	if storeNotes.Load() == 0 {
		t.Error("store watcher never notified")
	}
	if again, tasks := store.Drain(); again != nil || tasks != nil {
		t.Errorf("second drain: %d items, %d tasks", len(again), len(tasks))
	}
}

func TestConversationRestoreContinuesContext(t *testing.T) {
	c, _ := demoConversation(t, "/v0.3/")
	c.Send("Book a flight to Lisbon")
	waitIdle(t, c)
	items, tasks, ctxID := c.Items(), c.Tasks(), c.ContextID()

	d := NewConversation(c.Client(), "demo", nil)
	d.Restore(ctxID, items, tasks)
	if id, state := d.Waiting(); id != tasks[0].ID || state != a2aclient.StateInputRequired {
		t.Fatalf("restored waiting = %s %s", id, state)
	}
	d.Send("From Berlin")
	waitIdle(t, d)
	got := d.Tasks()
	if len(got) != 1 || got[0].State != a2aclient.StateCompleted || d.ContextID() != ctxID {
		t.Errorf("after answer: %+v ctx %s", got, d.ContextID())
	}
}

func TestConversationDataKeepsTheAgentsKeyOrder(t *testing.T) {
	for _, path := range []string{"/v1.0/", "/v0.3/"} {
		c, _ := demoConversation(t, path)
		c.Send("Show me the itinerary data")
		waitIdle(t, c)
		var order []string
		for _, it := range c.Items() {
			for _, p := range it.Parts {
				if p.Kind == a2aclient.PartData {
					order = p.KeyOrder
				}
			}
		}
		want := "from to date price"
		if path == "/v0.3/" {
			want = "flights" // before v1.0 the demo wraps the rows in an object
		}
		if strings.Join(order, " ") != want {
			t.Errorf("%s: key order %v, want %s", path, order, want)
		}
	}
}

// Chunks of artifacts that share an id across tasks, interleaved, land
// in one item each: the key kept from the last chunk is never reused for
// another artifact.
func TestConversationInterleavedArtifactsKeepTheirItems(t *testing.T) {
	c := NewConversation(nil, "agent", nil)
	ex := &exchange{}
	trackers := map[string]*a2aclient.Tracker{"t1": {}, "t2": {}}
	chunk := func(task, id, text string, appendChunk bool) {
		ev := a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: task, Append: appendChunk,
			Artifact: a2aclient.Artifact{ID: id, Parts: []a2aclient.Part{a2aclient.TextPart(text)}}}}
		trackers[task].Apply(ev)
		c.onUpdate(ex, "", Update{Event: &ev, Tracker: trackers[task]})
	}
	chunk("t1", "a", "1", false)
	chunk("t2", "a", "2", false)
	chunk("t1", "a", "1", true)
	chunk("t1", "b", "3", false)
	chunk("t2", "a", "2", true)
	chunk("t1", "b", "3", true)
	chunk("t1", "a", "1", true)
	got := map[string]string{}
	for _, it := range c.Items() {
		if it.Kind == ItemArtifact {
			got[it.Key] = it.Parts[0].Text
		}
	}
	want := map[string]string{"art:t1/a": "111", "art:t2/a": "22", "art:t1/b": "33"}
	if len(got) != len(want) {
		t.Fatalf("items %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
}
