package store

import (
	"slices"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// pruneAgent is the identity of the agent the pruned configs are of.
const pruneAgent = a2aclient.AgentID("http://127.0.0.1:1")

// Pruning removes the configs of tasks that ended (after a grace for a
// late redelivery) and of any left idle for a month, and keeps those a
// push may still come for.
func TestPrunePushRoutes(t *testing.T) {
	s := openTestStore(t)
	conv := session.NewConversation(nil, "agent", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{ID: pruneAgent, Name: "agent", Ref: "agent"}})
	conv.LoadTask(&a2aclient.Task{ID: "ended", ContextID: "c", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted}})
	conv.LoadTask(&a2aclient.Task{ID: "running", ContextID: "c", Status: a2aclient.TaskStatus{State: a2aclient.StateWorking}})
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	save := func(id, task string, created time.Time) {
		t.Helper()
		if err := s.SavePushRoute(PushRoute{ConfigID: id, TaskID: task, Agent: pruneAgent, AgentRef: "agent", Created: created}); err != nil {
			t.Fatal(err)
		}
	}
	save("ended-old", "ended", now.Add(-2*time.Hour))
	save("ended-fresh", "ended", now.Add(-10*time.Minute))
	save("running-old", "running", now.Add(-2*time.Hour))
	save("running-stale", "running", now.Add(-31*24*time.Hour))
	save("unknown-seen", "unknown", now.Add(-40*24*time.Hour))
	if err := s.NotePushReceived("unknown-seen", now.Add(-24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	n, err := s.PrunePushRoutes(now)
	if err != nil {
		t.Fatal(err)
	}
	routes, err := s.PushRoutes(pruneAgent, "")
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, r := range routes {
		left = append(left, r.ConfigID)
	}
	slices.Sort(left)
	want := []string{"ended-fresh", "running-old", "unknown-seen"}
	if n != 2 || !slices.Equal(left, want) {
		t.Fatalf("pruned %d, left %v; want 2 pruned, left %v", n, left, want)
	}
}
