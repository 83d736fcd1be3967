package session

import (
	"cmp"
	"context"
	"errors"

	"github.com/parley-a2a/parley/a2aclient"
)

// ClientFor reaches a stored context's agent again: through the
// directory by the reference the user named it by (so config credentials
// apply), or, when its card can no longer be fetched but the agent
// answered the fetch, from the card stored with the context. A name
// that now reaches another agent is an AgentMovedError.
func ClientFor(ctx context.Context, dir *Directory, info ContextInfo) (*a2aclient.Client, error) {
	agent := info.Agent
	ref := cmp.Or(agent.Ref, agent.CardURL, agent.URL)
	if ref == "" {
		return nil, errors.New("the stored context does not say which agent it was with")
	}
	c, err := dir.Client(ctx, ref, Overrides{})
	if err == nil {
		if err := sameAgent(info.ID, agent, ref, c); err != nil {
			return nil, err
		}
		return c, nil
	}
	if errors.As(err, new(*a2aclient.ForeignOriginError)) {
		return c, err
	}
	var te *a2aclient.TransportError
	if errors.As(err, &te) || len(agent.Card) == 0 || ctx.Err() != nil {
		return nil, err
	}
	if c, cerr := StoredClient(dir, agent); cerr == nil {
		return c, nil
	}
	return nil, err
}

// StoredClient builds a client from the card stored with a context,
// without any network call: a stored conversation can be read, and
// written to once the agent is back, while the agent is unreachable.
func StoredClient(dir *Directory, agent AgentInfo) (*a2aclient.Client, error) {
	ref := cmp.Or(agent.Ref, agent.CardURL, agent.URL)
	if len(agent.Card) == 0 {
		return nil, errors.New("no card was stored with this context")
	}
	card, err := a2aclient.ParseCard(agent.Card, agent.CardURL)
	if err != nil {
		return nil, err
	}
	t, err := dir.Target(ref, Overrides{})
	if err != nil {
		return nil, err
	}
	if agent.ID != "" {
		// The stored card is the agent the conversation was with.
		t.Options.Identity = agent.ID
	}
	c, err := a2aclient.NewClient(card, t.Options)
	if err != nil {
		return nil, err
	}
	return c, checkOrigin(c, t, ref)
}
