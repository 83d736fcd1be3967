// The tasks pane's ages ("now", "2m", "3h"): read from the clock each
// time the pane is drawn, and when the youngest one shown next changes,
// so that the root wakes once then at idle rather than run a timer.

package panes

import (
	"time"

	"github.com/parley-a2a/parley/ui/styles"
)

// SetClock sets the clock ages are read from: the root's, which tests
// give their own. time.Now until set.
func (p *Tasks) SetClock(now func() time.Time) { p.clock = now }

// NextAge is when an age the pane shows next reads otherwise, as of now;
// zero when it shows none. A task parley follows counts its own time,
// drawn on the spinner's ticks, and is left out.
func (p *Tasks) NextAge(now time.Time) time.Time {
	var next time.Time
	see := func(updated time.Time) {
		if updated.IsZero() {
			return
		}
		at := now.Add(agoChanges(now.Sub(updated)))
		if next.IsZero() || at.Before(next) {
			next = at
		}
	}
	if p.view == ViewChat {
		top, end := styles.ListWindow(len(p.tasks), p.cursor, p.top, max(p.h, 1))
		for _, t := range p.tasks[top:end] {
			if t.State.Settled() || !t.Following {
				see(t.Updated)
			}
		}
		return next
	}
	top, end := styles.ListWindow(len(p.list.rows), p.cursor, p.top, max(p.h-1, 1))
	for _, r := range p.list.rows[top:end] {
		see(r.Updated)
	}
	return next
}

// AgesWake is when the root should wake to draw the ages again, and
// whether it should ask for it: not while a wake-up it asked for before
// comes by then.
func (p *Tasks) AgesWake(now time.Time) (time.Time, bool) {
	next := p.NextAge(now)
	if next.IsZero() || p.wake.After(now) && !p.wake.After(next) {
		return time.Time{}, false
	}
	p.wake = next
	return next, true
}

// agoChanges is how long after d styles.Ago's word for it changes: at
// the next minute within the hour, the next hour within the day, the
// next day after.
func agoChanges(d time.Duration) time.Duration {
	switch {
	case d < time.Minute:
		return time.Minute - d
	case d < time.Hour:
		return time.Minute - d%time.Minute
	case d < 24*time.Hour:
		return time.Hour - d%time.Hour
	}
	return 24*time.Hour - d%(24*time.Hour)
}
