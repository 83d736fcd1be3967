package a2aclient

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// A busy agent answers HTTP 429 (too many requests) or 503 (unavailable):
// it did not process the request, so sending it again is safe, after
// the wait it asks for in Retry-After. Nothing else is retried: a broken
// connection, a timeout or any other status may come after the agent
// acted on the message.

const (
	defaultRetryTries   = 3
	defaultRetryMaxWait = 5 * time.Second
	// firstBusyWait is the wait when the agent names none; it doubles.
	firstBusyWait = time.Second
)

// RetryPolicy bounds how a busy agent is waited out.
type RetryPolicy struct {
	// Tries is how many times a refused request is sent again; 0 means
	// 3, negative means never.
	Tries int
	// MaxWait bounds the waiting for one request, all tries together; 0
	// means 5 s. An agent that asks for a longer wait fails at once,
	// its Retry-After in the error.
	MaxWait time.Duration
	// OnRetry hears each wait before it starts, to show it.
	OnRetry func(Retry)
}

// Retry is one wait for a busy agent.
type Retry struct {
	Op      string // what was refused, e.g. "send message"
	Status  int    // 429 or 503
	Wait    time.Duration
	Attempt int // the try about to be made, 2 for the first retry
	Max     int // tries in all
}

// String is the notice a person sees: "agent busy (HTTP 503), retrying
// in 2s (try 2 of 4)".
func (r Retry) String() string {
	return fmt.Sprintf("agent busy (HTTP %d), retrying in %s (try %d of %d)", r.Status, r.Wait.Round(100*time.Millisecond), r.Attempt, r.Max)
}

type retryNoticeKey struct{}

// WithRetryNotice returns a context whose requests report their waits
// for a busy agent to f, besides the client's own OnRetry.
func WithRetryNotice(ctx context.Context, f func(Retry)) context.Context {
	return context.WithValue(ctx, retryNoticeKey{}, f)
}

// busy reports whether err is an agent saying it did not take the
// request, and how long it asks to wait.
func busy(err error) (*HTTPError, bool) {
	var he *HTTPError
	if !errors.As(err, &he) {
		return nil, false
	}
	return he, he.StatusCode == http.StatusTooManyRequests || he.StatusCode == http.StatusServiceUnavailable
}

// retryBusy runs f, and runs it again while the agent answers busy,
// within the policy's tries and total wait.
func (t *transport) retryBusy(ctx context.Context, op string, f func() error) error {
	tries, maxWait := t.retry.Tries, t.retry.MaxWait
	if tries == 0 {
		tries = defaultRetryTries
	}
	if maxWait == 0 {
		maxWait = defaultRetryMaxWait
	}
	var waited time.Duration
	for attempt := 1; ; attempt++ {
		err := f()
		he, ok := busy(err)
		if !ok || tries < 0 || attempt > tries {
			return err
		}
		wait := he.RetryAfter
		if wait <= 0 {
			wait = firstBusyWait << (attempt - 1)
		}
		if waited+wait > maxWait {
			return err
		}
		r := Retry{Op: op, Status: he.StatusCode, Wait: wait, Attempt: attempt + 1, Max: tries + 1}
		if t.retry.OnRetry != nil {
			t.retry.OnRetry(r)
		}
		if f, ok := ctx.Value(retryNoticeKey{}).(func(Retry)); ok && f != nil {
			f(r)
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return ctx.Err()
		case <-timer.C:
		}
		waited += wait
	}
}
