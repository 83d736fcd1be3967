package ui

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/wire"
)

// flowTimeout is how long a flow step may take. It is generous because the
// race detector on a busy CI machine is slow; a passing step takes
// milliseconds.
const flowTimeout = 20 * time.Second

// frameSep separates frames in the frame log's byte stream.
const frameSep = "\f"

// frameLog keeps every distinct frame the program drew, colour
// stripped, and offers them as a stream for teatest.WaitFor.
type frameLog struct {
	mu   sync.Mutex
	all  []string
	last string
	buf  bytes.Buffer
}

func (l *frameLog) add(frame string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if frame == l.last {
		return
	}
	l.last = frame
	l.all = append(l.all, frame)
	l.buf.WriteString(frameSep + frame)
}

// Read hands out frames not read yet.
func (l *frameLog) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Read(p)
}

func (l *frameLog) latest() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.last
}

func (l *frameLog) frames() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.all...)
}

// recorder wraps the root model: it logs each frame View draws and runs
// inspections inside the program's own goroutine, so tests read the
// model's state without racing the event loop.
type recorder struct {
	m      *Model
	frames *frameLog
}

// inspectMsg runs f on the model inside Update.
type inspectMsg struct {
	f    func(*Model)
	done chan struct{}
}

func (r recorder) Init() tea.Cmd { return r.m.Init() }

func (r recorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if in, ok := msg.(inspectMsg); ok {
		in.f(r.m)
		close(in.done)
		return r, nil
	}
	_, cmd := r.m.Update(msg)
	return r, cmd
}

func (r recorder) View() tea.View {
	v := r.m.View()
	r.frames.add(ansi.Strip(v.Content))
	return v
}

// app is parley running in teatest against an in-process demo agent.
type app struct {
	t       *testing.T
	tm      *teatest.TestModel
	m       *Model
	frames  *frameLog
	url     string // the demo agent's base URL, no trailing slash
	wire    *wire.Log
	welcome bool
}

// appOptions tweak startApp.
type appOptions struct {
	w, h      int
	path      string // agent path under the demo agent, e.g. "/secure/"
	demo      demoagent.Options
	noWelcome bool // skip the first-run welcome, for smaller goldens
	// For sign-in tests: a handler in front of the demo agent, the agents
	// to open instead of the demo's path, a config (with its directory,
	// where the credentials file goes), a store and a browser opener.
	wrap      func(http.Handler) http.Handler
	agents    func(demoURL string) []string
	cfg       *config.Config
	configDir string
	store     *store.Store
	openURL   func(string) error
	// env is the clock and waits the model runs with.
	env Env
	// prepare runs once the demo agent serves, before parley starts (to
	// leave a task running in the store); a context id it returns is
	// opened at start, as --context does.
	prepare func(demoURL string) int64
}

