package session

import (
	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
)

// TrustOrigin trusts origin with agent a's credentials for this run
// (origins.go holds the rule) and, when always, keeps it to be saved:
// the returned write adds it to the agent's trusted_origins in the
// config file, edited in place, and blocks. It is nil when there is no
// file to write now: no config file, or an agent not in it yet, which
// keeps the origin until the agent is saved (Save).
func (w *Workspace) TrustOrigin(a *Agent, origin string, always bool) (write func() error) {
	w.dir.TrustOrigin(a.Ref, origin)
	if !always {
		return nil
	}
	a.Trusted = append(a.Trusted, origin)
	if w.o.ConfigPath == "" || a.Saved == "" {
		return nil
	}
	if w.cfg != nil {
		cfg := *w.cfg
		cfg.Agents = append([]config.Agent(nil), cfg.Agents...)
		if c, ok := cfg.Agent(a.Saved); ok {
			c.TrustedOrigins = append([]string(nil), c.TrustedOrigins...)
			c.TrustOrigin(origin)
		}
		w.cfg = &cfg
	}
	path, name := w.o.ConfigPath, a.Saved
	return func() error {
		_, err := config.Edit(path, func(d *config.Doc) error { return d.AddAgentValues(name, "trusted_origins", origin) })
		return err
	}
}

// NamedOrigin is the origin of the URL agent a was named at: its config
// entry's, else its own.
func (w *Workspace) NamedOrigin(a *Agent) string {
	u := a.Ref
	if c := w.ConfigEntry(a.Ref); c != nil {
		u = c.URL
	}
	origin, _ := a2aclient.Origin(u)
	return origin
}
