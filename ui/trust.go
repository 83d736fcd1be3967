package ui

import (
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/panes"
)

// askTrustMsg asks the question after a sign-in for an agent whose
// endpoint is on an untrusted origin; then runs once it is trusted.
type askTrustMsg struct {
	id   int
	fe   *a2aclient.ForeignOriginError
	then func(*Model)
}

func (askTrustMsg) Redraws() component.Redraw { return component.RedrawAll }

func (m *Model) onAskTrust(msg askTrustMsg) {
	if e := m.entryByID(msg.id); e != nil && !m.asking() {
		m.openTrust(e, msg.fe, msg.then)
	}
}

// openTrust asks whether e's credential may go to fe's origin; then is
// what waits for the answer (nil: resolve the agent again).
func (m *Model) openTrust(e *panes.Entry, fe *a2aclient.ForeignOriginError, then func(*Model)) {
	answer := func(trust, always bool) tea.Cmd {
		switch {
		case !trust:
			m.setStatus(fmt.Sprintf("Not sending %s's credential to %s; the agent is not used.", e.Label(), termsafe.Line(fe.Origin)), true)
			return nil
		case then == nil:
			return m.trustOrigin(e, fe.Origin, always, true)
		}
		cmd := m.trustOrigin(e, fe.Origin, always, false)
		then(m)
		return tea.Batch(cmd, m.startTicking())
	}
	m.ask(dialog.NewTrust(m.st, &m.keys, e.Label(), fe, m.ws.NamedOrigin(e.Agent), answer))
}

// askTrust opens the question for agent e, unless another prompt is up.
func (m *Model) askTrust(e *panes.Entry) {
	var fe *a2aclient.ForeignOriginError
	if m.asking() || !errors.As(e.Err, &fe) {
		return
	}
	m.openTrust(e, fe, nil)
}

// trustOrigin trusts origin with e's credentials for this run and, when
// always, in the config file too; then the agent is resolved again.
func (m *Model) trustOrigin(e *panes.Entry, origin string, always, resolve bool) tea.Cmd {
	write := m.ws.TrustOrigin(e.Agent, origin, always)
	var save tea.Cmd
	switch {
	case !always:
		m.setStatus(fmt.Sprintf("Trusted %s with %s's credential for this run.", termsafe.Line(origin), e.Label()), false)
	case write == nil:
		// Not in the config file yet: kept until the agent is saved.
		m.setStatus(fmt.Sprintf("Trusted %s with %s's credential; press w in Agents to keep it in the config file.", termsafe.Line(origin), e.Label()), false)
	default:
		path, label := m.ws.ConfigPath(), e.Label()
		m.setStatus(fmt.Sprintf("Trusted %s with %s's credential; saving it in %s.", termsafe.Line(origin), label, path), false)
		save = func() tea.Msg {
			if err := write(); err != nil {
				return component.StatusMsg{Text: "Could not save the trusted origin: " + err.Error(), IsErr: true}
			}
			return component.StatusMsg{Text: fmt.Sprintf("Saved %s as a trusted origin of %s in %s.", termsafe.Line(origin), label, path)}
		}
	}
	if !resolve {
		return save
	}
	// The save's result comes after the agent is resolved, so that a
	// note of its card (a redirect) does not hide whether it was saved.
	return tea.Batch(m.startTicking(), tea.Sequence(m.resolve(e), save))
}
