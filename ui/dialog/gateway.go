package dialog

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// AddAgent is the dialog's action: add this agent (its card's URL).
type AddAgent struct{ URL string }

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

// Gateway lists a gateway's agents; enter adds the one under the
// cursor and the list stays open for more.
type Gateway struct {
	keys    *keys.Map
	gateway string
	origin  string // the gateway's; an agent listed elsewhere names its own
	agents  []a2aclient.Agent
	cursor  int
	added   map[int]bool
	w, h    int // the screen's
}

// NewGateway lists the agents behind gateway (named as the agents
// pane names it), whose origin is origin.
func NewGateway(km *keys.Map, gateway, origin string, agents []a2aclient.Agent) *Gateway {
	return &Gateway{keys: km, gateway: gateway, origin: origin, agents: agents, added: map[int]bool{}}
}

// gatewayID names the list on the overlay.
const gatewayID = "gateway"

func (d *Gateway) Full() bool { return false }

func (d *Gateway) ID() string { return gatewayID }

func (d *Gateway) SetSize(w, h int) { d.w, d.h = w, h }

// Update moves the cursor, adds the agent under it (gatewayAdd) and
// closes.
func (d *Gateway) Update(msg tea.Msg) (tea.Cmd, component.Action) {
	key, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, nil
	}
	return d.key(key)
}

func (d *Gateway) key(msg tea.KeyPressMsg) (tea.Cmd, component.Action) {
	k := d.keys.Gateway
	switch {
	case key.Matches(msg, k.Close):
		return nil, component.Close{}
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
		return nil, AddAgent{URL: gatewayURL(d.agents[d.cursor])}
	}
	return nil, nil
}

func (d *Gateway) View(st *styles.Styles) string {
	w, h := d.w, d.h
	bw := min(max(w-10, 30), 90)
	inner := bw - 4
	// The heading wraps (at most three lines) rather than losing its end
	// at 80 columns.
	head := styles.WrapStyle(st.Text, fmt.Sprintf("%s is a gateway to %s; parley talks to the first. Add any of them:", termsafe.Line(d.gateway), styles.Plural(len(d.agents), "agent")), inner, 3)
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
		row = styles.Clip(row, inner)
		if i == d.cursor {
			row = st.Selected.Render(styles.Fit(row, inner))
		} else {
			row = st.Text.Render(row)
		}
		lines = append(lines, row)
	}
	k := d.keys.Gateway
	note := keys.JoinNotes(keys.FirstKey(k.Up)+"/"+keys.FirstKey(k.Down)+" pick", keys.Note(k.Add, ""), keys.Note(k.Close, ""))
	content := " " + strings.Join(lines, "\n ")
	return styles.Box(st, "Agents behind "+termsafe.Line(d.gateway), note, content, bw, min(len(lines)+2, h), true)
}
