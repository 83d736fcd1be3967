package session

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// FollowOptions tune how an exchange is followed to its end.
type FollowOptions struct {
	// NoStream sends with one blocking call, and polls if the task has
	// not settled when it returns, instead of streaming.
	NoStream bool
	// MaxResumes bounds how often a cut stream is resumed (resubscribe,
	// which falls back to polling); 0 means 3, negative means never.
	MaxResumes int
	// ResumeDelay is the pause before the first resume, doubled for each
	// further one; 0 means 250 ms, negative means none.
	ResumeDelay time.Duration
	// OnUpdate hears every event as it arrives and every resume. It runs
	// on the following goroutine: keep it quick.
	OnUpdate func(Update)
	// Seed is the task as just fetched, for Follow to start from instead
	// of fetching it again.
	Seed *a2aclient.Task
	// GiveWay, when set, runs between two events of a stream and may
	// hold it a moment (a Conversation's: to its Keyboard); it returns
	// early when ctx ends.
	GiveWay func(ctx context.Context)
	// ReleaseText is for a caller that shows the answer's text as it
	// streams (parley send's text output): the tracker lets go of each
	// settled artifact of plain text (a2aclient.Tracker.ReleaseText), so
	// the Summary lists only the artifacts holding something else and
	// its Text leaves the released ones out.
	ReleaseText bool
	// Time measures Follow as Exchange measures a turn, from Follow's
	// own start (parley task watch): the Summary's Timings.
	Time bool
}

// Update is one thing that happened while following an exchange.
// Exactly one of Event, Resume and Repair is set.
type Update struct {
	// Event is valid only during the call: copy *Event to keep it.
	Event *a2aclient.Event
	// Tracker is the task assembled so far, the event applied. It is
	// valid only during the call.
	Tracker *a2aclient.Tracker
	Resume  *Resume
	// Repair says the agent's copy of the task, fetched after a broken
	// stream, replaced part of what streamed; the Event before it
	// carried the agent's version.
	Repair *Repair
}

// Resume says a stream was cut before the task settled and is being
// picked up again.
type Resume struct {
	TaskID  string
	Attempt int
	Max     int
	Cause   error // why the last stream ended; nil when it closed cleanly
}

// CutError means the task did not settle before the stream to it was cut
// more often than allowed. The task may still be running on the agent.
type CutError struct {
	TaskID   string
	Attempts int
	Err      error
}

func (e *CutError) Error() string {
	msg := fmt.Sprintf("the connection to the agent kept breaking (%d attempts to resume); task %s may still be running", e.Attempts, e.TaskID)
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}
func (e *CutError) Unwrap() error { return e.Err }

// Exchange sends one message and follows the reply until the task
// settles (completed, failed, canceled, rejected, input-required,
// auth-required) or the agent answers with a message. The summary is
// never nil: after an error it holds what was learned, including the task
// id once known, so the task can be followed again.
func Exchange(ctx context.Context, c *a2aclient.Client, req a2aclient.SendRequest, o FollowOptions) (*Summary, error) {
	f := newFollower(c, o)
	f.taskID = req.Message.TaskID
	ctx = f.timed(ctx)
	tt := traceOf(ctx)
	cause, err := f.start(ctx, req)
	if err == nil {
		err = f.resume(ctx, cause)
	}
	s, err := f.finish(ctx, err)
	s.TraceID = tt.TraceID()
	return s, err
}

// timed starts f's clock and returns ctx with the request hooks that
// time the first byte and carry ctx's trace context.
func (f *follower) timed(ctx context.Context) context.Context {
	f.clock.begin()
	hooks := &a2aclient.RequestHooks{FirstByte: f.clock.gotFirstByte}
	if tt := traceOf(ctx); tt != nil {
		hooks.Header = tt.header
	}
	return a2aclient.WithRequestHooks(ctx, hooks)
}

