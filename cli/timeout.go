package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/termsafe"
)

// Nothing waits forever: send, task and card give up after --timeout
// (the config's timeout, 10 minutes by default; 0 for never), saying
// which task keeps running and the command that picks it up again.

// durationFlag is --timeout: "30s", "10m", or "0" for none.
type durationFlag struct {
	d   time.Duration
	set bool
}

func (f *durationFlag) String() string { return "" }
func (f *durationFlag) Type() string   { return "duration" }

func (f *durationFlag) Set(s string) error {
	d, err := config.ParseDuration(s)
	if err != nil {
		return err
	}
	f.d, f.set = time.Duration(d), true
	return nil
}

// timeoutError is a command that ran out of time. The agent may still
// be working on the task.
type timeoutError struct {
	limit  time.Duration
	from   string // "--timeout", "timeout in the config", "the default timeout"
	ref    string
	taskID string
	signIn bool // parley login's sign-in, not a task
}

func (e *timeoutError) Error() string {
	if e.signIn {
		return fmt.Sprintf("the sign-in did not finish within %s (%s); run 'parley login %s' again and finish it sooner, or give it a longer --timeout",
			e.limit, e.from, shellQuote(e.ref))
	}
	msg := fmt.Sprintf("the agent did not finish within %s (%s)", e.limit, e.from)
	if e.taskID == "" {
		return msg + ", before it said which task it started; try again with a longer --timeout, or check the agent with 'parley card'"
	}
	return fmt.Sprintf("%s; task %s may still be running: pick it up with 'parley task watch %s %s'",
		msg, e.taskID, shellQuote(e.ref), shellQuote(e.taskID))
}

// withTimeout bounds ctx by --timeout, else the config's timeout.
func (r *runner) withTimeout(ctx context.Context, f *agentFlags) (context.Context, context.CancelFunc) {
	d, from := f.timeout.d, "--timeout"
	if !f.timeout.set {
		d, from = config.DefaultTimeout, "the default timeout; set timeout in the config or --timeout"
		if _, err := r.directory(); err == nil && r.cfg != nil && r.cfg.Timeout != nil {
			d, from = r.cfg.CommandTimeout(), "timeout in the config"
		}
	}
	if d <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeoutCause(ctx, d, &timeoutError{limit: d, from: from})
}

// timedOut returns the error to report when ctx ran out of time, naming
// the task that may still be running, or err as it was.
func timedOut(ctx context.Context, err error, ref, taskID string) error {
	var te *timeoutError
	if err == nil || !errors.As(context.Cause(ctx), &te) {
		return err
	}
	return &timeoutError{limit: te.limit, from: te.from, ref: ref, taskID: taskID}
}

// clientNetwork applies the config's waiting settings to every client,
// and shows each wait for a busy agent on stderr.
func (r *runner) clientNetwork(o *a2aclient.Options, n config.Network) {
	o.BodyTimeout = time.Duration(n.BodyTimeout)
	o.IdleTimeout = time.Duration(n.IdleTimeout)
	o.Retry.MaxWait = time.Duration(n.RetryMaxWait)
	if n.RetryTries != nil {
		o.Retry.Tries = *n.RetryTries
		if o.Retry.Tries == 0 {
			o.Retry.Tries = -1 // retry_tries = 0: never
		}
	}
	o.Retry.OnRetry = func(rt a2aclient.Retry) {
		fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: "+rt.String()))
	}
}
