package ui

import (
	"net/http"
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
	bad "github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/keys"
)

// An agent whose name, skills, statuses, artifact and file names hold a
// right-to-left override, isolates and zero-width characters: no frame
// carries one of them (a terminal would draw them zero wide, or not at
// all, and every border after them would shift), every line of every
// frame is exactly as wide as the window, and the card's name shows what
// was hidden in it.
func TestSpoofedNamesKeepBordersStraight(t *testing.T) {
	srv := bad.Serve(
		bad.Fault{Mode: bad.Spoof, Methods: []string{"card", "message/stream", "message/send", "tasks/get"}, Times: 0},
		bad.Fault{Mode: bad.Status, Status: http.StatusInternalServerError, Body: bad.Spoofed})
	t.Cleanup(srv.Close)
	dir := testDirectory(session.DirectoryOptions{
		Config: &config.Config{},
		Client: a2aclient.Options{PollInterval: 20 * time.Millisecond},
	})
	m := New(Options{Directory: dir, Config: &config.Config{}, Agents: []string{srv.URL}, Keys: keys.Default(), Theme: "dark"})
	frames := &frameLog{}
	const width = 120
	var mu sync.Mutex
	var broken []string
	tm := teatest.NewTestModel(t, widthCheck{recorder: recorder{m: m, frames: frames}, width: width, mu: &mu, broken: &broken},
		teatest.WithInitialTermSize(width, 40),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.TrueColor)))
	go m.bridge.run(tm.Send)
	a := &app{t: t, tm: tm, m: m, frames: frames, url: srv.URL}
	t.Cleanup(func() {
		a.key("ctrl+c", "ctrl+c") // the first asks while a task runs
		tm.WaitFinished(t, teatest.WithFinalTimeout(flowTimeout))
		m.bridge.stop()
	})

	// The long name leaves the chat's title no room for " · new context ".
	a.waitState("the agent to be ready", func(m *Model) bool { return m.current != nil && m.current.Conv != nil })
	a.waitScreen("⟨U+202E⟩fdp.exe")
	a.typeText("hi")
	a.key("enter")
	a.taskState(a2aclient.StateCompleted)
	a.waitScreen("text " + bad.SpoofedClean)
	for _, k := range []string{"tab", "tab", "tab", "f1", "esc"} {
		a.key(k)
	}
	a.inspect(func(*Model) {})

	mu.Lock()
	defer mu.Unlock()
	if len(broken) > 0 {
		t.Fatalf("%d frames were out of line; the first: %s", len(broken), broken[0])
	}
}

// widthCheck checks each frame as drawn: no invisible rune, and every
// line as wide as the window.
type widthCheck struct {
	recorder
	width  int
	mu     *sync.Mutex
	broken *[]string
}

func (r widthCheck) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := r.recorder.Update(msg)
	return r, cmd
}

func (r widthCheck) View() tea.View {
	v := r.recorder.View()
	why := ""
	for _, c := range bad.Invisibles {
		if strings.Contains(v.Content, c) {
			why = "the frame holds " + ansi.Strip(strings.ReplaceAll(c, c, "an invisible rune"))
		}
	}
	for i, line := range strings.Split(ansi.Strip(v.Content), "\n") {
		if w := ansi.StringWidth(line); why == "" && w != r.width && line != "" {
			why = "line " + itoa(i) + " is " + itoa(w) + " wide: " + line
		}
	}
	if why != "" {
		r.mu.Lock()
		*r.broken = append(*r.broken, why)
		r.mu.Unlock()
	}
	return v
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}
