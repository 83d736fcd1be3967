package push

import (
	"context"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

// The demo agent posts a task's changes to parley's receiver: a task
// waiting for input, answered by another client, is stored completed
// with its answer without parley following it.
func TestDemoAgentPushesIntoTheInbox(t *testing.T) {
	srv := sessiontest.DemoServer(t, demoagent.Options{ChunkDelay: time.Millisecond})
	s := openTestStore(t)
	in := NewInbox(s)
	notes := make(chan Note, 256)
	in.Subscribe(func(n Note) { notes <- n })
	recv, err := StartReceiver(ReceiverOptions{Store: s, OnPush: in.Take})
	if err != nil {
		t.Fatal(err)
	}
	defer recv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := sessiontest.ResolveDemo(t, srv.URL+"/v1.0/")
	res, err := c.Send(ctx, a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("book a flight")}}})
	if err != nil || res.Task == nil || res.Task.Status.State != a2aclient.StateInputRequired {
		t.Fatalf("book: %+v, %v", res, err)
	}
	task := res.Task
	cfg, err := recv.Register(c.ID(), srv.URL, c.Dialect(), task.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.SetPushConfig(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	answer := a2aclient.SendRequest{Message: a2aclient.Message{TaskID: task.ID, ContextID: task.ContextID, Parts: []a2aclient.Part{a2aclient.TextPart("from Lisbon on Friday")}}}
	if _, err := c.Send(ctx, answer); err != nil {
		t.Fatal(err)
	}
	for done := false; !done; {
		select {
		case n := <-notes:
			done = n.State.Terminal()
		case <-ctx.Done():
			t.Fatalf("no final push: %+v", recv.Stats())
		}
	}
	id, ok, err := s.ContextOfTask(c.ID(), task.ID)
	if err != nil || !ok {
		t.Fatalf("not stored (%v)", err)
	}
	oc, err := s.OpenContext(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(oc.Tasks) != 1 || oc.Tasks[0].State != a2aclient.StateCompleted || artifactText(oc.Items, task.ID) == "" {
		t.Errorf("stored %+v with %d items", oc.Tasks, len(oc.Items))
	}
	if st := recv.Stats(); st.Rejected() != 0 || st.Accepted == 0 {
		t.Errorf("stats %+v", st)
	}
}

// The service a front end keeps: Watch registers with the agent, a push
// for an attached conversation's task goes to it, and Close removes the
// configs that pointed at this run's free port.
func TestPushServiceWatchAttachAndClose(t *testing.T) {
	srv := sessiontest.DemoServer(t, demoagent.Options{ChunkDelay: time.Millisecond})
	s := openTestStore(t)
	p, err := StartService(s, ReceiverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := sessiontest.ResolveDemo(t, srv.URL+"/v1.0/")
	conv := session.NewConversation(c, "demo", nil)
	conv.Send("book a flight")
	sessiontest.WaitIdle(t, conv)
	taskID, st := conv.Waiting()
	if st != a2aclient.StateInputRequired {
		t.Fatalf("waiting %q %q", taskID, st)
	}
	detach := p.Inbox().Attach(conv)
	defer detach()
	arrived := make(chan Note, 256)
	p.Inbox().Subscribe(func(n Note) { arrived <- n })
	if _, err := p.Watch(ctx, c, srv.URL, taskID); err != nil {
		t.Fatal(err)
	}
	// Answered by another client: the conversation hears it by push.
	other := sessiontest.ResolveDemo(t, srv.URL+"/v1.0/")
	if _, err := other.Send(ctx, a2aclient.SendRequest{Message: a2aclient.Message{TaskID: taskID, ContextID: conv.ContextID(),
		Parts: []a2aclient.Part{a2aclient.TextPart("from Lisbon")}}}); err != nil {
		t.Fatal(err)
	}
	for done := false; !done; {
		select {
		case n := <-arrived:
			if !n.Live {
				t.Fatalf("a push for an attached conversation went to the store: %+v", n)
			}
			done = n.State.Terminal()
		case <-ctx.Done():
			t.Fatalf("no final push: %+v", p.Stats())
		}
	}
	var state a2aclient.State
	for _, task := range conv.Tasks() {
		if task.ID == taskID {
			state = task.State
		}
	}
	if state != a2aclient.StateCompleted || artifactText(conv.Items(), taskID) == "" {
		t.Errorf("the conversation shows %s with %q", state, artifactText(conv.Items(), taskID))
	}
	if err := p.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if cfgs, err := c.ListPushConfigs(ctx, taskID); err != nil || len(cfgs) != 0 {
		t.Errorf("left on the agent: %+v (%v)", cfgs, err)
	}
}
