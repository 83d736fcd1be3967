package cli

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/parley-a2a/parley/session"
)

// --async: `parley send` returns as soon as the agent names the task,
// printing its id and context, and leaves the task running on the agent
// (`parley task watch` or `parley contexts resume` follows it later).

// asyncStop stops following an exchange once the task is known.
type asyncStop struct {
	parent  context.Context
	stopped atomic.Bool
}

// stopAtTask makes *ctx end, and the exchange with it, after the first
// event that names a task; the event is printed first.
func (r *runner) stopAtTask(ctx *context.Context, o *session.FollowOptions) *asyncStop {
	a := &asyncStop{parent: *ctx}
	var cancel context.CancelFunc
	*ctx, cancel = context.WithCancel(*ctx)
	hear := o.OnUpdate
	o.OnUpdate = func(u session.Update) {
		hear(u)
		if u.Tracker != nil && u.Tracker.Task().ID != "" && !a.stopped.Load() {
			a.stopped.Store(true)
			cancel()
		}
	}
	return a
}

// result is the exchange's error, less the stop asyncStop made itself.
func (a *asyncStop) result(err error) error {
	if err != nil && a.stopped.Load() && a.parent.Err() == nil && errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// printAsync shows the task left running, as Label: value lines.
func (p *textPrinter) printAsync(s *session.Summary, agentRef string) {
	p.endLine()
	fmt.Fprintf(p.w, "Task: %s\nContext: %s\nState: %s\n", shellQuote(s.TaskID), shellQuote(s.ContextID), shellQuote(s.State))
	fmt.Fprintf(p.w, "Follow it with: parley task watch %s %s\n", shellQuote(agentRef), shellQuote(s.TaskID))
}
