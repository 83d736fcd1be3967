package ui

import (
	"net"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/ui/keys"
)

// An empty chat with a real agent (no first-run welcome) shows what its
// card says and its example prompts, as the demo's welcome does.
func TestFlowEmptyChatWelcomesARealAgent(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true})
	a.ready()
	screen := a.waitScreen("Try one of its example prompts", "• Book a flight to Lisbon")
	chat := chatColumn(screen)
	if !strings.Contains(chat, "A scripted demo agent built into parley") {
		t.Fatalf("the empty chat does not show the agent's description:\n%s", screen)
	}
	// A click on an example puts it in the composer.
	for y, line := range strings.Split(screen, "\n") {
		if strings.Contains(line, "• Book a flight to Lisbon") {
			a.tm.Send(click(60, y))
		}
	}
	a.waitState("the clicked example in the composer", func(m *Model) bool {
		return m.focus == focusComposer && m.composer.Value() == "Book a flight to Lisbon"
	})
	a.key("ctrl+u") // the readline kill: an empty composer again
	a.waitState("the composer emptied", func(m *Model) bool { return m.composer.Value() == "" })
	// Once something is said, the transcript takes the place.
	a.typeText("ping")
	a.key("enter")
	screen = a.waitScreen("pong: ping")
	if strings.Contains(screen, "Try one of its example prompts") {
		t.Fatalf("the welcome stays over the transcript:\n%s", screen)
	}
}

// An agent that cannot be reached says so in the chat, with what to do,
// once.
func TestFlowEmptyChatOfUnreachableAgentSaysWhatToDo(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := "http://" + l.Addr().String() + "/"
	l.Close() // nothing listens there now: the connection is refused
	a := startApp(t, appOptions{noWelcome: true, agents: func(string) []string { return []string{down} }})
	screen := a.waitScreen("is not reachable", "Check that the agent is running at "+down)
	chat := chatColumn(screen)
	if !strings.Contains(chat, "press enter to try again") || strings.Count(chat, "running") != 1 {
		t.Fatalf("the chat should say once what to do:\n%s", screen)
	}
}

// chatColumn keeps the right-hand pane of each line of a wide screen.
func chatColumn(screen string) string {
	var out []string
	for _, l := range strings.Split(screen, "\n") {
		if i := strings.Index(l, "││"); i >= 0 {
			out = append(out, l[i+len("││"):])
		}
	}
	return strings.Join(out, "\n")
}

// With no agent at all, the empty chat says how to add one.
func TestEmptyChatWithoutAgentsSaysHowToAddOne(t *testing.T) {
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default()})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	if screen := ansi.Strip(m.render()); !strings.Contains(screen, "No agent yet: tab to Agents, then a adds one by its URL.") {
		t.Fatalf("the empty chat does not say how to add an agent:\n%s", screen)
	}
}

// An agent named in the config that cannot be reached says where parley
// looked: the entry's address, not its name, and never the URL's query
// or user part, where a key may sit.
func TestUnreachableConfigAgentSaysWhereItLooked(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now: the connection is refused
	cfg := &config.Config{Agents: []config.Agent{{Name: "gone", URL: "http://user:pw@" + addr + "/a2a/?key=sk-live-123"}}}
	a := startApp(t, appOptions{noWelcome: true, cfg: cfg, configDir: t.TempDir(), agents: func(string) []string { return []string{"gone"} }})
	screen := a.waitScreen("is not reachable", "Check that the agent is running at http://"+addr+"/a2a/")
	if strings.Contains(screen, "running at gone") || strings.Contains(screen, "sk-live") || strings.Contains(screen, "user:pw") {
		t.Fatalf("the chat should name the entry's address, with no secret:\n%s", screen)
	}
}
