package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/ui/panes"
)

// rememberDialect records, once per client, the dialect the agent has
// answered in, so that the next start (the TUI or the command line) goes
// straight to it. The store is written in a command, off the update loop.
func (m *Model) rememberDialect(e *panes.Entry) tea.Cmd {
	if e == nil {
		return nil
	}
	write := m.ws.RememberDialect(e.Agent)
	if write == nil {
		return nil
	}
	return func() tea.Msg {
		write()
		return nil
	}
}
