package dialog

import (
	"sync"

	tea "charm.land/bubbletea/v2"
)

// feed carries what a dialog's long-running command says (the doctor's
// results, a raw stream's events) to the dialog one message at a time.
// The command never blocks on it, so a closed dialog that reads no more
// holds nothing up; next returns once the command has said something.
type feed[M tea.Msg] struct {
	mu    sync.Mutex
	queue []M
	wake  chan struct{}
}

func newFeed[M tea.Msg]() *feed[M] { return &feed[M]{wake: make(chan struct{}, 1)} }

func (f *feed[M]) push(m M) {
	f.mu.Lock()
	f.queue = append(f.queue, m)
	f.mu.Unlock()
	select {
	case f.wake <- struct{}{}:
	default:
	}
}

// next waits for the command's next message.
func (f *feed[M]) next() tea.Msg {
	for {
		f.mu.Lock()
		if len(f.queue) > 0 {
			m := f.queue[0]
			f.queue = f.queue[1:]
			f.mu.Unlock()
			return m
		}
		f.mu.Unlock()
		<-f.wake
	}
}
