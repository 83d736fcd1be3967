package session

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"github.com/parley-a2a/parley/a2aclient"
)

// Continue reopens a stored context as a live conversation with client,
// recording into the same context: the next message keeps the agent's
// contextId, and answers the task waiting for input if there is one.
// notify is the conversation's change hook (see NewConversation).
func (s *Store) Continue(oc *OpenedContext, client *a2aclient.Client, notify func(), o RecordOptions) (*Conversation, *Recorder) {
	conv := NewConversation(client, oc.Info.Agent.Name, notify)
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

// Resumption is a stored context whose running tasks were picked up
// again after a restart, or why they could not be.
type Resumption struct {
	Context ContextInfo
	// Tasks are the context's running tasks, being followed (or not,
	// when Err is set).
	Tasks []TaskInfo
	// Waiting are tasks that wait for the user's input or credentials;
	// they are not followed, the next message answers them.
	Waiting []TaskInfo
	// Gone are tasks the agent no longer knows (it restarted, or forgot
	// them): they end as unknown, with a line in the transcript, and are
	// not among Tasks.
	Gone         []TaskInfo
	Conversation *Conversation // nil when Err is set
	Recorder     *Recorder
	// Err says why the agent could not be reached; show the tasks as
	// interrupted, with a way to retry.
	Err error
}

// Resume reopens a stored context and follows its running tasks again:
// by resubscribing where the agent streams, else by polling. The
// conversation records into the same context; close its Recorder when
// done. It reports an unreachable agent in Resumption.Err, not as an
// error: the other contexts can still be resumed.
func (s *Store) Resume(ctx context.Context, dir *Directory, id int64, notify func()) (*Resumption, error) {
	oc, err := s.OpenContext(id, 0)
	if err != nil {
		return nil, err
	}
	res := &Resumption{Context: oc.Info}
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
	client, err := ClientFor(ctx, dir, oc.Info)
	if err != nil {
		res.Err = fmt.Errorf("could not reach %s to resume: %w", cmp.Or(oc.Info.Agent.Name, oc.Info.Agent.Ref), err)
		return res, nil
	}
	if s.readOnly != nil {
		return nil, s.readOnly
	}
	res.Conversation, res.Recorder = s.Continue(oc, client, notify, RecordOptions{})
	// Oldest first, so the transcript reads in the order they started.
	var following []TaskInfo
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
		following = append([]TaskInfo{t}, following...)
	}
	res.Tasks = following
	return res, nil
}

// ResumePending resumes every stored context with a running task (see
// Resume), oldest first.
func (s *Store) ResumePending(ctx context.Context, dir *Directory, notify func()) ([]*Resumption, error) {
	pending, err := s.PendingTasks()
	if err != nil {
		return nil, err
	}
	seen := map[int64]bool{}
	var out []*Resumption
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
