package cli

import (
	"context"
	"flag"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

func (r *runner) task(ctx context.Context, args []string) int {
	defer r.bufferOutput()()
	var f agentFlags
	fs := flag.NewFlagSet("task", flag.ContinueOnError)
	f.register(fs)
	pos, err := parseArgs(fs, "task", args)
	r.useRaw(f.raw)
	if err == errHelp {
		return r.help("task")
	}
	if err == nil {
		switch {
		case len(pos) == 0:
			err = usagef("task", "the task command needs a subcommand: get, cancel or watch")
		case pos[0] != "get" && pos[0] != "cancel" && pos[0] != "watch":
			err = usagef("task", "unknown task subcommand %q (want get, cancel or watch)", pos[0])
		case len(pos) != 3:
			err = usagef("task", "task %s takes an agent and a task id, got %d arguments", pos[0], len(pos)-1)
		}
	}
	if err != nil {
		return r.report(exitUsage, err, f.json, "")
	}
	sub, ref, taskID := pos[0], pos[1], pos[2]
	ctx, cancel := r.withTimeout(ctx, &f)
	defer cancel()
	c, err := r.client(ctx, ref, &f)
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
