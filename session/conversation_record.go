package session

import (
	"context"

	"github.com/parley-a2a/parley/a2aclient"
)

// What the context store (session/store) and the push inbox
// (session/push) need of a Conversation beyond what a front end uses:
// saying whose it is, and running the recorder's writes where the
// conversation's streams run. The rest of that surface is in
// conversation_published.go (GateUI, UngateUI, Publish), Unwatch,
// FollowFrom, ForgetTask and ApplyPushTracked.

// SetAgent says which agent's identity the conversation's contextId and
// task ids belong to; a conversation restored from the store, or opened
// for a push, is given the stored one before it changes.
func (c *Conversation) SetAgent(id a2aclient.AgentID) {
	c.mu.Lock()
	c.agent = id
	c.mu.Unlock()
}

// SetStored says which stored context holds the conversation: its
// recorder's, once written.
func (c *Conversation) SetStored(id int64) { c.stored.Store(id) }

// Stored is the stored context holding the conversation, 0 while none
// does: the chat reads the front of an answer held as a window from it.
func (c *Conversation) Stored() int64 { return c.stored.Load() }

// BehindKeys runs write, one of the recorder's writes for this
// conversation: on the keyboard's one lowered thread when the
// conversation has a keyboard (the TUI's, so writes wait behind keys as
// its streams do; SQLite takes one writer at a time anyway), else at
// once on the calling goroutine.
func (c *Conversation) BehindKeys(write func()) {
	if k := c.keyboard.Load(); k != nil {
		k.writes.Do(write)
		return
	}
	write()
}

// KeepPace sets what a stream of this conversation runs between two of
// its events, on its own goroutine, to wait for the recorder: a stream
// arriving faster than the store commits it then waits, rather than the
// uncommitted changes piling up in memory. nil stops it.
func (c *Conversation) KeepPace(wait func()) {
	if wait == nil {
		c.pace.Store(nil)
		return
	}
	c.pace.Store(&wait)
}

// paced is giveWay with the recorder's pace (KeepPace) before it.
func (c *Conversation) paced(giveWay func(ctx context.Context)) func(ctx context.Context) {
	return func(ctx context.Context) {
		if wait := c.pace.Load(); wait != nil {
			(*wait)()
		}
		if giveWay != nil {
			giveWay(ctx)
		}
	}
}

// Pending is how many items have changed since this watcher's last
// Drain.
func (w *Watcher) Pending() int {
	w.c.mu.Lock()
	defer w.c.mu.Unlock()
	return len(w.dirty)
}
