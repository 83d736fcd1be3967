package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/config"
)

// saveAgents writes the agent list to the config file, in the background.
// Entries from the file keep their settings (credentials stay env:VAR
// references); agents added in the app are written by name and URL. The
// in-process demo agent listens on a port of the moment, so it is left out.
func (m *Model) saveAgents() tea.Cmd {
	if m.opts.ConfigPath == "" {
		m.setStatus("No config file to save to.", true)
		return nil
	}
	cfg := config.Config{}
	if m.opts.Config != nil {
		cfg = *m.opts.Config
	}
	var agents []config.Agent
	used := map[string]bool{}
	for _, e := range m.entries {
		if e.ref == m.opts.DemoURL {
			continue
		}
		var a config.Agent
		if old, ok := cfg.Agent(e.ref); ok && e.fromConfig {
			a = *old
		} else {
			a = config.Agent{URL: e.ref}
		}
		a.Name = uniqueName(configName(e.label()), used)
		agents = append(agents, a)
	}
	cfg.Agents = agents
	path := m.opts.ConfigPath
	m.opts.Config = &cfg
	for _, e := range m.entries {
		if e.ref != m.opts.DemoURL {
			e.fromConfig = true
		}
	}
	return func() tea.Msg { return configSavedMsg{err: config.Save(path, &cfg)} }
}

// configName makes a display name usable as a config name.
func configName(s string) string {
	s = strings.Join(strings.Fields(s), "-")
	if s == "" {
		s = "agent"
	}
	return s
}

func uniqueName(n string, used map[string]bool) string {
	name := n
	for i := 2; used[name]; i++ {
		name = fmt.Sprintf("%s-%d", n, i)
	}
	used[name] = true
	return name
}
