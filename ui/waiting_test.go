package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	bad "github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/keys"
)

// startHostile opens the TUI on a hostile agent.
func startHostile(t *testing.T, srv *bad.Server, busy *BusyLog, env ...Env) *app {
	t.Helper()
	t.Cleanup(srv.Close)
	o := a2aclient.Options{PollInterval: 20 * time.Millisecond}
	if busy != nil {
		o.Retry.OnRetry = busy.Retry
	}
	dir := testDirectory(session.DirectoryOptions{Config: &config.Config{}, Client: o})
	o2 := Options{Directory: dir, Config: &config.Config{}, Agents: []string{srv.URL}, Keys: keys.Default(), Theme: "dark", Busy: busy}
	if len(env) > 0 {
		o2.Env = env[0]
	}
	m := New(o2)
	frames := &frameLog{}
	tm := teatest.NewTestModel(t, recorder{m: m, frames: frames},
		teatest.WithInitialTermSize(120, 36),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.TrueColor)))
	go m.bridge.run(tm.Send)
	a := &app{t: t, tm: tm, m: m, frames: frames, url: srv.URL}
	t.Cleanup(func() {
		a.key("ctrl+c", "ctrl+c") // the first asks while a task runs
		tm.WaitFinished(t, teatest.WithFinalTimeout(flowTimeout))
		m.bridge.stop()
	})
	a.ready()
	return a
}

// An agent that starts the task, then sends nothing: the footer counts
// the silence and names the key that stops it; esc stops following and
// offers to cancel the task on the agent.
func TestSilentWaitShowsTimerAndEscStops(t *testing.T) {
	a := startHostile(t, bad.Serve(bad.Fault{Mode: bad.SlowStream, Methods: []string{"message/stream"}, Pause: time.Hour}), nil, Env{SilentAfter: 100 * time.Millisecond})
	a.typeText("hi")
	a.key("enter")
	a.waitScreen("waiting for hostile · nothing new for", "esc stops")
	a.key("esc")
	a.waitScreen("Stopped streaming", "Task task-1 may still be running")
	a.waitState("the exchange to stop", func(m *Model) bool { return !m.current.Conv.Busy() })
	a.key("n")
	a.waitGone("waiting for hostile")
}

// An agent that never answers at all, not even with headers: the same
// count, and esc stops the wait.
func TestUnansweredSendShowsTimerAndEscStops(t *testing.T) {
	a := startHostile(t, bad.Serve(bad.Fault{Mode: bad.Silent, Methods: []string{"message/stream", "message/send"}}), nil, Env{SilentAfter: 100 * time.Millisecond})
	a.typeText("hi")
	a.key("enter")
	a.waitScreen("waiting for hostile · nothing new for")
	a.key("esc")
	a.waitState("the exchange to stop", func(m *Model) bool { return !m.current.Conv.Busy() })
	a.waitScreen("Stopped waiting for hostile; it had not started a task.")
}

// A busy agent is waited out, and the status line says so.
func TestBusyAgentShownInStatusLine(t *testing.T) {
	busy := NewBusyLog()
	a := startHostile(t, bad.Serve(bad.Fault{Mode: bad.Status, Methods: []string{"message/stream"}, Times: 1, Status: 503, RetryAfter: "1"}), busy)
	a.typeText("hi")
	a.key("enter")
	screen := a.waitScreen("Agent busy (HTTP 503), retrying in 1s (try 2 of 4).")
	a.taskState(a2aclient.StateCompleted)
	if strings.Contains(screen, "\x1b") {
		t.Fatal("escape in the stripped frame")
	}
}
