package ui

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/ui/keys"
)

// Golden frames of each pane, cut from the real program running against
// the demo agent at a fixed size with a fixed theme and colour stripped.
// `go test ./ui -run TestGolden -update` rewrites them.

// updating reports whether -update was given. The flag belongs to
// x/exp/golden, which teatest imports.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// requireGolden compares got with testdata/golden/<name>.golden.
func requireGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".golden")
	if updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run `go test ./ui -run %s -update` to create it)", err, t.Name())
	}
	if string(want) != got {
		t.Fatalf("%s differs from the screen (rerun with -update if the change is intended)\nwant:\n%s\ngot:\n%s", path, want, got)
	}
}

// What changes from run to run: the clock, elapsed seconds and the ids
// the agent assigns. Each is masked cell for cell, so boxes stay aligned.
var (
	clockRE = regexp.MustCompile(`· \d\d:\d\d`)
	// A clock cut by a narrow column keeps its hour and maybe a digit.
	cutClockRE = regexp.MustCompile(`· \d\d:\d?`)
	elapsedRE  = regexp.MustCompile(`· \d+s\b`)
	shortIDRE  = regexp.MustCompile(`[0-9a-f]{4}…[0-9a-f]{3}`)
	// The demo agent signs its cards with a key made at start.
	demoKidRE = regexp.MustCompile(`demo-[0-9a-f]{8}`)
)

func stable(screen string) string {
	screen = clockRE.ReplaceAllString(screen, "· hh:mm")
	screen = cutClockRE.ReplaceAllStringFunc(screen, func(s string) string {
		return "· hh:" + strings.Repeat("m", len(s)-len("· 00:"))
	})
	screen = elapsedRE.ReplaceAllStringFunc(screen, func(s string) string {
		return regexp.MustCompile(`\d`).ReplaceAllString(s, "N")
	})
	screen = demoKidRE.ReplaceAllString(screen, "demo-xxxxxxxx")
	return shortIDRE.ReplaceAllString(screen, "xxxx…xxx")
}

// cut returns the cells [x, x+w) of lines [y, y+h) of a frame.
func cut(screen string, x, y, w, h int) string {
	lines := strings.Split(screen, "\n")
	var out []string
	for i := y; i < y+h && i < len(lines); i++ {
		out = append(out, ansi.Cut(lines[i], x, x+w))
	}
	return strings.Join(out, "\n") + "\n"
}

// layoutOf reads the pane rectangles the program laid out.
func (a *app) layoutOf() (r rects, width, height int) {
	a.inspect(func(m *Model) { r, width, height = m.rects(), m.width, m.height })
	return r, width, height
}

func TestGoldenAgentsPane(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.key("tab", "tab")
	screen := a.waitScreen("enter use agent")
	r, _, _ := a.layoutOf()
	requireGolden(t, "agents", stable(cut(screen, 0, 0, r.leftW, r.agentsH)))
}

func TestGoldenTasksPane(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true})
	a.ready()
	for _, prompt := range []string{"Show me the itinerary data", "Fail on purpose", "Book a flight to Lisbon"} {
		a.typeText(prompt)
		a.key("enter")
		a.waitScreen("> Message the agent…")
		a.waitState("the exchange to settle", func(m *Model) bool { return !m.current.Conv.Busy() })
	}
	a.taskState(a2aclient.StateInputRequired)
	// The pane lists the new task before it has the keys, so its cursor
	// rests on it, a task c may cancel (the failed one offers no c).
	a.waitScreen("? input ")
	a.key("tab", "tab", "tab")
	screen := a.waitScreen("enter open • c cancel task", "? input ", "✗ failed ", "✓ completed ")
	r, _, _ := a.layoutOf()
	requireGolden(t, "tasks", stable(cut(screen, 0, r.agentsH, r.leftW, r.tasksH)))
}

func TestGoldenComposer(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true, w: 100, h: 24})
	a.ready()
	a.typeText("Book a flight to Lisbon")
	a.key("enter")
	a.waitScreen("(input-required)")
	a.typeText("From Berlin,")
	a.key("alt+enter")
	a.typeText("on the 10th")
	screen := a.waitScreen("on the 10th")
	r, w, h := a.layoutOf()
	requireGolden(t, "composer", stable(cut(screen, 0, h-r.composerH-1, w, r.composerH+1)))
}

func TestGoldenChatConversation(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true, w: 100, h: 30})
	a.ready()
	a.typeText("ping")
	a.key("enter")
	a.waitScreen("pong: ping")
	a.typeText("Book a flight to Lisbon")
	a.key("enter")
	a.waitScreen("Where are you flying from, and when?")
	a.typeText("From Berlin on the 10th")
	a.key("enter")
	screen := a.waitScreen("Your flight is booked.")
	r, _, _ := a.layoutOf()
	requireGolden(t, "chat", stable(cut(screen, r.leftW, 0, r.chatW, r.chatH)))
}

func TestGoldenHelpOverlay(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.key("f1")
	requireGolden(t, "help", stable(a.waitScreen("parley · keys"))+"\n")
}

func TestGoldenNarrowLayout(t *testing.T) {
	a := startApp(t, appOptions{w: 80, h: 24})
	a.ready()
	a.typeText("ping")
	a.key("enter")
	requireGolden(t, "narrow", stable(a.waitScreen("pong: ping"))+"\n")
}

func TestGoldenNarrowLists(t *testing.T) {
	a := startApp(t, appOptions{w: 80, h: 24})
	a.ready()
	a.key("ctrl+l")
	requireGolden(t, "narrow-lists", stable(a.waitScreen("╭─ Agents ", "╭─ Tasks "))+"\n")
}

func TestHelpScrollsWhenTheTerminalIsSmall(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(tea.KeyPressMsg{Code: tea.KeyF1})
	first := ansi.Strip(m.render())
	if !strings.Contains(first, "scroll") || strings.Contains(first, "copy id") {
		t.Fatalf("first page of help:\n%s", first)
	}
	seen := false             // the tasks' keys, on some page on the way
	for i := 0; i < 20; i++ { // enough half pages for the whole help
		m.Update(tea.KeyPressMsg{Code: tea.KeyPgDown})
		seen = seen || strings.Contains(ansi.Strip(m.render()), "copy id")
	}
	last := ansi.Strip(m.render())
	if !seen || !strings.Contains(last, "canceled or rejected") {
		t.Fatalf("last page of help:\n%s", last)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	m.Update(tea.KeyPressMsg{Code: tea.KeyF1})
	if again := ansi.Strip(m.render()); again != first {
		t.Errorf("help reopened scrolled:\n%s", again)
	}
}
