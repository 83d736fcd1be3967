// Package wire is the wire log (Log: what a2aclient observed, redacted)
// and its full-screen view (View), a dialog of the overlay.
package wire

import (
	"bytes"
	"sync"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/ui/component"
)

// wireLogSize is how many records the wire view keeps.
const wireLogSize = 500

// ChangedMsg says new wire records arrived.
type ChangedMsg struct{}

func (ChangedMsg) Redraws() component.Redraw { return component.RedrawStream }

// To is the wire view; closed, it reads the log when it opens.
func (ChangedMsg) To() string { return wireViewID }

// Log keeps the latest wire records (already redacted by a2aclient)
// for the wire view (view.go). Observe is the a2aclient.WireObserver to
// install.
type Log struct {
	mu      sync.Mutex
	records []a2aclient.WireRecord
	start   int
	notify  func()
	pending bool // a notification is out and the UI has not handled it yet
}

// NewLog returns an empty log.
func NewLog() *Log { return &Log{} }

// Observe records one exchange. It never blocks: it runs on the
// goroutine reading the agent's stream, which must not wait for the UI.
// One notification covers every record until the UI calls seen, so a
// fast stream costs the UI one message, not one per event.
func (l *Log) Observe(r a2aclient.WireRecord) {
	l.mu.Lock()
	// An event's body is the stream's buffer (a2aclient.WireObserver):
	// it is copied into the slot's own, reused once the log is full, so
	// a long stream allocates nothing here.
	if len(l.records) < wireLogSize {
		r.Body = bytes.Clone(r.Body)
		l.records = append(l.records, r)
	} else {
		slot := &l.records[l.start]
		r.Body = append(slot.Body[:0], r.Body...)
		*slot = r
		l.start = (l.start + 1) % wireLogSize
	}
	notify := l.notify
	if l.pending {
		notify = nil // the notification that is out covers this record
	} else if notify != nil {
		l.pending = true
	}
	l.mu.Unlock()
	if notify != nil {
		go notify()
	}
}

// seen re-arms the notification; the UI calls it as it handles one.
func (l *Log) seen() {
	if l == nil {
		return
	}
	l.mu.Lock()
	l.pending = false
	l.mu.Unlock()
}

// Notify has the log tell the program that it changed, one
// wireChangedMsg through send (the program's Send) for every burst of
// records the view has not read yet.
func (l *Log) Notify(send func(tea.Msg)) {
	l.mu.Lock()
	l.notify = func() { send(ChangedMsg{}) }
	l.mu.Unlock()
}

// Records returns the records, oldest first.
func (l *Log) Records() []a2aclient.WireRecord {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]a2aclient.WireRecord, 0, len(l.records))
	out = append(out, l.records[l.start:]...)
	out = append(out, l.records[:l.start]...)
	for i := range out {
		out[i].Body = bytes.Clone(out[i].Body) // the slots are written again
	}
	return out
}