// Follow follows a task that is already running until it settles.
func Follow(ctx context.Context, c *a2aclient.Client, taskID string, o FollowOptions) (*Summary, error) {
	f := newFollower(c, o)
	f.taskID = taskID
	if o.Time {
		ctx = f.timed(ctx)
	}
	if f.seed(ctx); f.settled() {
		return f.finish(ctx, nil)
	}
	// Picking a task up again is a resumed stream: what was sent while
	// parley was away may not be replayed.
	f.broke = true
	st, err := f.open(ctx, taskID)
	if err == nil {
		if err = f.drain(ctx, st); err == nil {
			f.reconcile(ctx)
		}
	}
	// A first attempt that met a broken connection or a busy agent is
	// retried like any cut stream; resume returns other errors as they are.
	return f.finish(ctx, f.resume(ctx, err))
}

// seed starts following from the task as the agent has it now. Some
// agents (a2a-go v0.3) send a resubscriber only what happens next, so
// without it the chunks streamed before parley stopped would be missing
// from the assembled answer, and a task that ended meanwhile would be
// resubscribed to for nothing. A failed get is left to the stream (or
// the polling) to report.
func (f *follower) seed(ctx context.Context) {
	if f.o.NoStream {
		return // polling reads the whole task anyway
	}
	if f.o.Seed != nil && f.o.Seed.ID == f.taskID {
		f.apply(a2aclient.Event{Task: f.o.Seed})
		return
	}
	task, err := f.c.Get(ctx, f.taskID, nil)
	if err == nil && task != nil && task.ID != "" {
		f.apply(a2aclient.Event{Task: task})
	}
}

type follower struct {
	c      *a2aclient.Client
	o      FollowOptions
	tr     a2aclient.Tracker
	taskID string
	// broke is set once a stream to the task was cut (or picked up after
	// a restart): task snapshots are then checked against what streamed.
	broke bool
	// ev is the event OnUpdate is hearing: one for the whole exchange,
	// rather than one on the heap per event.
	ev a2aclient.Event
	// clock measures the turn an Exchange sends.
	clock turnClock
}

func newFollower(c *a2aclient.Client, o FollowOptions) *follower {
	if o.MaxResumes == 0 {
		o.MaxResumes = 3
	}
	if o.ResumeDelay == 0 {
		o.ResumeDelay = 250 * time.Millisecond
	}
	return &follower{c: c, o: o, tr: a2aclient.Tracker{Reading: readingOf(c), ReleaseText: o.ReleaseText}}
}

// start sends the message and drains the first stream. err means the
// message may not have been delivered, so nothing is resumed; cause is
// why the first stream ended early, if it did.
func (f *follower) start(ctx context.Context, req a2aclient.SendRequest) (cause, err error) {
	if f.o.NoStream {
		res, err := f.c.Send(ctx, req)
		if err != nil {
			return nil, err
		}
		switch {
		case res.Task != nil:
			f.apply(a2aclient.Event{Task: res.Task})
		case res.Message != nil:
			f.apply(a2aclient.Event{Message: res.Message})
		}
		if f.settled() || f.taskID == "" {
			return nil, nil
		}
		// The agent returned before the task settled: poll it, which is
		// following as asked, not resuming after a break.
		return f.drain(ctx, f.c.Watch(ctx, f.taskID)), nil
	}
	st, err := f.c.Stream(ctx, req)
	if err != nil {
		return nil, err
	}
	return f.drain(ctx, st), nil
}

// resume picks the task up again, as often as allowed, until it settles.
func (f *follower) resume(ctx context.Context, cause error) error {
	if cause != nil && !resumable(cause) {
		return cause
	}
	for attempt := 1; !f.settled(); attempt++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if f.taskID == "" {
			if cause != nil {
				return cause
			}
			return &a2aclient.ProtocolError{What: "the stream ended before the agent said which task it started"}
		}
		if f.o.MaxResumes < 0 || attempt > f.o.MaxResumes {
			return &CutError{TaskID: f.taskID, Attempts: attempt - 1, Err: cause}
		}
		if f.o.OnUpdate != nil {
			f.o.OnUpdate(Update{Resume: &Resume{TaskID: f.taskID, Attempt: attempt, Max: f.o.MaxResumes, Cause: cause}})
		}
		if err := f.pause(ctx, attempt, cause); err != nil {
			return err
		}
		f.broke = true
		st, err := f.open(ctx, f.taskID)
		if err == nil {
			if err = f.drain(ctx, st); err == nil {
				f.reconcile(ctx)
			}
		}
		if err != nil && !resumable(err) {
			return err
		}
		cause = err
	}
	return nil
}

