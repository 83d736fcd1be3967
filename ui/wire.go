package ui

import (
	"bytes"
	"sync"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/ui/component"
)

// wireLogSize is how many records the wire view keeps.
const wireLogSize = 500

// wireChangedMsg says new wire records arrived.
type wireChangedMsg struct{}

func (wireChangedMsg) Redraws() component.Redraw { return component.RedrawStream }

// To is the wire view; closed, it reads the log when it opens.
func (wireChangedMsg) To() string { return wireViewID }

// WireLog keeps the latest wire records (already redacted by a2aclient)
// for the wire view (wire_view.go). Observe is the a2aclient.WireObserver to install.
type WireLog struct {
	mu      sync.Mutex
	records []a2aclient.WireRecord
	start   int
	notify  func()
	pending bool // a notification is out and the UI has not handled it yet
}

// NewWireLog returns an empty log.
func NewWireLog() *WireLog { return &WireLog{} }

// Observe records one exchange. It never blocks: it runs on the
// goroutine reading the agent's stream, which must not wait for the UI.
// One notification covers every record until the UI calls seen, so a
// fast stream costs the UI one message, not one per event.
func (l *WireLog) Observe(r a2aclient.WireRecord) {
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
func (l *WireLog) seen() {
	if l == nil {
		return
	}
	l.mu.Lock()
	l.pending = false
	l.mu.Unlock()
}

func (l *WireLog) setNotify(f func()) {
	l.mu.Lock()
	l.notify = f
	l.mu.Unlock()
}

// Records returns the records, oldest first.
func (l *WireLog) Records() []a2aclient.WireRecord {
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
