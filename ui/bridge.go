package ui

import (
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
)

// frameInterval caps how often stream changes reach Update: at most about
// 60 redraws a second, however fast the agent streams.
const frameInterval = 16 * time.Millisecond

// bridge carries "this conversation changed" from session goroutines to
// the program. notify never blocks; notifications within one frame are
// merged into one message per conversation, so a stream of thousands of
// chunks costs at most one Update per frame.
type bridge struct {
	mu      sync.Mutex
	pending map[*session.Conversation]bool
	signal  chan struct{}
	quit    chan struct{}
	once    sync.Once
	send    func(tea.Msg) // set by run; guarded by mu
}

// post delivers a message to the program from any goroutine, once the
// bridge runs; before that it is dropped.
func (b *bridge) post(msg tea.Msg) {
	b.mu.Lock()
	send := b.send
	b.mu.Unlock()
	if send != nil {
		send(msg)
	}
}

func newBridge() *bridge {
	return &bridge{pending: map[*session.Conversation]bool{}, signal: make(chan struct{}, 1), quit: make(chan struct{})}
}

// notify marks c changed. Safe from any goroutine.
func (b *bridge) notify(c *session.Conversation) {
	b.mu.Lock()
	b.pending[c] = true
	b.mu.Unlock()
	select {
	case b.signal <- struct{}{}:
	default: // a signal is already pending; it covers this change
	}
}

// run forwards merged notifications with send until stop is called: the
// first change goes out at once, later ones at most once a frame.
func (b *bridge) run(send func(tea.Msg)) {
	b.mu.Lock()
	b.send = send
	b.mu.Unlock()
	for {
		select {
		case <-b.quit:
			return
		case <-b.signal:
		}
		b.mu.Lock()
		changed := make([]*session.Conversation, 0, len(b.pending))
		for c := range b.pending {
			changed = append(changed, c)
		}
		clear(b.pending)
		b.mu.Unlock()
		for _, c := range changed {
			send(convChangedMsg{conv: c}) // nil means "whichever is shown"
		}
		select {
		case <-b.quit:
			return
		case <-time.After(frameInterval):
		}
	}
}

func (b *bridge) stop() { b.once.Do(func() { close(b.quit) }) }
