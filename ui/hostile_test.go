package ui

import (
	"net/http"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	bad "github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/wire"
)

// The whole program against an agent that puts terminal escape sequences
// in its card, its statuses, artifact names, file names, data keys and
// values and its error pages: no frame the program draws may carry any
// sequence but colour, in any pane.

// rawFrames checks each frame as drawn, before colour is stripped.
type rawFrames struct {
	recorder
	mu     *sync.Mutex
	broken *[]string
}

func (r rawFrames) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := r.recorder.Update(msg)
	return r, cmd
}

func (r rawFrames) View() tea.View {
	v := r.recorder.View()
	if why := uitest.NotOnlySGR(v.Content); why != "" {
		r.mu.Lock()
		*r.broken = append(*r.broken, why)
		r.mu.Unlock()
	}
	return v
}

func TestHostileAgentNeverReachesTheTerminal(t *testing.T) {
	srv := bad.Serve(
		bad.Fault{Mode: bad.Hostile, Methods: []string{"card"}},
		bad.Fault{Mode: bad.Hostile, Methods: []string{"message/stream", "message/send", "tasks/get"}, Times: 1},
		bad.Fault{Mode: bad.Status, Status: http.StatusInternalServerError, ContentType: "text/html",
			Body: "<html><body><h1>" + bad.Evil + "</h1></body></html>"})
	t.Cleanup(srv.Close)
	wire := wire.NewLog()
	dir := testDirectory(session.DirectoryOptions{
		Config: &config.Config{},
		Client: a2aclient.Options{Wire: wire.Observe, PollInterval: 20 * time.Millisecond},
	})
	m := New(Options{Directory: dir, Config: &config.Config{}, Agents: []string{srv.URL}, Keys: keys.Default(), Theme: "dark", Wire: wire})
	frames := &frameLog{}
	var mu sync.Mutex
	var broken []string
	tm := teatest.NewTestModel(t, rawFrames{recorder: recorder{m: m, frames: frames}, mu: &mu, broken: &broken},
		teatest.WithInitialTermSize(120, 40),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.TrueColor)))
	go m.bridge.run(tm.Send)
	wire.Notify(tm.Send)
	a := &app{t: t, tm: tm, m: m, frames: frames, url: srv.URL, wire: wire}
	t.Cleanup(func() {
		a.key("ctrl+c", "ctrl+c") // the first asks while a task runs
		tm.WaitFinished(t, teatest.WithFinalTimeout(flowTimeout))
		m.bridge.stop()
	})

	a.ready()
	a.waitScreen("evil " + bad.EvilPlain)
	a.typeText("hi")
	a.key("enter")
	a.taskState(a2aclient.StateCompleted)
	a.waitScreen("text "+bad.EvilPlain, "name "+bad.EvilPlain, "status "+bad.EvilPlain)
	a.typeText("again")
	a.key("enter")
	a.waitScreen("HTTP 500")
	// Every pane and overlay that shows what the agent sent.
	for _, k := range []string{"tab", "tab", "tab", "f2", "g", "enter", "G", "enter", "f2", "f1", "esc"} {
		a.key(k)
	}
	a.inspect(func(*Model) {}) // the keys above are handled and drawn
	a.key("shift+tab")
	a.key("up", "up", "y", "enter")
	a.inspect(func(*Model) {})

	mu.Lock()
	defer mu.Unlock()
	if len(broken) > 0 {
		t.Fatalf("%d frames carried more than colour; the first: %s", len(broken), broken[0])
	}
}
