package ui

import (
	"fmt"
	"strings"
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
)

// wireLogSize is how many records the wire view keeps.
const wireLogSize = 500

// wireChangedMsg says new wire records arrived.
type wireChangedMsg struct{}

// WireLog keeps the latest wire records (already redacted by a2aclient)
// for the wire view. Observe is the a2aclient.WireObserver to install.
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
	if len(l.records) < wireLogSize {
		l.records = append(l.records, r)
	} else {
		l.records[l.start] = r
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
	return append(out, l.records[:l.start]...)
}

// wirePane shows the raw wire log, newest last, in place of the chat.
type wirePane struct {
	st     *Styles
	log    *WireLog
	w, h   int
	lines  []string
	offset int // lines scrolled up from the bottom
	keys   PagerKeys
}

// newWirePane scrolls with the default pager keys; the root sets the
// user's.
func newWirePane(st *Styles, log *WireLog) *wirePane {
	return &wirePane{st: st, log: log, keys: DefaultKeyMap().Pager}
}

// SetSize re-lays the log out only when the size changes: layout runs on
// every conversation change, and a full log takes milliseconds to lay out.
func (p *wirePane) SetSize(w, h int) {
	if w != p.w || h != p.h {
		p.w, p.h = w, h
		p.Refresh()
	}
}

func (p *wirePane) SetStyles(st *Styles) { p.st = st }

// Refresh re-reads the log. The log is bounded, so this costs the same
// however long parley runs.
func (p *wirePane) Refresh() {
	p.lines = p.lines[:0]
	for _, r := range p.log.Records() {
		p.lines = append(p.lines, p.record(r)...)
	}
}

func (p *wirePane) record(r a2aclient.WireRecord) []string {
	ts := r.Time.Format("15:04:05.000")
	var head string
	switch r.Kind {
	case a2aclient.WireRequest:
		head = p.st.User.Render("→ "+r.Method) + " " + termsafe.Line(r.URL)
	case a2aclient.WireResponse:
		head = p.st.Agent.Render(responseStatus(r)) + " " + termsafe.Line(r.URL)
	case a2aclient.WireNote:
		head = p.st.Info.Render("※ parley")
	default:
		head = p.st.Info.Render("⇠ event")
	}
	out := []string{p.st.Muted.Render(ts) + " " + head}
	for _, name := range []string{"Authorization", "X-Api-Key", "Content-Type", "A2a-Version", "Www-Authenticate"} {
		if v := r.Header.Get(name); v != "" {
			out = append(out, p.st.Muted.Render("  "+name+": "+termsafe.Line(v)))
		}
	}
	if len(r.Body) > 0 {
		body := termsafe.Line(string(r.Body))
		out = append(out, wrapStyle(p.st.Text, "  "+body, max(p.w, 10), 6)...)
	}
	return out
}

func (p *wirePane) HandleKey(msg tea.KeyPressMsg) {
	k := p.keys
	switch {
	case key.Matches(msg, k.Up):
		p.offset++
	case key.Matches(msg, k.Down):
		p.offset--
	case key.Matches(msg, k.PageUp):
		p.offset += p.h
	case key.Matches(msg, k.PageDown):
		p.offset -= p.h
	case key.Matches(msg, k.Top):
		p.offset = len(p.lines)
	case key.Matches(msg, k.Bottom):
		p.offset = 0
	}
	p.clamp()
}

func (p *wirePane) HandleMouse(msg tea.MouseWheelMsg) {
	if msg.Button == tea.MouseWheelUp {
		p.offset += 3
	} else if msg.Button == tea.MouseWheelDown {
		p.offset -= 3
	}
	p.clamp()
}

func (p *wirePane) clamp() {
	p.offset = min(max(p.offset, 0), max(len(p.lines)-p.h, 0))
}

func (p *wirePane) View() string {
	if len(p.lines) == 0 {
		return p.st.Muted.Render("No traffic yet. Requests, responses and stream events appear here, secrets redacted.")
	}
	end := len(p.lines) - p.offset
	start := max(end-p.h, 0)
	return strings.Join(p.lines[start:end], "\n")
}

func (p *wirePane) ShortHelp() []key.Binding { return nil }

// responseStatus is how a reply's outcome reads: the HTTP status, or for
// a gRPC call (always HTTP 200, whatever happened) its grpc-status.
func responseStatus(r a2aclient.WireRecord) string {
	if code := r.Header.Get("Grpc-Status"); code != "" {
		return "← grpc " + termsafe.Line(code)
	}
	return fmt.Sprintf("← %d", r.Status)
}
