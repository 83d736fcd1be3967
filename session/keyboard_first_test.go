package session

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// fakeClock is a clock the test moves by hand; sleep advances it.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

// keyboardAt is a Keyboard on a fake clock whose waits advance it and
// add up how long a stream was held.
func keyboardAt(c *fakeClock, held *time.Duration) *Keyboard {
	k := &Keyboard{now: c.now}
	k.sleep = func(ctx context.Context, d time.Duration) {
		*held += d
		c.t = c.t.Add(d)
	}
	return k
}

func TestStreamsWaitBrieflyAfterAKey(t *testing.T) {
	c := &fakeClock{t: time.Unix(1000, 0)}
	var held time.Duration
	k := keyboardAt(c, &held)
	k.wait(context.Background())
	if held != 0 {
		t.Fatalf("no key pressed, yet the stream waited %s", held)
	}
	k.Pressed()
	k.wait(context.Background())
	if held != keyHold {
		t.Fatalf("after a key the stream waited %s, want %s", held, keyHold)
	}
	held = 0
	k.wait(context.Background())
	if held != 0 {
		t.Fatalf("the hold was over, yet the stream waited %s more", held)
	}
}

// A hostile or stuck keyboard (auto-repeat, a paste arriving as keys)
// must never stop a stream: however fast keys come, a stream gets at
// least half of every window.
func TestKeysNeverHoldAStreamMoreThanHalfTheTime(t *testing.T) {
	c := &fakeClock{t: time.Unix(1000, 0)}
	var held time.Duration
	k := keyboardAt(c, &held)
	start := c.t
	for range 10000 { // a key every millisecond for 10 s
		k.Pressed()
		k.wait(context.Background())
		c.t = c.t.Add(time.Millisecond)
	}
	total := c.t.Sub(start)
	if held*2 > total+keyWindow {
		t.Fatalf("the stream was held %s of %s: more than half", held, total)
	}
	if held == 0 {
		t.Fatal("the stream was never held")
	}
}

// A stream being stopped must not sit out a hold: the wait ends with its
// context (were it ignored, this would sleep for an hour).
func TestAStoppedStreamDoesNotWaitForTheKeyboard(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sleepCtx(ctx, time.Hour) // returns at once, or the test times out
	c := &fakeClock{t: time.Unix(1000, 0)}
	var held time.Duration
	k := keyboardAt(c, &held)
	k.Pressed()
	k.wait(ctx)
	if held != 0 {
		t.Errorf("a stopped stream waited %v for the keyboard", held)
	}
}

func TestNoKeyboardNeverWaits(t *testing.T) {
	var k *Keyboard
	k.Pressed()
	k.wait(context.Background())
}

// A key typed while an answer streams makes the stream wait before its
// next event, and only then: the events around it arrive as they were.
func TestAStreamGivesWayToAKeyBetweenEvents(t *testing.T) {
	f := newFakeAgent(t, true)
	f.On("message/stream", func(w http.ResponseWriter, c rpcCall) {
		events(w, c, false,
			task("t1", "submitted"),
			chunk("t1", "a1", "Hello, ", false, false),
			chunk("t1", "a1", "world", true, true),
			status("t1", "completed", "done"))
	})
	clock := &fakeClock{t: time.Unix(1000, 0)}
	var held time.Duration
	k := keyboardAt(clock, &held)
	var heard []string
	k.sleep = func(ctx context.Context, d time.Duration) {
		heard = append(heard, "wait")
		held += d
		clock.t = clock.t.Add(d)
	}
	o := FollowOptions{GiveWay: k.wait, OnUpdate: func(u Update) {
		heard = append(heard, u.Event.Kind())
		if u.Event.Kind() == "artifact-update" && len(heard) == 2 {
			k.Pressed() // the person types while the first chunk shows
		}
	}}
	s, err := Exchange(context.Background(), client(t, f), hello(), o)
	if err != nil {
		t.Fatal(err)
	}
	if s.Text != "Hello, world" || s.State != "completed" {
		t.Fatalf("summary = %+v", s)
	}
	want := "task artifact-update wait artifact-update status-update"
	if got := strings.Join(heard, " "); got != want {
		t.Fatalf("heard %q, want %q", got, want)
	}
	if held != keyHold {
		t.Fatalf("held %s, want %s", held, keyHold)
	}
}

// Every conversation of the workspace gives way to its keyboard: the
// ones it starts, and the ones resumed at start, already streaming.
func TestWorkspaceConversationsGiveWayToItsKeyboard(t *testing.T) {
	const ref = "http://127.0.0.1:1/"
	k := &Keyboard{}
	w := NewWorkspace(WorkspaceOptions{Directory: testDirectory(DirectoryOptions{}), Keyboard: k}, []string{ref})
	started := w.NewConversation(w.Agents()[0])
	resumed := NewConversation(nil, "agent", nil)
	w.Resumed([]*Resumption{{Context: ContextInfo{Agent: AgentInfo{Ref: ref}}, Conversation: resumed}})
	for name, c := range map[string]*Conversation{"started": started, "resumed": resumed} {
		if c.keyboard.Load() != k {
			t.Errorf("the %s conversation does not give way to the workspace's keyboard", name)
		}
	}
}
