package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/push"
	"github.com/parley-a2a/parley/termsafe"
)

// pushOptions are the receiver's settings from the flags and config.
func (r *runner) pushOptions(pf *pushFlags) (push.ReceiverOptions, error) {
	listen, public, err := r.pushSettings(pf)
	return push.ReceiverOptions{Listen: listen, PublicURL: public}, err
}

// watchPush is `parley task watch --push AGENT TASK_ID`: no stream is
// held; parley registers a push config with its receiver and waits,
// idle, for the agent to post the task's changes. Each is checked,
// stored with the task and printed as a stream's event would be, until
// the task settles. The config is removed at the end.
func (r *runner) watchPush(ctx context.Context, f *agentFlags, pf *pushFlags, ref, taskID string) int {
	store := r.openStore()
	if store != nil {
		defer store.Close()
	}
	c, err := r.client(ctx, ref, f)
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, taskID), f.json, taskID)
	}
	out := r.follower(f.json, nil)
	if out.text != nil {
		out.text.saveHint = taskSaveHint(ref, taskID)
	}
	tr := c.NewTracker()
	show := func(ev a2aclient.Event) {
		tr.Apply(ev)
		out.update(session.Update{Event: &ev, Tracker: tr})
	}
	// Where the task stands now: it may have settled already.
	task, err := c.Get(ctx, taskID, nil)
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, taskID), f.json, taskID)
	}
	show(a2aclient.Event{Task: task})
	if tr.State().Settled() {
		return r.conclude(ctx, ref, session.Summarize(tr, c.Dialect()), nil, f.json, out)
	}
	o, err := r.pushOptions(pf)
	if err != nil {
		return r.report(exitUsage, err, f.json, taskID)
	}
	svc, err := push.StartService(store, o)
	if err != nil {
		return r.report(exitError, err, f.json, taskID)
	}
	events, stop := make(chan a2aclient.Event, 64), make(chan struct{})
	svc.Inbox().Subscribe(func(n push.Note) {
		if n.TaskID != taskID || n.Agent != c.ID() {
			return // another run's config at the same fixed address
		}
		select {
		case events <- n.Event:
		case <-stop:
		}
	})
	defer func() {
		// The agent stops posting; a failure here only leaves a config
		// whose pushes parley refuses as unknown.
		rmCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		_ = svc.Unwatch(rmCtx, c.ID(), taskID)
		_ = svc.Close(rmCtx)
		if st := svc.Stats(); st.Rejected() > 0 {
			fmt.Fprintln(r.env.Stderr, termsafe.Line(fmt.Sprintf("parley: refused %s (forged %d, unknown config %d, other task %d, too large %d, malformed %d, over the rate %d)",
				plural(int(st.Rejected()), "notification"), st.Forged, st.Unknown, st.WrongTask, st.TooLarge, st.Malformed, st.Limited)))
		}
	}()
	defer close(stop) // before the receiver closes: no push waits on this loop
	cfg, err := svc.Watch(ctx, c, ref, taskID)
	if err != nil {
		if errors.Is(err, a2aclient.ErrPushNotSupported) || errors.Is(err, a2aclient.ErrUnsupportedOperation) {
			err = fmt.Errorf("%w; 'parley task watch' without --push follows it over a stream", err)
		}
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, taskID), f.json, taskID)
	}
	fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: waiting for push notifications at "+cfg.URL+" (Ctrl-C to stop)"))
	// A change between the first look and the config's registration
	// would be missed: look once more.
	if task, err := c.Get(ctx, taskID, nil); err == nil {
		now := c.NewTracker()
		now.Apply(a2aclient.Event{Task: task})
		if now.State() != tr.State() || now.Text() != tr.Text() {
			show(a2aclient.Event{Task: task})
		}
	}
	for !tr.State().Settled() {
		select {
		case ev := <-events:
			show(ev)
		case <-ctx.Done():
			err := ctx.Err()
			return r.conclude(ctx, ref, session.Summarize(tr, c.Dialect()), err, f.json, out)
		}
	}
	return r.conclude(ctx, ref, session.Summarize(tr, c.Dialect()), nil, f.json, out)
}

// pushListen is `parley task push listen`: parley's receiver, running
// until interrupted, storing every push for configs parley set (with
// 'task push set') with the task it belongs to.
func (r *runner) pushListen(ctx context.Context, pf *pushFlags, asJSON bool) int {
	defer r.bufferOutput()()
	store := r.openStore()
	if store == nil {
		return r.report(exitError, errors.New("parley's receiver checks pushes against the context store, which cannot be opened"), asJSON, "")
	}
	defer store.Close()
	o, err := r.pushOptions(pf)
	if err != nil {
		return r.report(exitUsage, err, asJSON, "")
	}
	svc, err := push.StartService(store, o)
	if err != nil {
		return r.report(exitError, err, asJSON, "")
	}
	svc.Inbox().Subscribe(func(n push.Note) {
		if asJSON {
			_ = writeJSONLine(r.env.Stdout, map[string]any{"type": "push", "taskId": n.TaskID, "agent": n.AgentRef, "kind": n.Kind, "state": string(n.State), "storeId": n.Context})
			return
		}
		state := ""
		if n.State != "" {
			state = " (" + string(n.State) + ")"
		}
		fmt.Fprintln(r.env.Stdout, termsafe.Line(fmt.Sprintf("%s  task %s  %s%s  from %s, stored in context %d", n.At.Local().Format("15:04:05"), n.TaskID, n.Kind, state, n.AgentRef, n.Context)))
	})
	fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: taking push notifications at "+svc.URL()+" (Ctrl-C to stop)"))
	<-ctx.Done()
	_ = svc.Close(context.WithoutCancel(ctx))
	st := svc.Stats()
	fmt.Fprintln(r.env.Stderr, termsafe.Line(fmt.Sprintf("parley: took %s, refused %d (forged %d)", plural(int(st.Accepted), "notification"), st.Rejected(), st.Forged)))
	return exitOK
}

// plural counts: "1 notification", "3 notifications".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
