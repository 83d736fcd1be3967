package a2aclient

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// Replies that arrive too slowly, or not at all, end with a
// DeadlineError rather than holding the caller forever: a card or a
// reply that trickles one byte every two seconds, an error page that
// never ends, a stream that goes silent (not even keep-alives).

const (
	// defaultBodyTimeout bounds reading a whole reply body (a card, a
	// blocking reply, an error page) once it has started.
	defaultBodyTimeout = 30 * time.Second
	// defaultIdleTimeout bounds how long a stream may deliver nothing at
	// all, keep-alives included, before it counts as cut.
	defaultIdleTimeout = 60 * time.Second
)

// DeadlineError means the agent took too long with a reply it had
// started: the whole body did not arrive in time, or a stream delivered
// nothing for too long. A stream that ends so is resumed like a cut one.
type DeadlineError struct {
	Idle  bool // the stream went silent; else the body was too slow
	Limit time.Duration
}

func (e *DeadlineError) Error() string {
	if e.Idle {
		return fmt.Sprintf("nothing arrived for %s, not even a keep-alive", e.Limit)
	}
	return fmt.Sprintf("the reply did not finish within %s", e.Limit)
}

// timedBody is a response body with a deadline: for the whole body
// (from the headers, or from its first byte for a blocking reply, which
// may wait for the task before it writes), or, for a stream, for the
// silence between reads. When it passes, the request is cancelled and
// reads fail with the DeadlineError.
type timedBody struct {
	rc     io.ReadCloser
	cancel func()
	limit  time.Duration
	idle   bool // the limit restarts with every read that brings bytes
	// pending means the whole-body limit starts at the first byte.
	pending atomic.Bool
	last    atomic.Int64 // when bytes last came, for idle (UnixNano)
	expired atomic.Pointer[DeadlineError]

	mu     sync.Mutex
	timer  *time.Timer
	closed bool
}

type bodyLimit int

const (
	limitWhole     bodyLimit = iota // from now
	limitFirstByte                  // from the first byte
	limitIdle                       // between reads
)

func newTimedBody(rc io.ReadCloser, cancel func(), kind bodyLimit, limit time.Duration) *timedBody {
	b := &timedBody{rc: rc, cancel: cancel, limit: limit, idle: kind == limitIdle}
	if limit <= 0 {
		return b
	}
	switch kind {
	case limitFirstByte:
		b.pending.Store(true)
	case limitIdle:
		b.last.Store(time.Now().UnixNano())
		b.start()
	default:
		b.start()
	}
	return b
}

func (b *timedBody) start() {
	b.mu.Lock()
	if !b.closed && b.timer == nil {
		b.timer = time.AfterFunc(b.limit, b.fire)
	}
	b.mu.Unlock()
}

// whole switches to a deadline for the rest of the body from now: a
// stream request answered with one JSON body or an error page.
func (b *timedBody) whole(limit time.Duration) {
	if limit <= 0 {
		return
	}
	b.mu.Lock()
	if b.timer != nil {
		b.timer.Stop()
		b.timer = nil
	}
	b.idle, b.limit = false, limit
	b.mu.Unlock()
	b.start()
}

func (b *timedBody) fire() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	if b.idle {
		if since := time.Duration(time.Now().UnixNano() - b.last.Load()); since < b.limit {
			b.timer.Reset(b.limit - since)
			return
		}
	}
	b.expired.Store(&DeadlineError{Idle: b.idle, Limit: b.limit})
	b.cancel()
}

func (b *timedBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if n > 0 {
		if b.idle {
			b.last.Store(time.Now().UnixNano())
		} else if b.pending.Load() && b.pending.CompareAndSwap(true, false) {
			b.start()
		}
	}
	if err != nil {
		if e := b.expired.Load(); e != nil {
			err = e
		}
	}
	return n, err
}

func (b *timedBody) Close() error {
	b.mu.Lock()
	b.closed = true
	if b.timer != nil {
		b.timer.Stop()
	}
	b.mu.Unlock()
	err := b.rc.Close()
	b.cancel()
	return err
}
