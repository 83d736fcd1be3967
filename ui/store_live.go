package ui

import (
	"sync"

	"github.com/parley-a2a/parley/session"
)

// liveContexts are the stored conversations whose tasks were picked up
// again at start. Opening one of them (--context, ctrl+o) must show that
// live conversation, spinner and streamed chunks to the end, not a
// second copy restored from the store, which would stay frozen where the
// crash left it (and write its stale tasks back over the live ones).
//
// It is shared with the commands that resume and open, off the update
// loop; ready closes once resuming is done, so an open that races the
// resume waits for it.
type liveContexts struct {
	ready chan struct{}
	once  sync.Once

	mu   sync.Mutex
	byID map[int64]*session.Conversation
}

func newLiveContexts() *liveContexts {
	return &liveContexts{ready: make(chan struct{}), byID: map[int64]*session.Conversation{}}
}

// resumed records what was picked up and lets opens through.
func (l *liveContexts) resumed(res []*session.Resumption) {
	l.mu.Lock()
	for _, r := range res {
		if r.Conversation != nil {
			l.byID[r.Context.ID] = r.Conversation
		}
	}
	l.mu.Unlock()
	l.done()
}

// done lets opens through (nothing to resume, or resuming failed).
func (l *liveContexts) done() { l.once.Do(func() { close(l.ready) }) }

// wait blocks until resuming is done, then returns the live
// conversation of context id, if it has one.
func (l *liveContexts) wait(id int64) *session.Conversation {
	<-l.ready
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.byID[id]
}

// waitIfRunning is wait for a context with a task left running, the
// only kind the resume picks up; others open at once. Once resuming is
// done, a resumed conversation is shown even after its task ended: it is
// the one recording into the context.
func (l *liveContexts) waitIfRunning(oc *session.OpenedContext) *session.Conversation {
	select {
	case <-l.ready:
		return l.wait(oc.Info.ID) // at once: resumed, even if ended since
	default:
	}
	for _, t := range oc.Tasks {
		if !t.State.Settled() {
			return l.wait(oc.Info.ID)
		}
	}
	return nil
}
