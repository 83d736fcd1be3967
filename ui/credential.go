// Putting a credential to use (the Workspace's ApplyCredential), then the
// refused request again or the task continued, and the extended card
// after.

package ui

import (
	"errors"
	"fmt"
	"os/exec"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

// extendedCardMsg carries the authenticated extended card fetched after
// signing in.
type extendedCardMsg struct {
	entryID int
	from    *a2aclient.Client
	client  *a2aclient.Client
}

func (extendedCardMsg) Redraws() component.Redraw { return component.RedrawAll }

// useCredential puts a credential on agent e's client (kept for clients
// built later, too), runs then (the retry, or the task continued), and
// fetches the extended card the agent offers to the signed in. An agent
// whose card fetch was refused is fetched again.
func (m *Model) useCredential(e *panes.Entry, c session.Credential, then func(*Model)) tea.Cmd {
	ws := m.ws
	refetch, err := ws.ApplyCredential(e.Agent, c)
	if refetch || err == nil {
		e.SignedIn = true // its "!" (needs sign-in) goes
	}
	if refetch {
		ref, id := e.Ref, e.ID
		return tea.Batch(m.startTicking(), func() tea.Msg {
			ctx, cancel := agentCtx()
			defer cancel()
			cl, err := ws.SignedIn(ctx, ref)
			return agentResolvedMsg{id: id, client: cl, err: err}
		})
	}
	var fe *a2aclient.ForeignOriginError
	if err != nil && !errors.As(err, &fe) {
		m.setStatus("Could not apply the credential: "+err.Error(), true)
		return nil
	}
	if fe != nil {
		// Its endpoint is on an origin the credential may not go to:
		// nothing was sent there; ask first (trust.go).
		id := e.ID
		return func() tea.Msg { return askTrustMsg{id: id, fe: fe, then: then} }
	}
	if then != nil {
		then(m)
	}
	m.setStatus("Credential applied for "+e.Label()+".", false)
	return tea.Batch(m.startTicking(), m.fetchExtendedCard(e.ID, e.Client))
}

func (m *Model) fetchExtendedCard(entryID int, cl *a2aclient.Client) tea.Cmd {
	if !cl.Agent().Capabilities.ExtendedCard {
		return nil
	}
	ws := m.ws
	return func() tea.Msg {
		ctx, cancel := agentCtx()
		defer cancel()
		ext, ok := ws.ExtendedCard(ctx, cl)
		if !ok {
			return nil // the public card stays; nothing to tell
		}
		return extendedCardMsg{entryID: entryID, from: cl, client: ext}
	}
}

// onExtendedCard swaps in the extended card, unless the agent's client
// changed meanwhile (signed in again, removed).
func (m *Model) onExtendedCard(msg extendedCardMsg) {
	e := m.entryByID(msg.entryID)
	if e == nil {
		return
	}
	before := len(msg.from.Agent().Skills)
	if !m.ws.ExtendedCardFetched(e.Agent, msg.from, msg.client) {
		return
	}
	if n := len(msg.client.Agent().Skills); n != before {
		m.setStatus(fmt.Sprintf("Signed in to %s: its extended card lists %s.", e.Label(), styles.Plural(n, "skill")), false)
	}
}

// openSignIn opens the sign-in dialog for agent e. challenge is the
// WWW-Authenticate of a refusal; it (an auth-required status) says what
// the agent asked, in text and data.
func (m *Model) openSignIn(e *panes.Entry, challenge string, it *session.Item, apply func(session.Credential) tea.Cmd, proceed func() tea.Cmd) {
	m.nextSignIn++
	o := dialog.SignInOptions{ID: m.nextSignIn, Agent: e.Label(), SignIn: m.ws.SignIn(e.Agent, challenge), Apply: apply, Proceed: proceed, Open: m.openLink}
	if it != nil {
		o.Asked = styles.ClipText(session.AuthTurnDetail(*it), 400)
		o.Links = session.AuthTurnLinks(*it)
	}
	if name, ok := e.MissingVariable(); ok {
		o.Asked = fmt.Sprintf("The config takes %s's credential from the environment variable %s, which is not set. Paste one here instead, or export it and restart parley.", e.Label(), termsafe.Line(name))
	}
	m.ask(dialog.NewSignIn(m.st, &m.keys, o))
}

// maybeSignIn opens the sign-in dialog for a refusal (401/403, or a
// token that could not be had) or a task that asks for authentication.
func (m *Model) maybeSignIn(it session.Item) tea.Cmd {
	e := m.current
	if e == nil || e.Conv == nil || m.asking() {
		return nil
	}
	challenge, taskID, ok := session.SignInNeeded(it)
	switch {
	case !ok:
	case taskID == "":
		m.openSignIn(e, challenge, nil, func(c session.Credential) tea.Cmd {
			return m.useCredential(e, c, func(*Model) { m.ws.Retry(e.Agent) })
		}, nil)
	default:
		item := it
		m.openSignIn(e, "", &item, func(c session.Credential) tea.Cmd {
			return m.useCredential(e, c, func(*Model) { m.ws.ContinueTask(e.Agent, taskID) })
		}, func() tea.Cmd {
			m.ws.ContinueTask(e.Agent, taskID)
			return m.startTicking()
		})
	}
	return nil
}

// signInToCard opens the sign-in for an agent whose card fetch was
// refused, or whose credential's variable is not set; the credential
// then lets parley fetch its card.
func (m *Model) signInToCard(e *panes.Entry) {
	challenge, ok := e.NeedsSignIn()
	if m.asking() || !ok {
		return
	}
	m.openSignIn(e, challenge, nil, func(c session.Credential) tea.Cmd {
		return m.useCredential(e, c, nil)
	}, nil)
}

// openLink opens an http(s) URL in the browser, in a command; the URL is
// always on screen too, so a failure only says so.
func (m *Model) openLink(u string) tea.Cmd {
	open := m.opts.OpenURL
	if open == nil {
		open = m.ws.OpenBrowser
	}
	return func() tea.Msg {
		if err := open(u); errors.Is(err, exec.ErrNotFound) {
			return component.StatusMsg{Text: "No program to open links is installed; the link is " + u + ".", IsErr: true}
		} else if err != nil {
			return component.StatusMsg{Text: "Could not open a browser (" + err.Error() + "); the link is " + u + ".", IsErr: true}
		}
		return nil
	}
}
