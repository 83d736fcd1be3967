package ui

import (
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
)

// saveAgents writes the agent list to the config file, in the background
// (Workspace.Save says what is written and what is left out).
func (m *Model) saveAgents() tea.Cmd {
	write, left, err := m.ws.Save()
	if errors.Is(err, session.ErrNoConfigFile) {
		m.setStatus("No config file to save to.", true)
		return nil
	}
	return func() tea.Msg {
		return configSavedMsg{err: write(), left: left}
	}
}
