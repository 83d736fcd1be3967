package session

import (
	"context"
	"errors"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
)

// ApplyCredential puts credential c to use for agent a: kept for every
// client built for it from now on, and on its client and conversation.
// An agent with no client yet (its card was refused) must be fetched
// again: refetch says so, and the owner calls SignedIn off its loop and
// applies that with Resolved. A *a2aclient.ForeignOriginError says the
// agent's endpoint is on an origin its credentials may not go to: the
// client was swapped all the same, nothing was sent there, and the
// caller asks the person (TrustOrigin) before going on. Any other error
// leaves the agent as it was.
func (w *Workspace) ApplyCredential(a *Agent, c Credential) (refetch bool, err error) {
	if a.Client == nil {
		_, _ = w.dir.applyCredential(a.Ref, nil, c.auth, w.Label(a)) // kept for the client built next
		a.Status = AgentResolving
		return true, nil
	}
	cl, err := w.dir.applyCredential(a.Ref, a.Client, c.auth, w.Label(a))
	if err != nil && !errors.As(err, new(*a2aclient.ForeignOriginError)) {
		return false, err
	}
	a.useClient(cl)
	return false, err
}

// useClient makes cl agent a's client, and its conversation's: signed
// in, or with the extended card.
func (a *Agent) useClient(cl *a2aclient.Client) {
	a.Client = cl
	if a.Conv != nil {
		a.Conv.SetClient(cl)
	}
}

// SignedIn fetches agent ref's card again once a credential was applied,
// with the extended card when the agent offers one to the signed in. It
// blocks.
func (w *Workspace) SignedIn(ctx context.Context, ref string) (*a2aclient.Client, error) {
	return w.dir.clientSignedIn(ctx, ref)
}

// ExtendedCard fetches the extended card the agent behind cl offers to
// the signed in; ok is false when there is none (the public card stays).
// It blocks; the owner applies it with ExtendedCardFetched. Its
// signature is checked here, as the public card's was when it was
// resolved, and against the public card's: the agents pane shows the
// card it replaces it with, ✓ and all.
func (w *Workspace) ExtendedCard(ctx context.Context, cl *a2aclient.Client) (*a2aclient.Client, bool) {
	if !cl.Agent().Capabilities.ExtendedCard {
		return nil, false
	}
	ext, ok, err := WithExtendedCard(ctx, cl)
	if err != nil || !ok {
		return nil, false
	}
	// The ✓ of the card shown: the extended card's own signature, held
	// to the public card's (a2aclient.VerifyExtendedCard).
	ext.VerifyExtendedCard(ctx, cl.VerifyCard(ctx))
	return ext, true
}

// ExtendedCardFetched swaps in the extended card fetched for agent a's
// client from, unless the client changed meanwhile (signed in again).
// It reports whether it did.
func (w *Workspace) ExtendedCardFetched(a *Agent, from, ext *a2aclient.Client) bool {
	if a == nil || a.Client != from {
		return false
	}
	a.useClient(ext)
	return true
}

// Retry sends the request agent a refused again, once signed in.
func (w *Workspace) Retry(a *Agent) { a.Conv.Retry() }

// ContinueTask continues the task of agent a that asked for
// authentication, once the person signed in.
func (w *Workspace) ContinueTask(a *Agent, taskID string) { a.Conv.SendCredentialTurn(taskID) }

// SignInNeeded says whether item it asks the person to sign in: a
// refusal (401/403, or a token that could not be had), with its
// challenge, or a task in auth-required (taskID set).
func SignInNeeded(it Item) (challenge, taskID string, ok bool) {
	var ae *a2aclient.AuthError
	switch {
	case it.Kind == ItemError && (errors.As(it.Err, &ae) || errors.Is(it.Err, a2aclient.ErrAuthenticationRequired)):
		if ae != nil {
			challenge = ae.Challenge
		}
		return challenge, "", true
	case it.Kind == ItemStatus && it.State == a2aclient.StateAuthRequired:
		return "", it.TaskID, true
	}
	return "", "", false
}

// NeedsSignIn says whether agent a failed for want of a credential: its
// card fetch was refused (challenge is the refusal's WWW-Authenticate),
// or the credential its config names is not set (MissingVariable).
func (a *Agent) NeedsSignIn() (challenge string, ok bool) {
	if a.Status != AgentFailed {
		return "", false
	}
	var ae *a2aclient.AuthError
	if errors.As(a.Err, &ae) {
		return ae.Challenge, true
	}
	_, ok = MissingVariable(a.Err)
	return "", ok
}

// MissingVariable names the environment variable err says is not set
// (a credential given as env:VAR in the config).
func MissingVariable(err error) (string, bool) {
	var ue *config.UnsetVariableError
	if errors.As(err, &ue) {
		return ue.Name, true
	}
	return "", false
}