// open follows a running task: by resubscribing (the client polls where
// it cannot), or by polling when the user asked for no streaming.
func (f *follower) open(ctx context.Context, taskID string) (*a2aclient.Stream, error) {
	if f.o.NoStream {
		return f.c.Watch(ctx, taskID), nil
	}
	return f.c.Resubscribe(ctx, taskID)
}

// maxRetryAfter bounds how long a Retry-After can make parley wait
// before trying again; a longer wait is taken in steps.
const maxRetryAfter = time.Minute

// pause waits before a resume: the backoff, or as long as the agent asked
// in a Retry-After if that is longer.
func (f *follower) pause(ctx context.Context, attempt int, cause error) error {
	var d time.Duration
	if f.o.ResumeDelay >= 0 {
		d = f.o.ResumeDelay << min(attempt-1, 6)
	}
	var he *a2aclient.HTTPError
	if errors.As(cause, &he) && he.RetryAfter > d {
		d = min(he.RetryAfter, maxRetryAfter)
	}
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// drain applies every event of st until it ends; nil means the stream
// closed or settled normally.
func (f *follower) drain(ctx context.Context, st *a2aclient.Stream) error {
	defer st.Close()
	for {
		if f.o.GiveWay != nil {
			f.o.GiveWay(ctx) // a key typed meanwhile is drawn first
		}
		ev, err := st.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		f.apply(ev)
	}
}

func (f *follower) apply(ev a2aclient.Event) {
	var repair *Repair
	if ev.Task != nil && f.broke {
		ev.Task, repair = f.applySnapshot(ev.Task)
	}
	f.tr.Apply(ev)
	if f.taskID == "" {
		f.taskID = ev.TaskID()
	}
	if !f.clock.idle(&ev) {
		f.clock.event(&ev, &f.tr, f.settled())
	}
	if f.o.OnUpdate != nil {
		f.ev = ev
		f.o.OnUpdate(Update{Event: &f.ev, Tracker: &f.tr})
		f.ev = a2aclient.Event{} // keep nothing alive past the call
	}
	if repair != nil {
		f.c.Note("parley: " + repair.Describe())
		if f.o.OnUpdate != nil {
			f.o.OnUpdate(Update{Repair: repair})
		}
	}
}

// settled reports whether there is nothing more to wait for: a direct
// message reply, or a task in a terminal or interrupted state.
func (f *follower) settled() bool {
	if m := f.tr.Message(); m != nil && m.TaskID == "" && !f.tr.Seen() {
		return true
	}
	return f.tr.State().Settled()
}

func (f *follower) finish(ctx context.Context, err error) (*Summary, error) {
	s := Summarize(&f.tr, f.c.Dialect())
	if s.TaskID == "" {
		s.TaskID = f.taskID
	}
	if t := f.clock.timings(); t != nil {
		s.Timings, s.Outcome.Timings = *t, t.JSON()
	}
	if ctx.Err() != nil && err != nil {
		err = ctx.Err()
	}
	return s, err
}

// resumable reports whether a broken stream is worth picking up again:
// the connection broke, the agent was briefly unavailable, or the stream
// was cut in the middle of an event. Refusals and protocol errors in a
// complete reply are not.
func resumable(err error) bool {
	var te *a2aclient.TransportError
	var he *a2aclient.HTTPError
	switch {
	case errors.As(err, &te):
		return true
	case errors.As(err, &he):
		return he.StatusCode == 429 || he.StatusCode >= 500
	case errors.Is(err, io.ErrUnexpectedEOF):
		return true
	}
	return false
}
