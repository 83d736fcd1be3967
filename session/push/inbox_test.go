package push

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

func artifactText(items []session.Item, taskID string) string {
	for _, it := range items {
		if it.Kind == session.ItemArtifact && it.TaskID == taskID {
			var b strings.Builder
			for _, p := range it.Parts {
				b.WriteString(p.Text)
			}
			return b.String()
		}
	}
	return ""
}

// inboxAgent is the identity of the agent the inbox tests' tasks are of.
const inboxAgent = a2aclient.AgentID("http://127.0.0.1:1")

func appendPush(taskID, text string, last bool) a2aclient.Event {
	return a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: taskID, Append: true, LastChunk: last,
		Artifact: a2aclient.Artifact{ID: "a", Parts: []a2aclient.Part{a2aclient.TextPart(text)}}}}
}

func statusEvent(taskID string, st a2aclient.State) a2aclient.Event {
	return a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: taskID, Status: a2aclient.TaskStatus{State: st}, Final: st.Terminal()}}
}

// A task left running in a stored context and finished by pushes while
// nothing shows it: the context, opened later, reads as the agent left
// the task, the pushed chunks appended to what was streamed before.
func TestInboxStoresPushesWithTheirStoredTask(t *testing.T) {
	s := openTestStore(t)
	conv := session.NewConversation(nil, "fake", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{ID: inboxAgent, Name: "fake", Ref: "fake"}})
	conv.Notice("hello")
	conv.ApplyPush(statusEvent("t1", a2aclient.StateWorking))
	applyChunks(conv, "t1", 2) // "chunk chunk ", not sealed
	// Another conversation's items after it: the task is not at the tail.
	for range 20 {
		conv.Notice("later")
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	id := rec.ID()

	in := NewInbox(s)
	var notes []Note
	in.Subscribe(func(n Note) { notes = append(notes, n) })
	route := store.PushRoute{TaskID: "t1", Agent: inboxAgent, AgentRef: "fake", Dialect: a2aclient.DialectV10}
	for _, ev := range []a2aclient.Event{appendPush("t1", "more ", false), appendPush("t1", "end", true), statusEvent("t1", a2aclient.StateCompleted)} {
		if err := in.Take(Delivery{Route: route, Event: ev}); err != nil {
			t.Fatal(err)
		}
	}
	oc, err := s.OpenContext(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := artifactText(oc.Items, "t1"); got != "chunk chunk more end" {
		t.Errorf("artifact reads %q, want the streamed chunks and the pushed ones", got)
	}
	if len(oc.Tasks) != 1 || oc.Tasks[0].State != a2aclient.StateCompleted {
		t.Errorf("tasks %+v, want t1 completed", oc.Tasks)
	}
	if len(notes) != 3 || notes[2].Context != id || notes[2].State != a2aclient.StateCompleted {
		t.Errorf("notes %+v", notes)
	}
	list, _ := s.ListContexts("", "")
	if len(list) != 1 {
		t.Errorf("%d contexts, want the one the task was in", len(list))
	}
}

// A push for a task no stored context holds starts a context for it.
func TestInboxStartsAContextForAnUnknownTask(t *testing.T) {
	s := openTestStore(t)
	in := NewInbox(s)
	route := store.PushRoute{TaskID: "t9", Agent: inboxAgent, AgentRef: "http://127.0.0.1:1/", Dialect: a2aclient.DialectV03}
	task := &a2aclient.Task{ID: "t9", ContextID: "c9", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted},
		Artifacts: []a2aclient.Artifact{{ID: "x", Parts: []a2aclient.Part{a2aclient.TextPart("done")}}}}
	if err := in.Take(Delivery{Route: route, Event: a2aclient.Event{Task: task}}); err != nil {
		t.Fatal(err)
	}
	id, ok, err := s.ContextOfTask(inboxAgent, "t9")
	if err != nil || !ok {
		t.Fatalf("no context holds the pushed task (%v)", err)
	}
	oc, err := s.OpenContext(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if oc.Info.ContextID != "c9" || oc.Info.Agent.Ref != route.AgentRef || artifactText(oc.Items, "t9") != "done" {
		t.Errorf("context %+v items %+v", oc.Info, oc.Items)
	}
}

// A push for a task of a conversation open in this process goes to that
// conversation, not to a second copy in the store; while a stream
// follows the task, its chunks are left to the stream.
func TestInboxRoutesToTheLiveConversation(t *testing.T) {
	s := openTestStore(t)
	conv := session.NewConversation(nil, "fake", nil)
	conv.SetAgent(inboxAgent)
	conv.ApplyPush(statusEvent("t1", a2aclient.StateWorking))
	in := NewInbox(s)
	detach := in.Attach(conv)
	route := store.PushRoute{TaskID: "t1", Agent: inboxAgent, AgentRef: "fake"}
	if err := in.Take(Delivery{Route: route, Event: appendPush("t1", "pushed", false)}); err != nil {
		t.Fatal(err)
	}
	if got := artifactText(conv.Items(), "t1"); got != "pushed" {
		t.Errorf("live conversation's artifact %q", got)
	}
	if _, ok, _ := s.ContextOfTask(inboxAgent, "t1"); ok {
		t.Error("the push was stored a second time, apart from the live conversation")
	}
	conv.Edit(func(e session.Editor) { e.Follows("t1") })
	conv.ApplyPush(appendPush("t1", " twice", false))
	if got := artifactText(conv.Items(), "t1"); got != "pushed" {
		t.Errorf("a pushed chunk was added to a streamed task: %q", got)
	}
	detach()
	if err := in.Take(Delivery{Route: route, Event: statusEvent("t1", a2aclient.StateCompleted)}); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.ContextOfTask(inboxAgent, "t1"); !ok {
		t.Error("once detached, the push did not go to the store")
	}
}

// Two agents may name a task alike: a push from one never reaches the
// other's open conversation or stored context, whichever was first.
func TestInboxKeepsAgentsWithOneTaskIDApart(t *testing.T) {
	s := openTestStore(t)
	const other = a2aclient.AgentID("http://127.0.0.1:2")
	stored := session.NewConversation(nil, "a", nil)
	stored.SetAgent(inboxAgent)
	rec := s.Record(stored, session.RecordOptions{Agent: session.AgentInfo{ID: inboxAgent, Name: "a", Ref: "a"}})
	stored.ApplyPush(statusEvent("task-1", a2aclient.StateWorking))
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	live := session.NewConversation(nil, "a", nil)
	live.SetAgent(inboxAgent)
	live.ApplyPush(statusEvent("task-1", a2aclient.StateWorking))
	in := NewInbox(s)
	defer in.Attach(live)()
	route := store.PushRoute{TaskID: "task-1", Agent: other, AgentRef: "b", Dialect: a2aclient.DialectV03}
	if err := in.Take(Delivery{Route: route, Event: appendPush("task-1", "B was here", true)}); err != nil {
		t.Fatal(err)
	}
	if got := artifactText(live.Items(), "task-1"); got != "" {
		t.Errorf("agent A's open conversation took B's push: %q", got)
	}
	oc, err := s.OpenContext(rec.ID(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := artifactText(oc.Items, "task-1"); got != "" {
		t.Errorf("agent A's stored conversation took B's push: %q", got)
	}
	id, ok, err := s.ContextOfTask(other, "task-1")
	if err != nil || !ok || id == rec.ID() {
		t.Fatalf("B's push is in context %d (%v, %v), want one of B's own", id, ok, err)
	}
	if _, ok, _ := s.ContextOfTask("", "task-1"); ok {
		t.Error("an empty identity found a context")
	}
}
