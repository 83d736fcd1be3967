// Putting a credential to use: on the agent's client, then the refused
// request again or the task continued, and the extended card after.

package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// extendedCardMsg carries the authenticated extended card fetched after
// signing in.
type extendedCardMsg struct {
	entryID int
	from    *a2aclient.Client
	client  *a2aclient.Client
	ok      bool
}

// useCredential puts a credential on agent e's client (kept for clients
// built later, too), runs then (the retry, or the task continued), and
// fetches the extended card the agent offers to the signed in. An agent
// whose card fetch was refused is fetched again.
func (m *Model) useCredential(e *agentEntry, a a2aclient.Authenticator, then func(*Model)) tea.Cmd {
	dir := m.opts.Directory
	if e.client == nil {
		_, _ = dir.ApplyCredential(e.ref, nil, a, e.label()) // kept for the client built now
		e.status = agentResolving
		ref, id := e.ref, e.id
		return tea.Batch(m.startTicking(), func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cl, err := dir.ClientSignedIn(ctx, ref)
			return agentResolvedMsg{id: id, client: cl, err: err}
		})
	}
	cl, err := dir.ApplyCredential(e.ref, e.client, a, e.label())
	var fe *a2aclient.ForeignOriginError
	if err != nil && !errors.As(err, &fe) {
		m.setStatus("Could not apply the credential: "+err.Error(), true)
		return nil
	}
	e.client = cl
	if e.conv != nil {
		e.conv.SetClient(cl)
	}
	if fe != nil {
		// Its endpoint is on an origin the credential may not go to:
		// nothing was sent there; ask first (trust.go).
		id := e.id
		return func() tea.Msg { return askTrustMsg{id: id, fe: fe, then: then} }
	}
	if then != nil {
		then(m)
	}
	m.setStatus("Credential applied for "+e.label()+".", false)
	return tea.Batch(m.startTicking(), fetchExtendedCard(e.id, cl))
}

func fetchExtendedCard(entryID int, cl *a2aclient.Client) tea.Cmd {
	if !cl.Agent().Capabilities.ExtendedCard {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		ext, ok, err := session.WithExtendedCard(ctx, cl)
		if err != nil || !ok {
			return nil // the public card stays; nothing to tell
		}
		return extendedCardMsg{entryID: entryID, from: cl, client: ext, ok: ok}
	}
}

// onExtendedCard swaps in the extended card, unless the agent's client
// changed meanwhile (signed in again, removed).
func (m *Model) onExtendedCard(msg extendedCardMsg) {
	for _, e := range m.entries {
		if e.id != msg.entryID || e.client != msg.from {
			continue
		}
		before := len(e.client.Agent().Skills)
		e.client = msg.client
		if e.conv != nil {
			e.conv.SetClient(msg.client)
		}
		if n := len(msg.client.Agent().Skills); n != before {
			m.setStatus(fmt.Sprintf("Signed in to %s: its extended card lists %d skills.", e.label(), n), false)
		}
	}
}

// maybeSignIn opens the sign-in dialog for a refusal (401/403, or a
// token that could not be had) or a task that asks for authentication.
func (m *Model) maybeSignIn(it session.Item) tea.Cmd {
	e := m.current
	if e == nil || e.conv == nil || m.topPrompt() != nil {
		return nil
	}
	var ae *a2aclient.AuthError
	switch {
	case it.Kind == session.ItemError && (errors.As(it.Err, &ae) || errors.Is(it.Err, a2aclient.ErrAuthenticationRequired)):
		challenge := ""
		if ae != nil {
			challenge = ae.Challenge
		}
		m.openSignIn(e, challenge, nil, func(a a2aclient.Authenticator) tea.Cmd {
			return m.useCredential(e, a, func(*Model) { e.conv.Retry() })
		}, nil)
	case it.Kind == session.ItemStatus && it.State == a2aclient.StateAuthRequired:
		taskID := it.TaskID
		item := it
		m.openSignIn(e, "", &item, func(a a2aclient.Authenticator) tea.Cmd {
			return m.useCredential(e, a, func(*Model) { e.conv.SendCredentialTurn(taskID) })
		}, func() tea.Cmd {
			e.conv.SendCredentialTurn(taskID)
			return m.startTicking()
		})
	}
	return nil
}

// signInToCard opens the sign-in for an agent whose card fetch was
// refused; the credential then lets parley fetch it.
func (m *Model) signInToCard(e *agentEntry) {
	var ae *a2aclient.AuthError
	if m.topPrompt() != nil || !errors.As(e.err, &ae) {
		return
	}
	m.openSignIn(e, ae.Challenge, nil, func(a a2aclient.Authenticator) tea.Cmd {
		return m.useCredential(e, a, nil)
	}, nil)
}
