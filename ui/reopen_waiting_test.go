package ui

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/ui/styles"
)

// leaveWaiting records into st a conversation with the agent at url
// whose task waits for input. It returns the context and the task.
func leaveWaiting(t *testing.T, st *store.Store, url string) (int64, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	client, err := a2aclient.Resolve(ctx, url, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	conv := session.NewConversation(client, "parley demo", nil)
	rec := st.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(url, client)})
	conv.Send("Book a flight to Lisbon")
	for conv.Busy() && ctx.Err() == nil {
		time.Sleep(5 * time.Millisecond)
	}
	id, state := conv.Waiting()
	if state != a2aclient.StateInputRequired {
		t.Fatalf("waiting = %q %q", id, state)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	return rec.ID(), id
}

// A reopened conversation checks its waiting task with the agent in the
// background: one the agent no longer knows is marked gone (one line,
// the Tasks pane's mark) and the composer no longer offers to answer it.
// It offered "answering task … (input-required)", then "✗ The agent does
// not know this task" (issue 32, item 15).
func TestReopenedConversationDropsATaskTheAgentLost(t *testing.T) {
	st := openStore(t)
	var task string
	var restarted atomic.Bool // the agent restarted: a fresh one answers at its address
	fresh := demoagent.New(demoagent.Options{}).Handler()
	a := startApp(t, appOptions{noWelcome: true, store: st,
		wrap: func(h http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if restarted.Load() {
					fresh.ServeHTTP(w, r)
					return
				}
				h.ServeHTTP(w, r)
			})
		},
		prepare: func(url string) int64 {
			id, tid := leaveWaiting(t, st, url+"/")
			task = tid
			restarted.Store(true)
			return id
		}})
	a.waitScreen("The agent no longer knows task " + styles.ShortID(task))
	a.waitState("the composer to stop answering the task", func(m *Model) bool {
		id, _ := m.current.Conv.Waiting()
		return id == "" && m.composerTitle() == "message "+m.current.Label()
	})
}
