package ui

import (
	"fmt"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/styles"
)

// A long silent wait shows itself: when the shown conversation has an
// exchange in flight and nothing new has come for Env.SilentAfter, the
// footer says how long it has been waiting and which key stops it. An
// agent that is busy (HTTP 429/503) and waited out says so on the status
// line.

// noteActivity records that conv just brought something (an event, the
// user's own message).
func (m *Model) noteActivity(conv *session.Conversation) {
	if conv == nil {
		return
	}
	if m.activity == nil {
		m.activity = map[*session.Conversation]time.Time{}
	}
	m.activity[conv] = time.Now()
}

// waitingLine is the footer's line for a silent wait, or "".
func (m *Model) waitingLine(now time.Time) string {
	e := m.current
	if e == nil || e.Conv == nil || !e.Conv.Busy() {
		return ""
	}
	last, ok := m.activity[e.Conv]
	if !ok {
		return ""
	}
	d := now.Sub(last)
	if d < m.env.SilentAfter {
		return ""
	}
	stop := strings.Join(m.keys.Global.Stop.Keys(), "/")
	return fmt.Sprintf("%s waiting for %s · nothing new for %s · %s stops", m.spin.View(), e.Label(), styles.DurationShort(d), stop)
}

// BusyLog carries the notices of a busy agent being waited out from the
// goroutines making requests to the status line. Set Retry as the
// directory's a2aclient.RetryPolicy.OnRetry and pass the log in Options.
type BusyLog struct {
	mu   sync.Mutex
	post func(tea.Msg)
}

// NewBusyLog returns a log that shows nothing until a Model runs with it.
func NewBusyLog() *BusyLog { return &BusyLog{} }

// Retry shows r on the status line. Safe from any goroutine.
func (b *BusyLog) Retry(r a2aclient.Retry) {
	b.mu.Lock()
	post := b.post
	b.mu.Unlock()
	if post != nil {
		post(busyMsg{r})
	}
}

func (b *BusyLog) attach(post func(tea.Msg)) {
	b.mu.Lock()
	b.post = post
	b.mu.Unlock()
}

// busyMsg is one wait for a busy agent.
type busyMsg struct{ r a2aclient.Retry }

func (busyMsg) Redraws() component.Redraw { return component.RedrawAll }
