package session

import (
	"context"
	"errors"

	"github.com/parley-a2a/parley/a2aclient"
)

// WithExtendedCard fetches the authenticated extended card when the
// agent's card offers one, and returns a client that describes the agent
// with it (more skills, once signed in). Without an offer, or when the
// agent has none configured after all, it returns c and false.
func WithExtendedCard(ctx context.Context, c *a2aclient.Client) (*a2aclient.Client, bool, error) {
	if !c.Agent().Capabilities.ExtendedCard {
		return c, false, nil
	}
	ext, err := c.ExtendedCard(ctx)
	switch {
	case errors.Is(err, a2aclient.ErrExtendedCardUnavailable), errors.Is(err, a2aclient.ErrUnsupportedOperation), errors.Is(err, a2aclient.ErrMethodNotFound):
		return c, false, nil
	case err != nil:
		return c, false, err
	}
	return c.WithCard(ext), true, nil
}
