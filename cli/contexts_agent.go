package cli

import (
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/internal/credname"
	"github.com/parley-a2a/parley/session"
)

// agentContexts lists the stored conversations with the agent the user
// named by name, as other commands take it (a config name, a URL
// however spelled) or as lists show it (its card's name), whichever of
// them a conversation was recorded under. known says parley knows such
// an agent even when it has no conversation with it.
func (c contextsCmd) agentContexts(name string) (list []session.ContextInfo, known bool, err error) {
	name = strings.TrimSpace(name)
	dir, err := c.r.directory()
	if err != nil {
		return nil, false, err
	}
	var ids []a2aclient.AgentID
	names := []string{name}
	if entry, _ := dir.Entry(name); entry != nil {
		known = true
		names = append(names, entry.Name, entry.URL)
		if id, ok := a2aclient.IdentityOf(entry.URL, entry.Tenant); ok {
			ids = append(ids, id)
		}
	}
	if u, err := session.AgentURL(name); err == nil && (strings.Contains(name, "://") || strings.ContainsAny(name, ".:[")) {
		if id, ok := a2aclient.IdentityOf(u, ""); ok {
			known = true
			ids = append(ids, id)
		}
	}
	// The label lists show (a card name with its place, for two agents
	// of one name) names the agent it labels, by its identity.
	if all, err := c.st.ListContexts("", ""); err == nil {
		label := c.labelsOf(all)
		for _, ci := range all {
			if label(ci.Agent) == name && ci.Agent.ID != "" {
				ids = append(ids, ci.Agent.ID)
			}
		}
	}
	list, err = c.st.AgentContexts(ids, names)
	return list, known || len(list) > 0, err
}

// labels names each stored conversation's agent as everywhere else
// (session.StoredLabels): among every agent of the store and the
// config, two of one name are told apart by where they are. A config
// that does not load names none of them.
func (c contextsCmd) labels() func(session.AgentInfo) string {
	all, _ := c.st.ListContexts("", "")
	return c.labelsOf(all)
}

// labelsOf is labels over all, every stored conversation.
func (c contextsCmd) labelsOf(all []session.ContextInfo) func(session.AgentInfo) string {
	var cfg *config.Config
	if _, err := c.r.directory(); err == nil {
		cfg = c.r.cfg
	}
	return session.StoredLabels(all, cfg)
}

// noAgent is the answer to --agent naming no agent parley knows.
func noAgent(name string) error {
	return usagef("contexts", "no agent %q: it is no config entry's name, no URL, and no stored conversation's agent is named so; 'parley contexts' lists every conversation with its agent",
		credname.RedactURL(strings.TrimSpace(name)))
}
