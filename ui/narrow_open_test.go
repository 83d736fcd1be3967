package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// At 80x24 with the lists showing, opening a conversation shows its
// transcript, not Agents and Tasks over it.
func TestNarrowOpeningAConversationShowsTheChat(t *testing.T) {
	a := startApp(t, appOptions{store: openStore(t)})
	a.pinged()
	a.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	a.waitState("the narrow layout", func(m *Model) bool { return m.narrow() })
	a.key("ctrl+l")
	a.waitState("the lists shown", func(m *Model) bool { return m.narrowList })
	a.key("ctrl+o")
	a.waitScreen("Contexts · 1 ·")
	a.key("enter")
	a.waitScreen("Opened")
	a.waitState("the chat shown", func(m *Model) bool { return !m.narrowList })
}

// Contexts for one agent with none stored points at the key that shows
// every agent's.
func TestNoConversationsHintsAtAllAgents(t *testing.T) {
	st := styles.New(themes.Dark)
	km := keys.Default().Contexts
	v := newContextsView(st, km, nil, "http://127.0.0.1:1/", "a")
	v.setList(nil, nil, nil)
	screen := ansi.Strip(drawn(v, st, 100, 12))
	if !strings.Contains(screen, keys.FirstKey(km.AllAgent)+" shows every agent's") {
		t.Fatalf("no hint at the all-agents key:\n%s", screen)
	}
}
