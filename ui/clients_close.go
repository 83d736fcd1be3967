package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
)

// clientsOf are the distinct clients an agent entry holds: its own and
// its conversation's (a stored conversation reopened brings its own).
func clientsOf(e *agentEntry) []*a2aclient.Client {
	var out []*a2aclient.Client
	add := func(c *a2aclient.Client) {
		for _, x := range out {
			if x == c {
				return
			}
		}
		if c != nil {
			out = append(out, c)
		}
	}
	add(e.client)
	if e.conv != nil {
		add(e.conv.Client())
	}
	return out
}

// closeClients releases the connections (gRPC's) of clients, off the
// update loop. A client closed while still referenced dials again when
// used, so closing never breaks a conversation, it only frees sockets.
func closeClients(clients []*a2aclient.Client) tea.Cmd {
	if len(clients) == 0 {
		return nil
	}
	return func() tea.Msg {
		for _, c := range clients {
			_ = c.Close()
		}
		return nil
	}
}

// closeAllClients releases every agent's connections when the program
// ends.
func (m *Model) closeAllClients() {
	for _, e := range m.entries {
		for _, c := range clientsOf(e) {
			_ = c.Close()
		}
	}
}
