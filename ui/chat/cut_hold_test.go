package chat

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// lateReads presses keys while the store answers range reads only lag
// keys after they were asked for, as a slow disk or a held key does.
type lateReads struct {
	lag     int
	pending []pendingRead
	pressed int
}

type pendingRead struct {
	due int
	msg frontMsg
}

func (l *lateReads) press(c *Pane, k string) {
	l.pressed++
	cmd, _ := c.Update(keyPress(k))
	l.collect(cmd)
	for len(l.pending) > 0 && l.pending[0].due <= l.pressed {
		msg := l.pending[0].msg
		l.pending = l.pending[1:]
		cmd, _ := c.Update(msg)
		l.collect(cmd)
	}
}

// collect runs cmd's commands, keeping the range reads for later.
func (l *lateReads) collect(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, sub := range msg {
			l.collect(sub)
		}
	case frontMsg:
		l.pending = append(l.pending, pendingRead{l.pressed + l.lag, msg})
	}
}

// Paging faster than the store reads a cut answer's ranges back skips
// none of it: the screen stops at the note of what is being read until
// it comes, rather than passing it to the window (or the beginning).
func TestPagingFasterThanReadsSkipsNothing(t *testing.T) {
	const lines = 15000
	for _, tc := range []struct{ from, key string }{{"g", "pgdown"}, {"", "pgup"}} {
		t.Run(tc.key, func(t *testing.T) {
			c, _, window := cutChat(lines)
			if tc.from != "" {
				driveFront(c, tc.from)
			}
			late := &lateReads{lag: 2} // under the three still screens that end a scroll through
			seen := scrollThroughWith(t, c, tc.key, window, late.press)
			wantAllSeen(t, seen, lines)
		})
	}
}
