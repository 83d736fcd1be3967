package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

// A gateway fronts many agents, and its card names only the list of them:
// added by its URL, it talks to the first. So when an agent the user adds
// turns out to be a gateway listing more than one, gatewayDialog lists
// them all to add any of them.

// gatewayListedMsg carries the agents a gateway lists, for the agent
// (by id) the user added.
type gatewayListedMsg struct {
	id     int
	agents []a2aclient.Agent
	err    error
}

func (gatewayListedMsg) Redraws() component.Redraw { return component.RedrawAll }

// markAdded notes that the user just added agent e: once resolved, a
// gateway's agents are offered.
func (m *Model) markAdded(e *panes.Entry) {
	if m.userAdded == nil {
		m.userAdded = map[int]bool{}
	}
	m.userAdded[e.ID] = true
}

// offerGateway lists the agents behind e when the user just added it and
// it is a gateway's list of agents rather than one agent.
func (m *Model) offerGateway(e *panes.Entry) tea.Cmd {
	if !m.userAdded[e.ID] {
		return nil
	}
	delete(m.userAdded, e.ID)
	if e.Client == nil || !a2aclient.ListsAgents(e.Client.Endpoint()) {
		return nil
	}
	return m.listGateway(e)
}

// listGateway asks the gateway behind agent e for its agents.
func (m *Model) listGateway(e *panes.Entry) tea.Cmd {
	dir, ref, id := m.ws.Directory(), e.Ref, e.ID
	return func() tea.Msg {
		ctx, cancel := agentCtx()
		defer cancel()
		agents, err := dir.GatewayAgents(ctx, ref)
		return gatewayListedMsg{id: id, agents: agents, err: err}
	}
}

func (m *Model) onGatewayListed(msg gatewayListedMsg) {
	e := m.entryByID(msg.id)
	if e == nil {
		return
	}
	if msg.err != nil {
		m.setStatus(fmt.Sprintf("Could not list the agents behind %s: %s", e.Label(), styles.Sentence(termsafe.Line(msg.err.Error()))), true)
		return
	}
	if len(msg.agents) < 2 {
		return // the one it lists is the one added
	}
	origin := ""
	if e.Client != nil {
		origin, _ = a2aclient.Origin(e.Client.Endpoint().URL)
	}
	m.overlay.Open(dialog.NewGateway(&m.keys, e.Label(), origin, msg.agents))
}
