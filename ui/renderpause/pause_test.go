package renderpause

import (
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/internal/syncbuf"
)

// fakeTicker records what the pause asks of a ticker.
type fakeTicker struct{ calls []string }

func (f *fakeTicker) Reset(d time.Duration) { f.calls = append(f.calls, "reset "+d.String()) }
func (f *fakeTicker) Stop()                 { f.calls = append(f.calls, "stop") }

// handClock is a clock a test turns: later's functions run when the
// time passes theirs.
type handClock struct {
	at  time.Time
	due []timed
}

type timed struct {
	at time.Time
	f  func()
}

func (c *handClock) now() time.Time { return c.at }

func (c *handClock) later(d time.Duration, f func()) {
	c.due = append(c.due, timed{c.at.Add(d), f})
}

// pass moves the clock on by d, running what falls due on the way.
func (c *handClock) pass(d time.Duration) {
	end := c.at.Add(d)
	for {
		next := -1
		for i, t := range c.due {
			if !t.at.After(end) && (next < 0 || t.at.Before(c.due[next].at)) {
				next = i
			}
		}
		if next < 0 {
			break
		}
		t := c.due[next]
		c.due = append(c.due[:next], c.due[next+1:]...)
		c.at = t.at
		t.f()
	}
	c.at = end
}

// TestStopsWhenNothingIsDrawn: the renderer's ticker stops
// once no View came for pauseAfter, and starts again at the next View;
// while Views keep coming (a stream, typing) it never stops, and one
// check at a time is due however many Views come.
func TestStopsWhenNothingIsDrawn(t *testing.T) {
	ft := &fakeTicker{}
	clock := &handClock{at: time.Unix(0, 0)}
	tp := &Pause{frame: time.Second / 120, after: pauseAfter, find: func() ticker { return ft }, now: clock.now, later: clock.later}
	calls := func() string { return strings.Join(ft.calls, ",") }

	tp.Viewed() // the first frame: Bubble Tea's ticker is running
	if calls() != "" {
		t.Fatalf("the first View did %q to a running ticker, want nothing", calls())
	}
	clock.pass(pauseAfter - time.Millisecond)
	if calls() != "" {
		t.Fatalf("stopped %v after a View, before pauseAfter: %q", pauseAfter-time.Millisecond, calls())
	}
	clock.pass(time.Millisecond)
	if calls() != "stop" {
		t.Fatalf("idle for pauseAfter: the ticker got %q, want stop", calls())
	}
	clock.pass(time.Hour)
	if calls() != "stop" {
		t.Fatalf("an hour idle: the ticker got %q, want one stop", calls())
	}

	tp.Viewed() // a key
	if calls() != "stop,reset 1ms" {
		t.Fatalf("a View after the pause: the ticker got %q, want its first tick in a millisecond", calls())
	}
	clock.pass(2 * leadIn)
	if calls() != "stop,reset 1ms,reset 8.333333ms" {
		t.Fatalf("after the lead-in: the ticker got %q, want it back to a frame time", calls())
	}
	for range 1000 { // a stream: a View every 2 ms for 2 s
		clock.pass(2 * time.Millisecond)
		tp.Viewed()
	}
	if calls() != "stop,reset 1ms,reset 8.333333ms" {
		t.Fatalf("Views every 2 ms: the ticker got %q, want it running", calls())
	}
	if len(clock.due) != 1 {
		t.Fatalf("%d checks due after 1,000 Views, want one", len(clock.due))
	}
	clock.pass(pauseAfter)
	if calls() != "stop,reset 1ms,reset 8.333333ms,stop" {
		t.Fatalf("idle after the stream: the ticker got %q, want a stop", calls())
	}
}

// TestALateCheckDoesNotStopTheTicker: a check that runs long after it
// was due (the process was stopped) leaves the ticker running one more
// pauseAfter, so the renderer, which may not have run either, writes
// the last frame first.
func TestALateCheckDoesNotStopTheTicker(t *testing.T) {
	ft := &fakeTicker{}
	clock := &handClock{at: time.Unix(0, 0)}
	var due []func()
	tp := &Pause{frame: time.Second / 120, after: pauseAfter, find: func() ticker { return ft }, now: clock.now,
		later: func(_ time.Duration, f func()) { due = append(due, f) }}
	tp.Viewed()
	clock.at = clock.at.Add(time.Minute) // stopped for a minute
	due[0]()
	if len(ft.calls) != 0 {
		t.Fatalf("a check a minute late did %v, want the ticker left running", ft.calls)
	}
	clock.at = clock.at.Add(pauseAfter)
	due[1]()
	if strings.Join(ft.calls, ",") != "stop" {
		t.Fatalf("the next check, on time: %v, want stop", ft.calls)
	}
}

// TestWithoutATickerDoesNothing: if Bubble Tea has no ticker
// to find, the pause leaves its renderer as it is.
func TestWithoutATickerDoesNothing(t *testing.T) {
	clock := &handClock{at: time.Unix(0, 0)}
	tp := &Pause{after: pauseAfter, find: func() ticker { return nil }, now: clock.now, later: clock.later}
	tp.Viewed()
	tp.Viewed()
	if len(clock.due) != 0 {
		t.Fatalf("%d checks due with no ticker to stop", len(clock.due))
	}
	(&Pause{}).Viewed() // never attached: no panic
}

