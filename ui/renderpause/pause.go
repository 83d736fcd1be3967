// Package renderpause stops a Bubble Tea program's renderer from waking
// while nothing is drawn.
//
// Bubble Tea's renderer writes the last drawn frame on a ticker that
// runs for the program's whole life, at its frame rate, whether
// or not anything was drawn: an idle program would wake the machine 120
// times a second to find nothing to write. No option of Bubble Tea v2
// stops that ticker, so a Pause does it: it runs while frames
// are being drawn and for a little while after (pauseAfter), and stops
// once nothing has been drawn for that long. The next View starts it
// again, and the renderer writes that frame on its first tick.

package renderpause

import (
	"reflect"
	"sync"
	"time"
	"unsafe"

	tea "charm.land/bubbletea/v2"
)

// pauseAfter is how long the renderer's ticker keeps running after the
// last View: many frame times, so a frame drawn last is written before
// the ticker stops even when the machine is slow to run the renderer,
// and a typist's next key finds it running.
const pauseAfter = 500 * time.Millisecond

// leadIn is how soon the ticker's first tick comes when a View starts
// it again: a key typed after idle is written about a millisecond after
// it is drawn, not a whole frame time after.
const leadIn = time.Millisecond

// ticker is what the pause does to Bubble Tea's renderer ticker.
type ticker interface {
	Reset(time.Duration)
	Stop()
}

// Pause starts and stops a program's renderer ticker around the
// frames its model draws: Attach it to the program, give the program
// the terminal through Output, and run it on the model Wrap gives.
type Pause struct {
	frame time.Duration // the ticker's period: 1/renderFPS
	after time.Duration // pauseAfter
	// find returns the renderer's ticker once the program has made it
	// (programTicker); nil before.
	find func() ticker
	// now and later are the clock (time.Now, time.AfterFunc); tests
	// turn them by hand.
	now   func() time.Time
	later func(d time.Duration, f func())

	mu       sync.Mutex
	t        ticker
	running  bool
	lastView time.Time
	// writes is how many writes to the terminal are under way, and
	// lastWrite when the last one ended (output.go).
	writes    int
	lastWrite time.Time
	checking  bool      // a check is due
	checkAt   time.Time // when
}

// Attach pauses p's renderer ticker, which runs at fps (the program's
// WithFPS). Call it once the program exists, before it runs.
func (tp *Pause) Attach(p *tea.Program, fps int) {
	tp.frame = time.Second / time.Duration(fps)
	tp.after = pauseAfter
	tp.find = func() ticker { return programTicker(p) }
	tp.now = time.Now
	tp.later = func(d time.Duration, f func()) { time.AfterFunc(d, f) }
}

// Viewed is called after every View: a frame is waiting to be written,
// so the ticker runs until pauseAfter passes with no View. Views come
// hundreds of times a second while an answer streams, so a View only
// notes its time, and one check at a time looks whether it is old
// enough. Without the ticker (Bubble Tea changed) it does nothing, and
// the renderer ticks as Bubble Tea made it.
func (tp *Pause) Viewed() {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	if tp.t == nil {
		if tp.find == nil {
			return
		}
		if tp.t = tp.find(); tp.t == nil {
			return
		}
		tp.running = true // Bubble Tea starts it running
	}
	if !tp.running {
		// The first tick comes soon, so a key after idle is written at
		// once, then the ticker goes back to a frame time.
		tp.t.Reset(leadIn)
		tp.running = true
		tp.later(2*leadIn, tp.settle)
	}
	tp.lastView = tp.now()
	if !tp.checking {
		tp.checking = true
		tp.checkIn(tp.after)
	}
}

// settle sets a ticker started with a lead-in back to a frame time.
func (tp *Pause) settle() {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	if tp.running {
		tp.t.Reset(tp.frame)
	}
}

// check stops the ticker if no View came and no write ended for
// pauseAfter and none is under way, and otherwise looks again when that
// will have passed since the last one. A check
// that runs long after it was due (the process was stopped, or starved
// of the CPU) does not stop it: the renderer may not have run since the
// last View either, and its frame would stay unwritten; the ticker
// runs one more pauseAfter.
func (tp *Pause) check() {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	now := tp.now()
	if late := now.Sub(tp.checkAt); late > tp.after/2 || tp.writes > 0 {
		tp.checkIn(tp.after)
		return
	}
	last := tp.lastView
	if tp.lastWrite.After(last) {
		last = tp.lastWrite
	}
	if quiet := now.Sub(last); quiet < tp.after {
		tp.checkIn(tp.after - quiet)
		return
	}
	tp.checking = false
	if tp.running {
		tp.t.Stop()
		tp.running = false
	}
}

// checkIn has check run after d.
func (tp *Pause) checkIn(d time.Duration) {
	tp.checkAt = tp.now().Add(d)
	tp.later(d, tp.check)
}

// programTicker is the ticker Bubble Tea's renderer writes frames on:
// the program's unexported ticker field, set when Run starts the
// renderer; nil before that, or if Bubble Tea no longer has it
// (TestFindsBubbleTeasTicker says so).
func programTicker(p *tea.Program) ticker {
	if p == nil {
		return nil
	}
	f := reflect.ValueOf(p).Elem().FieldByName("ticker")
	if !f.IsValid() || f.Type() != reflect.TypeFor[*time.Ticker]() {
		return nil
	}
	t := *(**time.Ticker)(unsafe.Pointer(f.UnsafeAddr()))
	if t == nil {
		return nil
	}
	return t
}

// Wrap is m as the program runs it: every View tells the pause a frame
// is waiting.
func Wrap(m tea.Model, tp *Pause) tea.Model { return wrapped{m, tp} }

type wrapped struct {
	inner tea.Model
	pause *Pause
}

func (w wrapped) Init() tea.Cmd { return w.inner.Init() }

func (w wrapped) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	inner, cmd := w.inner.Update(msg)
	w.inner = inner
	return w, cmd
}

func (w wrapped) View() tea.View {
	v := w.inner.View()
	w.pause.Viewed()
	return v
}
