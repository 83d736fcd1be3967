package a2aclient

import (
	"context"
	"errors"
	"io"
	"reflect"
	"time"
)

// pollSource follows a task by calling get until it settles, emitting the
// task whenever it changed. It stands in for streaming where a dialect or
// agent has none, or a stream cannot be resumed.
type pollSource struct {
	ctx      context.Context
	cancel   context.CancelFunc
	c        *Client
	first    *Result
	taskID   string
	last     *Task
	interval time.Duration
	failures int
}

// maxPollFailures is how many consecutive transient failures polling
// rides out (with backoff) before it gives up.
const maxPollFailures = 5

func newPollSource(ctx context.Context, c *Client, first *Result) *pollSource {
	ctx, cancel := context.WithCancel(ctx)
	p := &pollSource{ctx: ctx, cancel: cancel, c: c, first: first, interval: c.opts.PollInterval}
	if p.interval <= 0 {
		p.interval = time.Second
	}
	if first.Task != nil {
		p.taskID = first.Task.ID
	}
	return p
}

func (p *pollSource) next() (Event, error) {
	if f := p.first; f != nil {
		p.first = nil
		if f.Message != nil {
			return Event{Message: f.Message}, nil
		}
		if f.Task != nil && f.Task.Status.State != "" {
			p.last = f.Task
			return Event{Task: f.Task}, nil
		}
	}
	if p.taskID == "" {
		return Event{}, io.EOF
	}
	wait := p.interval
	for {
		select {
		case <-p.ctx.Done():
			return Event{}, p.ctx.Err()
		case <-time.After(wait):
		}
		task, err := p.c.Get(p.ctx, p.taskID, nil)
		if err != nil {
			retry, ok := p.retryAfter(err)
			if !ok {
				return Event{}, err
			}
			wait = retry
			continue
		}
		p.failures = 0
		// Poll gently: start quick so short tasks feel live, then back off.
		if p.interval < 2*time.Second {
			p.interval += p.interval / 4
		}
		wait = p.interval
		if p.last != nil && sameTask(p.last, task) {
			continue
		}
		p.last = task
		return Event{Task: task}, nil
	}
}

// retryAfter decides whether a failed poll is worth repeating and when.
func (p *pollSource) retryAfter(err error) (time.Duration, bool) {
	p.failures++
	if p.failures > maxPollFailures || p.ctx.Err() != nil {
		return 0, false
	}
	backoff := p.interval * time.Duration(1<<p.failures)
	var he *HTTPError
	var te *TransportError
	switch {
	case errors.As(err, &he) && (he.StatusCode == 429 || he.StatusCode >= 500):
		if he.RetryAfter > 0 {
			return min(he.RetryAfter, time.Minute), true
		}
		return backoff, true
	case errors.As(err, &te):
		return backoff, true
	}
	return 0, false
}

// sameTask reports whether a poll saw nothing new. History is left out:
// agents may trim it differently on each get.
func sameTask(a, b *Task) bool {
	return a.Status.State == b.Status.State &&
		a.Status.Message.Text() == b.Status.Message.Text() &&
		reflect.DeepEqual(a.Artifacts, b.Artifacts)
}

func (p *pollSource) close() error {
	p.cancel()
	return nil
}
