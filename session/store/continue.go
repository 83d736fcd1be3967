package store

import (
	"cmp"
	"context"
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
	oc, err := s.OpenContext(id, 0)
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
