package interop

import (
	"path/filepath"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// The merged task list against a2a-go: a task parley recorded and one it
// never saw (sent by another client) are both listed, the first as known
// to both, the agent's state winning; where the dialect has no listing
// (v0.3 JSON-RPC) parley says so and lists its history alone.
func TestTaskListMergesServerAndHistory(t *testing.T) {
	t.Parallel()
	for _, tg := range clFullTargets(t) {
		t.Run(tg.Name, func(t *testing.T) {
			ctx := clCtx(t)
			c := clSignedIn(t, tg)
			store, err := store.Open(filepath.Join(t.TempDir(), "parley.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			ref := tg.Peer.CardURL

			conv := session.NewConversation(c, "peer", nil)
			rec := store.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(ref, c)})
			conv.Send(scenarioBook)
			waitFor(t, "the recorded task to wait for input", func() bool {
				id, st := conv.Waiting()
				return id != "" && st == a2aclient.StateInputRequired
			})
			recorded, _ := conv.Waiting()
			if err := rec.Close(); err != nil {
				t.Fatal(err)
			}
			// Another client's task in the same context.
			other, err := c.Send(ctx, clReply(scenarioStream, "", conv.ContextID()))
			if err != nil {
				t.Fatal(err)
			}
			f := session.TaskFilter{ContextID: conv.ContextID()}
			history, err := store.HistoryTasks([]a2aclient.AgentID{c.ID()}, f)
			if err != nil {
				t.Fatal(err)
			}
			pages, err := session.ServerTasksUpTo(ctx, c, ref, f, "")
			server := pages.Rows
			if !clHasListing(tg) {
				if !session.NoListing(err) {
					t.Fatalf("listing over %s: %v, want no listing", tg.Dialect, err)
				}
				rows := session.MergeTasks(0, history)
				if len(rows) != 1 || rows[0].TaskID != recorded || rows[0].Where() != "parley" {
					t.Fatalf("history alone: %+v", rows)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			rows := session.MergeTasks(0, server, history)
			where := map[string]string{}
			for _, r := range rows {
				where[r.TaskID] = r.Where()
			}
			if len(rows) != 2 || where[recorded] != "both" || where[other.Task.ID] != "server" {
				t.Fatalf("merged %+v", rows)
			}
			donePages, err := session.ServerTasksUpTo(ctx, c, ref, session.TaskFilter{ContextID: conv.ContextID(), State: a2aclient.StateCompleted}, "")
			done := donePages.Rows
			if err != nil || len(done) != 1 || done[0].TaskID != other.Task.ID {
				t.Fatalf("completed only: %+v (%v)", done, err)
			}
			// One a page, followed by its token, up to the limit.
			twoPages, err := session.ServerTasksUpTo(ctx, c, ref, session.TaskFilter{ContextID: conv.ContextID(), Limit: 1}, "")
			two := twoPages.Rows
			if err != nil || len(two) != 1 {
				t.Fatalf("limit 1: %+v (%v)", two, err)
			}
		})
	}
}
