package ui

import tea "charm.land/bubbletea/v2"

// rememberDialect records, once per client, the dialect the agent has
// answered in, so that the next start (the TUI or the command line) goes
// straight to it. The store is written in a command, off the update loop.
func (m *Model) rememberDialect(e *agentEntry) tea.Cmd {
	if e == nil || e.conv == nil || m.opts.Directory == nil {
		return nil
	}
	cl := e.conv.Client()
	if cl == nil || cl == e.remembered {
		return nil
	}
	if _, ok := cl.Learned(); !ok {
		return nil
	}
	e.remembered = cl
	dir := m.opts.Directory
	return func() tea.Msg {
		dir.Remember(cl)
		return nil
	}
}
