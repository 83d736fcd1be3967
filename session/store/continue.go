package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// Continue reopens a stored context as a live conversation with client,
// recording into the same context: the next message keeps the agent's
// contextId, and answers the task waiting for input if there is one.
// notify is the conversation's change hook (see NewConversation).
func (s *Store) Continue(oc *session.OpenedContext, client *a2aclient.Client, notify func(), o session.RecordOptions) (*session.Conversation, *Recorder) {
	conv := session.NewConversation(client, oc.Info.Agent.Name, notify)
	if oc.Info.Agent.ID != "" {
		conv.SetAgent(oc.Info.Agent.ID)
	}
	conv.Restore(oc.Info.ContextID, oc.Items, oc.Tasks)
	o.Context = oc.Info.ID
	if o.Agent.Ref == "" {
		o.Agent = oc.Info.Agent
	}
	return conv, s.Record(conv, o)
}

// Resume reopens a stored context and follows its running tasks again:
// by resubscribing where the agent streams, else by polling. The
// conversation records into the same context; close its Recorder when
// done. It reports an unreachable agent in Resumption.Err, not as an
// error: the other contexts can still be resumed.
func (s *Store) Resume(ctx context.Context, dir *session.Directory, id int64, notify func()) (*session.Resumption, error) {
	oc, err := s.OpenContext(id, session.OpenWindow)
	if err != nil {
		return nil, err
	}
	res := &session.Resumption{Context: oc.Info}
	res.Context.Agent.Card = nil
	for _, t := range oc.Tasks {
		switch {
		case t.State.Interrupted():
			res.Waiting = append(res.Waiting, t)
		case !t.State.Terminal():
			res.Tasks = append(res.Tasks, t)
		}
	}
	if len(res.Tasks) == 0 {
		return res, nil
	}
	for _, t := range res.Tasks {
		if err := s.withTaskItems(oc, t.ID); err != nil {
			return nil, err
		}
	}
	res.Before = oc.Total > len(oc.Items)
	client, err := session.ClientFor(ctx, dir, oc.Info)
	if err != nil {
		res.Err = fmt.Errorf("could not reach %s to resume: %w", cmp.Or(oc.Info.Agent.Name, oc.Info.Agent.Ref), err)
		return res, nil
	}
	if s.readOnly != nil {
		return nil, s.readOnly
	}
	res.Conversation, res.Recorder = s.Continue(oc, client, notify, session.RecordOptions{})
	// Oldest first, so the transcript reads in the order they started.
	var following []session.TaskInfo
	for i := len(res.Tasks) - 1; i >= 0; i-- {
		t := res.Tasks[i]
		task, err := client.Get(ctx, t.ID, nil)
		if errors.Is(err, a2aclient.ErrTaskNotFound) {
			res.Conversation.ForgetTask(t.ID)
			res.Gone = append(res.Gone, t)
			continue
		}
		// Any other failure is the follower's to retry and report.
		res.Conversation.FollowFrom(t.ID, task)
		following = append([]session.TaskInfo{t}, following...)
	}
	res.Tasks = following
	return res, nil
}

// ResumePending resumes every stored context with a running task (see
// Resume), oldest first.
func (s *Store) ResumePending(ctx context.Context, dir *session.Directory, notify func()) ([]*session.Resumption, error) {
	pending, err := s.PendingTasks()
	if err != nil {
		return nil, err
	}
	seen := map[int64]bool{}
	var out []*session.Resumption
	for _, p := range pending {
		if seen[p.Context.ID] || p.Waiting() {
			continue
		}
		seen[p.Context.ID] = true
		r, err := s.Resume(ctx, dir, p.Context.ID, notify)
		if errors.Is(err, ErrNoContext) {
			continue // deleted meanwhile
		}
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
	return out, nil
}

// withTaskItems makes sure oc, a window of a context's last items, holds
// the items of task taskID, which is followed again: its rows are
// updated in place, not written anew at the end. A task that started
// before the window, within another window of it, widens the window
// back to its first item; one further up brings its own items only (the
// window then has a gap, which the chat does not read).
func (s *Store) withTaskItems(oc *session.OpenedContext, taskID string) error {
	if len(oc.Items) == 0 {
		return nil
	}
	id, first := oc.Info.ID, oc.Items[0].Seq
	var seq sql.NullInt64
	if err := s.db.QueryRow(`SELECT min(seq) FROM items WHERE context = ? AND task_id = ?`, id, taskID).Scan(&seq); err != nil {
		return s.wrap(fmt.Errorf("find task %s: %w", taskID, err))
	}
	if !seq.Valid || int(seq.Int64) >= first {
		return nil
	}
	var between int
	if err := s.db.QueryRow(`SELECT count(*) FROM items WHERE context = ? AND seq >= ? AND seq < ?`, id, seq.Int64, first).Scan(&between); err != nil {
		return s.wrap(fmt.Errorf("count items: %w", err))
	}
	if between <= session.OpenWindow {
		earlier, err := s.LoadBefore(id, first, between)
		if err != nil {
			return err
		}
		oc.Items = append(earlier, oc.Items...)
		return nil
	}
	own, err := s.queryWindow(id, 16, `SELECT `+windowColumns+` FROM items WHERE context = ? AND task_id = ? AND seq < ? ORDER BY seq, rowid`, id, taskID, first)
	if err != nil {
		return err
	}
	oc.Items = mergeByKey(own, oc.Items)
	return nil
}