// wordModel draws the last word it was sent.
type wordModel struct{ word string }

func (w wordModel) Init() tea.Cmd { return nil }
func (w wordModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s, ok := msg.(string); ok {
		w.word = s
	}
	return w, nil
}
func (w wordModel) View() tea.View { return tea.NewView(w.word) }

// TestFindsBubbleTeasTicker: the pause finds the real
// program's renderer ticker (Bubble Tea keeps it unexported; an upgrade
// that renamed it fails here, and the renderer would tick at idle
// again), and a frame drawn after the ticker was paused is still
// written. The waits are deadlines for something that must happen,
// not timings.
func TestFindsBubbleTeasTicker(t *testing.T) {
	out := &syncbuf.Buffer{}
	p, tp := runWords(t, out)
	waitFor(t, func() bool { return strings.Contains(out.String(), "first") }, "the first frame written")
	tp.mu.Lock()
	found := tp.t != nil
	tp.mu.Unlock()
	if !found {
		t.Fatal("the pause found no renderer ticker on tea.Program: Bubble Tea changed; check how its renderer ticks (startRenderer) and update programTicker")
	}
	waitFor(t, func() bool { tp.mu.Lock(); defer tp.mu.Unlock(); return !tp.running }, "the ticker paused")
	p.Send("second")
	waitFor(t, func() bool { return strings.Contains(out.String(), "second") }, "a frame drawn while paused written")
}

// runWords runs a program drawing "first" (then the words it is sent)
// on out, paused by a Pause that stops after 20 ms; the test's end
// quits it.
func runWords(t *testing.T, out io.Writer) (*tea.Program, *Pause) {
	t.Helper()
	tp := &Pause{}
	p := tea.NewProgram(Wrap(wordModel{"first"}, tp), tea.WithFPS(fps), tea.WithInput(nil), tea.WithOutput(tp.Output(out)), tea.WithWindowSize(40, 5), tea.WithoutSignals())
	tp.Attach(p, fps)
	tp.after = 20 * time.Millisecond
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	t.Cleanup(func() {
		p.Quit()
		if err := <-done; err != nil {
			t.Errorf("program: %v", err)
		}
	})
	return p, tp
}

// fps is the frame rate the test program runs at.
const fps = 120

func waitFor(t *testing.T, ok func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("not seen within 10 s: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestAWriteUnderWayKeepsTheTickerRunning: while the terminal does not
// take a write, a View's frame waits for it, so the ticker keeps running
// however long the write takes, and for pauseAfter after it ends.
func TestAWriteUnderWayKeepsTheTickerRunning(t *testing.T) {
	ft := &fakeTicker{}
	clock := &handClock{at: time.Unix(0, 0)}
	tp := &Pause{frame: time.Second / 120, after: pauseAfter, find: func() ticker { return ft }, now: clock.now, later: clock.later}
	out := tp.Output(io.Discard)
	tp.Viewed()
	end := tp.writing() // a write the terminal does not take
	clock.pass(time.Minute)
	if len(ft.calls) != 0 {
		t.Fatalf("a minute into a write: the ticker got %v, want it running", ft.calls)
	}
	end()
	clock.pass(pauseAfter - time.Millisecond)
	if len(ft.calls) != 0 {
		t.Fatalf("just after the write ended: the ticker got %v, want it running", ft.calls)
	}
	clock.pass(time.Millisecond)
	if strings.Join(ft.calls, ",") != "stop" {
		t.Fatalf("pauseAfter after the write: the ticker got %v, want stop", ft.calls)
	}
	if _, err := out.Write([]byte("x")); err != nil || tp.writes != 0 {
		t.Fatalf("a write through Output: %v, %d under way after it", err, tp.writes)
	}
}

// gatedWriter blocks the write of a frame holding its word while it is
// shut, as a terminal that stops reading does, and says when that write
// is waiting.
type gatedWriter struct {
	syncbuf.Buffer
	word    string
	open    chan struct{}
	waiting chan struct{}
}

func (g *gatedWriter) Write(p []byte) (int, error) {
	select {
	case <-g.open:
	default:
		if !strings.Contains(string(p), g.word) {
			break
		}
		select {
		case g.waiting <- struct{}{}:
		default:
		}
		<-g.open
	}
	return g.Buffer.Write(p)
}

// TestAFrameDrawnDuringABlockedWriteIsWritten: a frame drawn while the
// terminal holds up the write before it, and nothing after, is written
// once the terminal reads again, however long it held the write up.
func TestAFrameDrawnDuringABlockedWriteIsWritten(t *testing.T) {
	out := &gatedWriter{word: "first", open: make(chan struct{}), waiting: make(chan struct{}, 1)}
	p, tp := runWords(t, out)
	<-out.waiting // the first frame's write, held up with the renderer's lock
	p.Send("second")
	time.Sleep(10 * tp.after) // the second frame waits for the first write, past pauseAfter
	close(out.open)
	waitFor(t, func() bool { return strings.Contains(out.String(), "second") }, "the frame drawn during the blocked write written")
}
