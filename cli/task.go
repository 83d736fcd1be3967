package cli

import (
	"context"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// task is `parley task get|cancel|watch AGENT TASK_ID`.
func (r *runner) task(ctx context.Context, f *agentFlags, sub string, pos []string) int {
	defer r.bufferOutput()()
	r.useRaw(f.raw)
	if len(pos) != 2 {
		err := usagef("task "+sub, "task %s takes an agent and a task id, got %d arguments", sub, len(pos))
		return r.report(exitUsage, err, f.json, "")
	}
	ref, taskID := pos[0], pos[1]
	ctx, cancel := r.withTimeout(ctx, f)
	defer cancel()
	c, err := r.client(ctx, ref, f)
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, taskID), f.json, taskID)
	}
	out := r.follower(f.json, nil)
	if sub == "watch" {
		s, err := session.Follow(ctx, c, taskID, r.followOptions(false, out.update))
		return r.conclude(ctx, ref, s, err, f.json, out)
	}
	var task *a2aclient.Task
	if sub == "get" {
		task, err = c.Get(ctx, taskID, nil)
	} else {
		task, err = c.Cancel(ctx, taskID)
	}
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, taskID), f.json, taskID)
	}
	var tr a2aclient.Tracker
	ev := a2aclient.Event{Task: task}
	tr.Apply(ev)
	if out.text != nil {
		out.text.update(session.Update{Event: &ev, Tracker: &tr})
	}
	s := session.Summarize(&tr, c.Dialect())
	code := r.conclude(ctx, ref, s, nil, f.json, out)
	if sub == "cancel" && (a2aclient.State(s.State) == a2aclient.StateCanceled || !a2aclient.State(s.State).Terminal()) {
		return exitOK // canceled, or accepted and on its way
	}
	return code
}
