package session

import (
	"context"

	"github.com/parley-a2a/parley/a2aclient"
)

// GatewayAgents lists the agents behind the gateway that ref (a config
// name or URL) reaches, asking with the settings and credentials parley
// reaches ref with, so a UI can offer each to add.
func (d *Directory) GatewayAgents(ctx context.Context, ref string) ([]a2aclient.Agent, error) {
	t, err := d.Target(ref, Overrides{})
	if err != nil {
		return nil, err
	}
	return a2aclient.ListGatewayAgents(ctx, t.URL, t.Options)
}
