package session

import (
	"context"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
)

// The demo agent posts a task's changes to parley's receiver: a task
// waiting for input, answered by another client, is stored completed
// with its answer without parley following it.
func TestDemoAgentPushesIntoTheInbox(t *testing.T) {
	srv := demoServer(t, demoagent.Options{ChunkDelay: time.Millisecond})
	s := openTestStore(t)
	in := NewInbox(s)
	notes := make(chan PushNote, 256)
	in.Subscribe(func(n PushNote) { notes <- n })
	recv, err := StartPushReceiver(PushReceiverOptions{Store: s, OnPush: in.Take})
	if err != nil {
		t.Fatal(err)
	}
	defer recv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := resolveDemo(t, srv.URL+"/v1.0/")
	res, err := c.Send(ctx, a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("book a flight")}}})
	if err != nil || res.Task == nil || res.Task.Status.State != a2aclient.StateInputRequired {
		t.Fatalf("book: %+v, %v", res, err)
	}
	task := res.Task
	cfg, err := recv.Register(srv.URL, c.Dialect(), task.ID)
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
	id, ok, err := s.ContextOfTask(task.ID)
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
