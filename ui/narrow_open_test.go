package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
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
