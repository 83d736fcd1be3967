package session

import (
	"math"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
)

// Timings is what parley measured of one turn, each moment counted from
// when it sent the message. Zero means the turn never reached it.
type Timings struct {
	FirstByte  time.Duration // the first byte of the agent's response
	FirstEvent time.Duration // the first event, or the reply
	FirstText  time.Duration // the first artifact text, or a reply message's text
	Final      time.Duration // a terminal or interrupted state, or the reply message
	// States is how long the task spent in each state it reported before
	// the last, in the order it reported them; a state reported again
	// after another adds to its first entry.
	States []StateTime
}

// StateTime is how long a task spent in one state.
type StateTime struct {
	State a2aclient.State
	Spent time.Duration
}

// JSON is the timings' JSON form, in milliseconds to the microsecond.
func (t Timings) JSON() *jsonout.TimingsJSON {
	j := &jsonout.TimingsJSON{FirstByteMs: ms(t.FirstByte), FirstEventMs: ms(t.FirstEvent), FirstTextMs: ms(t.FirstText), FinalMs: ms(t.Final)}
	for _, s := range t.States {
		j.States = append(j.States, jsonout.StateTimeJSON{State: string(s.State), Ms: ms(s.Spent)})
	}
	return j
}

// TimingsFromJSON reads timings back from their JSON form; nil gives
// none.
func TimingsFromJSON(j *jsonout.TimingsJSON) Timings {
	if j == nil {
		return Timings{}
	}
	t := Timings{FirstByte: fromMs(j.FirstByteMs), FirstEvent: fromMs(j.FirstEventMs), FirstText: fromMs(j.FirstTextMs), Final: fromMs(j.FinalMs)}
	for _, s := range j.States {
		t.States = append(t.States, StateTime{State: a2aclient.State(s.State), Spent: fromMs(s.Ms)})
	}
	return t
}

// ms is d in milliseconds, rounded to the microsecond; a moment reached
// in less than that still counts as reached.
func ms(d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return max(math.Round(float64(d)/1e3), 1) / 1e3
}

func fromMs(v float64) time.Duration { return time.Duration(math.Round(v * 1e6)) }

// turnClock measures one turn as its events are applied. Only firstByte
// is touched from another goroutine (the transport's).
type turnClock struct {
	start     time.Time
	firstByte atomic.Int64 // nanoseconds after start; 0 until it came
	t         Timings
	state     a2aclient.State
	since     time.Duration // when state was reported
}

func (c *turnClock) begin() {
	c.start = time.Now()
}

// gotFirstByte is the transport's hook: only the first counts.
func (c *turnClock) gotFirstByte() {
	if c.start.IsZero() {
		return
	}
	c.firstByte.CompareAndSwap(0, max(int64(time.Since(c.start)), 1))
}

// idle reports whether ev can reach no moment the clock waits for: the
// clock is stopped, or ev is one more chunk of an answer whose first
// text came (a chunk changes no state). It is asked at every event, so
// it is kept small enough to inline.
func (c *turnClock) idle(ev *a2aclient.Event) bool {
	return c.t.Final != 0 || ev.Artifact != nil && c.t.FirstText != 0 || c.start.IsZero()
}

// event notes an event just applied to tr; settled is whether the turn
// has now nothing more to wait for. The clock is read only when a moment
// is reached (the first event and text, a new state, the end), not at
// every chunk of a streamed answer.
func (c *turnClock) event(ev *a2aclient.Event, tr *a2aclient.Tracker, settled bool) {
	if c.start.IsZero() || c.t.Final != 0 {
		return
	}
	text := c.t.FirstText == 0 && hasText(ev)
	st := tr.State()
	if c.t.FirstEvent != 0 && !text && st == c.state && !settled {
		return
	}
	now := max(time.Since(c.start), 1)
	if c.t.FirstEvent == 0 {
		c.t.FirstEvent = now
	}
	if text {
		c.t.FirstText = now
	}
	if st != c.state {
		if c.state != "" {
			c.spent(c.state, now-c.since)
		}
		c.state, c.since = st, now
	}
	if settled {
		c.t.Final = now
	}
}

func (c *turnClock) spent(st a2aclient.State, d time.Duration) {
	for i := range c.t.States {
		if c.t.States[i].State == st {
			c.t.States[i].Spent += d
			return
		}
	}
	c.t.States = append(c.t.States, StateTime{State: st, Spent: d})
}

// timings is what the clock measured, nil if it never started.
func (c *turnClock) timings() *Timings {
	if c.start.IsZero() {
		return nil
	}
	t := c.t
	t.FirstByte = time.Duration(c.firstByte.Load())
	return &t
}

// hasText reports whether ev carries artifact text, or is a reply
// message with text.
func hasText(ev *a2aclient.Event) bool {
	switch {
	case ev.Artifact != nil:
		return partsHaveText(ev.Artifact.Artifact.Parts)
	case ev.Task != nil:
		for i := range ev.Task.Artifacts {
			if partsHaveText(ev.Task.Artifacts[i].Parts) {
				return true
			}
		}
	case ev.Message != nil:
		return ev.Message.TaskID == "" && partsHaveText(ev.Message.Parts)
	}
	return false
}

func partsHaveText(parts []a2aclient.Part) bool {
	for i := range parts {
		if parts[i].Kind == a2aclient.PartText && parts[i].Text != "" {
			return true
		}
	}
	return false
}

// Line is the one line a person reads of the timings: "first token
// 180 ms · done in 2.4 s" ("first event …" when the answer had no text);
// "" when the turn did not end.
func (t Timings) Line() string {
	if t.Final == 0 {
		return ""
	}
	first := "first token " + HumanDuration(t.FirstText)
	if t.FirstText == 0 {
		first = "first event " + HumanDuration(t.FirstEvent)
	}
	return first + " · done in " + HumanDuration(t.Final)
}

// HumanDuration is d as a person reads it: whole milliseconds under a
// second, seconds to a tenth above; a moment reached in under a
// millisecond (the first event over loopback) is "< 1 ms", not "0 ms",
// which reads as not measured.
func HumanDuration(d time.Duration) string {
	if d > 0 && d < time.Millisecond {
		return "< 1 ms"
	}
	if d < time.Second {
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s"
}
