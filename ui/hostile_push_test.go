package ui

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session/push"
	"github.com/parley-a2a/parley/ui/panes"
)

// A flood of pushes while the tasks pane lists the agent's tasks: each
// push used to start a new listing of the agent on screen, which dropped
// the one in flight, so the listing never arrived and the agent on screen
// was asked as often as anyone pushed — even when the pushes came from
// another agent. Now a push from another agent lists nothing, and pushes
// during a listing ask for one more listing after it, not one each.
func TestHostilePushFloodListsOnce(t *testing.T) {
	// During the flood the agent holds every request until the flood is
	// over, so the listings parley starts are all in flight at once.
	var mu sync.Mutex
	var inFlight, most int
	var hold chan struct{}
	count := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			inFlight++
			most = max(most, inFlight)
			gate := hold
			mu.Unlock()
			defer func() { mu.Lock(); inFlight--; mu.Unlock() }()
			if gate != nil {
				<-gate
			}
			h.ServeHTTP(w, r)
		})
	}
	a := startApp(t, appOptions{noWelcome: true, wrap: count})
	a.ready()
	a.key("shift+tab", "v")
	a.waitState("the agent's tasks listed", func(m *Model) bool {
		return m.tasks.CurrentView() != panes.ViewChat && !m.tasks.Loading()
	})
	var seq int
	var ref string
	var agent a2aclient.AgentID
	a.inspect(func(m *Model) { seq, ref, agent = m.taskList.seq, m.current.Ref, agentOf(m.current) })
	push := func(agent a2aclient.AgentID, ref string, i int) {
		a.tm.Send(pushNoteMsg{note: push.Note{Agent: agent, AgentRef: ref, TaskID: fmt.Sprintf("t%d", i), State: a2aclient.StateWorking}})
	}
	for i := range 200 {
		// Named as the agent on screen is, but another agent.
		push("http://127.0.0.1:1/other", ref, i)
	}
	a.inspect(func(m *Model) {
		if m.taskList.seq != seq {
			t.Errorf("pushes from another agent listed the agent on screen %d times", m.taskList.seq-seq)
		}
		seq = m.taskList.seq
	})
	mu.Lock()
	most, hold = 0, make(chan struct{})
	mu.Unlock()
	for i := range 200 {
		push(agent, ref, i)
	}
	a.inspect(func(m *Model) {
		if m.taskList.seq == seq {
			t.Error("pushes from the agent on screen did not list its tasks again")
		}
	})
	a.waitState("the listing to reach the agent", func(*Model) bool {
		mu.Lock()
		defer mu.Unlock()
		return inFlight > 0
	})
	mu.Lock()
	close(hold)
	hold = nil
	mu.Unlock()
	a.waitState("the listing arrives and the one more after it", func(m *Model) bool {
		return !m.tasks.Loading()
	})
	mu.Lock()
	defer mu.Unlock()
	if most > 1 {
		t.Errorf("%d requests reached the agent at once during the pushes, want one listing at a time", most)
	}
}
