package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
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

// gatewayAdd is the dialog's action: add this agent (its card's URL).
type gatewayAdd struct{ url string }

// markAdded notes that the user just added agent e: once resolved, a
// gateway's agents are offered.
func (m *Model) markAdded(e *agentEntry) {
	if m.userAdded == nil {
		m.userAdded = map[int]bool{}
	}
	m.userAdded[e.ID] = true
}

// offerGateway lists the agents behind e when the user just added it and
// it is a gateway's list of agents rather than one agent.
func (m *Model) offerGateway(e *agentEntry) tea.Cmd {
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
func (m *Model) listGateway(e *agentEntry) tea.Cmd {
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
		m.setStatus(fmt.Sprintf("Could not list the agents behind %s: %s", e.label(), sentence(termsafe.Line(msg.err.Error()))), true)
		return
	}
	if len(msg.agents) < 2 {
		return // the one it lists is the one added
	}
	origin := ""
	if e.Client != nil {
		origin, _ = a2aclient.Origin(e.Client.Endpoint().URL)
	}
	m.push(&gatewayDialog{keys: &m.keys, gateway: e.label(), origin: origin, agents: msg.agents, added: map[int]bool{}})
}

// gatewayURL is where to add a listed agent from: its card, which names
// the agent's own endpoint.
func gatewayURL(a a2aclient.Agent) string {
	if a.CardURL != "" {
		return a.CardURL
	}
	if len(a.Interfaces) > 0 {
		return a.Interfaces[0].URL
	}
	return ""
}

// addable says whether a listed agent's URL is one the user could type
// (http or https, a host, no user or password in it).
func addable(a a2aclient.Agent) bool {
	_, err := session.AgentURL(gatewayURL(a))
	return err == nil
}

// gatewayDialog lists a gateway's agents; enter adds the one under the
// cursor and the list stays open for more.
type gatewayDialog struct {
	keys    *KeyMap
	gateway string
	origin  string // the gateway's; an agent listed elsewhere names its own
	agents  []a2aclient.Agent
	cursor  int
	added   map[int]bool
}

func (d *gatewayDialog) Full() bool                    { return false }
func (d *gatewayDialog) Update(tea.Msg) (tea.Cmd, any) { return nil, nil }

func (d *gatewayDialog) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, any) {
	k := d.keys.Gateway
	switch {
	case key.Matches(msg, k.Close):
		return nil, closeDialog{}
	case key.Matches(msg, k.Up):
		d.cursor = max(d.cursor-1, 0)
	case key.Matches(msg, k.Down):
		d.cursor = min(d.cursor+1, len(d.agents)-1)
	case key.Matches(msg, k.Add):
		if d.added[d.cursor] {
			return nil, nil
		}
		if !addable(d.agents[d.cursor]) {
			return nil, nil // nothing to add: its row says why
		}
		d.added[d.cursor] = true
		return nil, gatewayAdd{url: gatewayURL(d.agents[d.cursor])}
	}
	return nil, nil
}

func (d *gatewayDialog) View(st *Styles, w, h int) string {
	bw := min(max(w-10, 30), 90)
	inner := bw - 4
	// The heading wraps (at most three lines) rather than losing its end
	// at 80 columns.
	head := wrapStyle(st.Text, fmt.Sprintf("%s is a gateway to %s; parley talks to the first. Add any of them:", termsafe.Line(d.gateway), plural(len(d.agents), "agent")), inner, 3)
	lines := append(head, "")
	// A list can be thousands long: only the rows that fit are drawn, the
	// cursor's among them.
	rows := max(min(h, len(d.agents)+len(head)+3)-len(head)-3, 1)
	first := min(max(d.cursor-rows/2, 0), max(len(d.agents)-rows, 0))
	for i := first; i < min(first+rows, len(d.agents)); i++ {
		a := d.agents[i]
		mark := " " // the cursor shows without colour too
		if i == d.cursor {
			mark = "›"
		}
		if d.added[i] {
			mark += "✓ "
		} else {
			mark += "  "
		}
		row := mark + termsafe.Line(a.Name)
		// The gateway chose where each agent lives: one on another
		// origin says so, so the user does not take it for the gateway's.
		if o, ok := a2aclient.Origin(gatewayURL(a)); !ok || !addable(a) {
			row += " · no usable http(s) URL"
		} else if o != d.origin {
			row += " · at " + termsafe.Line(o)
		}
		if a.Description != "" {
			row += " — " + termsafe.Line(a.Description)
		}
		row = clip(row, inner)
		if i == d.cursor {
			row = st.Selected.Render(fit(row, inner))
		} else {
			row = st.Text.Render(row)
		}
		lines = append(lines, row)
	}
	k := d.keys.Gateway
	note := joinNotes(firstKey(k.Up)+"/"+firstKey(k.Down)+" pick", keyNote(k.Add, ""), keyNote(k.Close, ""))
	content := " " + strings.Join(lines, "\n ")
	return box(st, "Agents behind "+termsafe.Line(d.gateway), note, content, bw, min(len(lines)+2, h), true)
}
