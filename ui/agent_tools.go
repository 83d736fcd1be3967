// The root's side of the two tools for people building agents, both on
// the agent under the agents pane's cursor: the doctor view (parley
// doctor's checks) and the raw console (parley raw's requests).

package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/doctor"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/panes"
)

// openDoctor opens the doctor view on agent e and starts its run:
// parley doctor's checks through the workspace's Directory, so the
// configured credentials apply on their trusted origins, recording
// nothing.
func (m *Model) openDoctor(e *panes.Entry) tea.Cmd {
	m.doctorRuns++
	dir, ref := m.ws.Directory(), e.Ref
	run := func(ctx context.Context, interfaces func([]string), emit func(doctor.Result)) error {
		return doctor.Run(ctx, doctor.Options{Directory: dir, Ref: ref, Overrides: session.Overrides{}, Interfaces: interfaces}, emit)
	}
	d := dialog.NewDoctor(&m.keys, e.ID, e.Label(), m.doctorRuns, run)
	m.overlay.Open(d)
	return d.Start()
}

// openRaw opens the raw console on agent e, sending through its client
// (its interface, headers and credentials) and offering its binding's
// requests; it is the one opened before while the agent's client is the
// same. An agent whose card is not fetched yet has no client to
// send with: the status line says so.
func (m *Model) openRaw(e *panes.Entry) tea.Cmd {
	c := e.Client
	if c == nil {
		m.setStatus(e.Label()+" is not reached yet: use it (enter) and open the raw console once its card is in.", true)
		return nil
	}
	if kept, ok := m.rawConsoles[e.ID]; ok && kept.client == c {
		m.overlay.Open(kept.console) // with the requests it keeps
		return nil
	}
	dl := c.Dialect()
	methods := a2aclient.RawMethods(dl)
	if dl.Binding() == a2aclient.BindingGRPC {
		methods = a2aclient.GRPCMethods(c.GRPCService())
	}
	d := dialog.NewRaw(m.st, &m.keys, e.ID, e.Label(), dl, methods, c.Raw)
	if m.rawConsoles == nil {
		m.rawConsoles = map[int]rawConsole{}
	}
	m.rawConsoles[e.ID] = rawConsole{client: c, console: d}
	m.overlay.Open(d)
	return nil
}

// rawConsole is an agent's raw console, kept while the agent keeps the
// client it sends with, so its requests are there when it opens again.
type rawConsole struct {
	client  *a2aclient.Client
	console *dialog.Raw
}