// startApp serves the demo agent on loopback (no pacing, so streams
// finish at once) and opens parley on it with the first-run welcome,
// as `parley --demo` does.
func startApp(t *testing.T, o appOptions) *app {
	t.Helper()
	if o.w == 0 {
		o.w, o.h = 120, 36
	}
	var h http.Handler = demoagent.New(o.demo).Handler()
	if o.wrap != nil {
		h = o.wrap(h)
	}
	srv := httptest.NewServer(h)
	wire := wire.NewLog()
	cfg, cfgPath := o.cfg, ""
	if cfg == nil {
		cfg = &config.Config{}
	}
	if o.configDir != "" {
		cfgPath = filepath.Join(o.configDir, "config.toml")
	}
	dir := testDirectory(session.DirectoryOptions{
		Config: cfg, ConfigPath: cfgPath,
		Client: a2aclient.Options{HTTPClient: srv.Client(), Wire: wire.Observe, PollInterval: 20 * time.Millisecond},
	})
	path := o.path
	if path == "" {
		path = "/"
	}
	agents := []string{srv.URL + path}
	if o.agents != nil {
		agents = o.agents(srv.URL)
	}
	var open int64
	if o.prepare != nil {
		open = o.prepare(srv.URL)
	}
	m := New(Options{
		Directory: dir, Config: cfg, ConfigPath: cfgPath, Agents: agents, Keys: keys.Default(),
		Theme: "dark", Welcome: !o.noWelcome, Wire: wire, DemoURL: srv.URL + "/", Store: o.store, OpenURL: o.openURL,
		OpenContext: open, Env: o.env,
	})
	frames := &frameLog{}
	tm := teatest.NewTestModel(t, recorder{m: m, frames: frames},
		teatest.WithInitialTermSize(o.w, o.h),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
	// What ui.Run does besides running the program.
	go m.bridge.run(tm.Send)
	wire.Notify(tm.Send)
	a := &app{t: t, tm: tm, m: m, frames: frames, url: srv.URL, wire: wire, welcome: !o.noWelcome}
	t.Cleanup(func() {
		// Twice: while a task runs the first asks (quit.go); both stop
		// every conversation's streams.
		a.key("ctrl+c", "ctrl+c")
		tm.WaitFinished(t, teatest.WithFinalTimeout(flowTimeout))
		m.bridge.stop()
		srv.CloseClientConnections()
		srv.Close()
	})
	return a
}

// waitScreen waits until the newest frame shows every one of texts, and
// returns that frame.
func (a *app) waitScreen(texts ...string) string {
	a.t.Helper()
	return a.waitFrame(fmt.Sprintf("the screen to show %q", texts), func(screen string) bool {
		for _, x := range texts {
			if !strings.Contains(screen, x) {
				return false
			}
		}
		return true
	})
}

// waitGone waits until the newest frame no longer shows text.
func (a *app) waitGone(text string) string {
	a.t.Helper()
	return a.waitFrame(fmt.Sprintf("%q to leave the screen", text), func(screen string) bool {
		return !strings.Contains(screen, text)
	})
}

// waitFrame waits until the newest frame satisfies cond, and returns it.
func (a *app) waitFrame(what string, cond func(screen string) bool) string {
	a.t.Helper()
	// Frames drawn before this call were read by earlier waits; start
	// from the newest one, which is still on screen.
	screen := a.frames.latest()
	tb := shortFailTB{TB: a.t, msg: func() string {
		return fmt.Sprintf("waited %s for %s; the screen:\n%s", flowTimeout, what, a.frames.latest())
	}}
	teatest.WaitFor(tb, a.frames, func(b []byte) bool {
		// b holds every frame read in this wait; only the last matters.
		if i := bytes.LastIndex(b, []byte(frameSep)); i >= 0 {
			screen = string(b[i+len(frameSep):])
		}
		return cond(screen)
	}, teatest.WithDuration(flowTimeout), teatest.WithCheckInterval(10*time.Millisecond))
	return screen
}

// shortFailTB replaces teatest.WaitFor's failure, which prints every
// frame so far, with the newest frame only.
type shortFailTB struct {
	testing.TB
	msg func() string
}

func (s shortFailTB) Fatal(...any) {
	s.TB.Helper()
	s.TB.Fatal(s.msg())
}

// waitState waits until cond holds for the model, read inside Update.
func (a *app) waitState(what string, cond func(*Model) bool) {
	a.t.Helper()
	deadline := time.Now().Add(flowTimeout)
	for {
		var ok bool
		a.inspect(func(m *Model) { ok = cond(m) })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("waited %s for %s; the screen:\n%s", flowTimeout, what, a.frames.latest())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// inspect runs f on the model inside the program's event loop.
func (a *app) inspect(f func(*Model)) {
	a.t.Helper()
	done := make(chan struct{})
	a.tm.Send(inspectMsg{f: f, done: done})
	select {
	case <-done:
	case <-time.After(flowTimeout):
		a.t.Fatalf("the program did not answer within %s; the screen:\n%s", flowTimeout, a.frames.latest())
	}
}

// ready waits until the current agent's card is in and the welcome is
// on screen.
func (a *app) ready() {
	a.t.Helper()
	a.waitState("the agent to be ready", func(m *Model) bool {
		return m.current != nil && m.current.Conv != nil
	})
	if a.welcome {
		a.waitScreen("Welcome to parley")
	} else {
		a.waitScreen(" · new context ")
	}
}

// pinged waits for the agent, sends "ping" and waits until the demo's
// answer is in and the exchange is over: one exchange, stored when the
// app has a store, for the flows that go on from it.
func (a *app) pinged() {
	a.t.Helper()
	a.ready()
	a.typeText("ping")
	a.key("enter")
	a.waitScreen("pong: ping")
	a.waitState("the exchange to end", func(m *Model) bool { return !m.current.Conv.Busy() })
}

// pingedContexts is pinged, then ctrl+o: the conversations dialog
// listing the one stored context.
func (a *app) pingedContexts() {
	a.t.Helper()
	a.pinged()
	a.key("ctrl+o")
	a.waitScreen("Contexts · 1 ·")
}

// key presses one key by its name as key bindings spell it.
func (a *app) key(names ...string) {
	for _, n := range names {
		a.tm.Send(keyEvent(n))
	}
}

// typeText types text into whatever has focus.
func (a *app) typeText(s string) { a.tm.Type(s) }

// tasks returns the current conversation's tasks.
func (a *app) tasks() []session.TaskInfo {
	var out []session.TaskInfo
	a.inspect(func(m *Model) {
		if m.current != nil && m.current.Conv != nil {
			out = m.current.Conv.Tasks()
		}
	})
	return out
}

// taskState waits until the newest task reaches state.
func (a *app) taskState(state a2aclient.State) session.TaskInfo {
	a.t.Helper()
	var got session.TaskInfo
	a.waitState("a task "+string(state), func(m *Model) bool {
		if m.current == nil || m.current.Conv == nil {
			return false
		}
		for _, t := range m.current.Conv.Tasks() {
			if t.State == state {
				got = t
				return true
			}
		}
		return false
	})
	return got
}

// assertTerminalSafe fails on what would drive or deceive a terminal
// (uitest.AssertTerminalSafe).
func assertTerminalSafe(t *testing.T, s string) {
	t.Helper()
	uitest.AssertTerminalSafe(t, s)
}

// keyEvent is the key press a key's name stands for (uitest.Key).
func keyEvent(name string) tea.KeyPressMsg { return uitest.Key(name) }

// expandWire opens the wire view and expands every entry, so a test can
// look for a secret in all the traffic, headers and bodies whole.
func (a *app) expandWire() {
	a.t.Helper()
	a.key("f2")
	a.waitScreen("Wire · ")
	n := len(a.wire.Records())
	a.key("g")
	for range n {
		a.key("enter", "j")
	}
	a.inspect(func(*Model) {}) // the keys reach Update in order: every entry is expanded
	a.inspect(func(*Model) {}) // drawn
}
