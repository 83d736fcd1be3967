package wire

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/styles"
)

func wireEvent(body string) a2aclient.WireRecord {
	return a2aclient.WireRecord{Kind: a2aclient.WireEvent, Time: time.Now(), Body: []byte(body)}
}

// Observe runs on the goroutine reading the agent's stream: it must not
// wait for the UI, and a burst of records is one notification.
func TestWireLogObserveNeverWaitsForTheUI(t *testing.T) {
	l := NewLog()
	var calls atomic.Int32
	release := make(chan struct{})
	defer close(release)
	l.Notify(func(tea.Msg) { calls.Add(1); <-release }) // a UI that is busy
	done := make(chan struct{})
	go func() {
		for range 100 {
			l.Observe(wireEvent(`{"chunk":1}`))
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Observe waited for the UI to take the notification")
	}
	if n := len(l.Records()); n != 100 {
		t.Fatalf("the log holds %d records, want 100", n)
	}
	for calls.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	if n := calls.Load(); n != 1 {
		t.Fatalf("%d notifications for one burst, want 1 until the UI has read the log", n)
	}
}

func TestWireLogNotifiesAgainAfterTheUIRead(t *testing.T) {
	l := NewLog()
	got := make(chan struct{}, 10)
	l.Notify(func(tea.Msg) { got <- struct{}{} })
	l.Observe(wireEvent("a"))
	l.Observe(wireEvent("b"))
	<-got
	l.seen()
	l.Observe(wireEvent("c"))
	select {
	case <-got:
	case <-time.After(10 * time.Second):
		t.Fatal("no notification for a record after the UI read the log")
	}
	if len(got) != 0 {
		t.Fatalf("%d extra notifications", len(got))
	}
}

// Refreshing lays out every record: the reason the UI refreshes only
// when the wire view is open.
func BenchmarkWireRefreshFullLog(b *testing.B) {
	l := NewLog()
	for range wireLogSize {
		l.Observe(wireEvent(strings.Repeat(`{"x":1} `, 60)))
	}
	v := NewView(l, nil)
	st := styles.New(themes.Dark)
	for b.Loop() {
		v.refresh()
		v.cache = nil
		drawnView(v, st, 80, 30)
	}
}

// An event's body is the stream's buffer, written again by the next
// read once Observe returns: the log keeps its own copy, in a fresh
// log and once full, when its slots are reused; and what Records hands
// out is not written by later events.
func TestWireLogKeepsEventBodiesOfItsOwn(t *testing.T) {
	l := NewLog()
	buf := []byte("event-0000")
	observe := func(i int) {
		copy(buf, fmt.Sprintf("event-%04d", i))
		l.Observe(a2aclient.WireRecord{Kind: a2aclient.WireEvent, Body: buf})
	}
	for i := range wireLogSize + 7 {
		observe(i)
	}
	copy(buf, "XXXXXXXXXX")
	recs := l.Records()
	if len(recs) != wireLogSize {
		t.Fatalf("%d records, want %d", len(recs), wireLogSize)
	}
	for i, r := range recs {
		if want := fmt.Sprintf("event-%04d", i+7); string(r.Body) != want {
			t.Fatalf("record %d holds %q, want %q", i, r.Body, want)
		}
	}
	observe(9999)
	if got := string(recs[0].Body); got != "event-0007" {
		t.Fatalf("a record handed out changed under its reader: %q", got)
	}
}
