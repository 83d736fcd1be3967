package session

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parley-a2a/parley/internal/background"
)

// keyHold is how long a key makes the streams wait: long enough for the
// key's frame to be drawn and written (an Update, a View and the
// renderer's next tick, ~8 ms at 120 a second) without a stream's
// reader, decoder, recorder and GC taking the CPU from it.
const keyHold = 16 * time.Millisecond

// keyWindow is the span over which holds are counted: within any one,
// keys hold the streams for at most half of it.
const keyWindow = 100 * time.Millisecond

// Keyboard lets the person at the keyboard go before the streams on
// screen. On two shared cores a 100,000-chunk stream keeps a core busy
// (reading, decoding, assembling, recording, and the GC behind them),
// and a key typed meanwhile would wait for a CPU. A key
// (Pressed) makes every stream following with this Keyboard wait
// between two events for keyHold, so the key is drawn first; TCP holds
// the agent's data meanwhile, nothing is dropped. Holds add up to at
// most half of any keyWindow, so auto-repeat or a paste typed as keys
// slows a stream but never stops it. A nil Keyboard never holds.
type Keyboard struct {
	until atomic.Int64 // unix nanos the streams wait until; 0 when none

	mu      sync.Mutex
	window  time.Time     // start of the current keyWindow
	granted time.Duration // held so far in it

	// writes is where the recorders of the keyboard's conversations
	// write: one lowered thread for all of them (Recorder.run).
	writes background.Worker

	hold  time.Duration                              // keyHold unless a test sets it
	now   func() time.Time                           // time.Now unless a test sets it
	sleep func(ctx context.Context, d time.Duration) // sleepCtx unless a test sets it
}

// Pressed says a key arrived: streams wait a moment. Safe from any
// goroutine; it never blocks on a stream.
func (k *Keyboard) Pressed() {
	if k == nil {
		return
	}
	now := k.clock()
	k.mu.Lock()
	defer k.mu.Unlock()
	if now.Sub(k.window) >= keyWindow {
		k.window, k.granted = now, 0
	}
	from := now
	if u := k.until.Load(); u != 0 && time.Unix(0, u).After(now) {
		from = time.Unix(0, u) // extend the hold in force, counting only what is added
	}
	end := now.Add(k.holdFor())
	add := min(end.Sub(from), keyWindow/2-k.granted)
	if add <= 0 {
		return
	}
	k.granted += add
	k.until.Store(from.Add(add).UnixNano())
}

// Holding reports whether a key's hold is in force now.
func (k *Keyboard) Holding() bool {
	if k == nil {
		return false
	}
	u := k.until.Load()
	return u != 0 && time.Unix(0, u).After(k.clock())
}

// wait holds the calling stream while a key's hold is in force, or until
// ctx ends. The common case, no key, is one atomic load.
func (k *Keyboard) wait(ctx context.Context) {
	if k == nil {
		return
	}
	for {
		u := k.until.Load()
		if u == 0 {
			return
		}
		d := time.Unix(0, u).Sub(k.clock())
		if d <= 0 {
			k.until.CompareAndSwap(u, 0)
			return
		}
		if ctx.Err() != nil {
			return
		}
		if k.sleep != nil {
			k.sleep(ctx, d)
		} else {
			sleepCtx(ctx, d)
		}
	}
}

func (k *Keyboard) clock() time.Time {
	if k.now != nil {
		return k.now()
	}
	return time.Now()
}

func (k *Keyboard) holdFor() time.Duration {
	if k.hold > 0 {
		return k.hold
	}
	return keyHold
}

// sleepCtx sleeps for d or until ctx ends, whichever comes first.
func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
