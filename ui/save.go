package ui

import (
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/config"
)

// saveAgents writes the agent list to the config file, in the background.
// The file is edited in place with the changes made in the app since it
// was read: agents added (by name and URL), renamed or removed. Every
// other line, comment and setting stays, including changes another parley
// made to the file meanwhile. The in-process demo agent listens on a port
// of the moment, so it is left out; so are agents listed only for a
// stored conversation or a resumed task, which the user never added.
func (m *Model) saveAgents() tea.Cmd {
	if m.opts.ConfigPath == "" {
		m.setStatus("No config file to save to.", true)
		return nil
	}
	cfg := config.Config{}
	if m.opts.Config != nil {
		cfg = *m.opts.Config
	}
	var plan agentsPlan
	var agents []config.Agent
	var saving []*agentEntry
	left := 0
	for _, e := range m.entries {
		switch {
		case e.stored:
			left++
		case e.ref != m.opts.DemoURL:
			saving = append(saving, e)
		}
	}
	used := map[string]bool{}
	from := savedIndexes(cfg.Agents, saving)
	kept := make([]bool, len(cfg.Agents))
	for k, e := range saving {
		name := uniqueName(configName(e.label()), used)
		i := from[k]
		if i < 0 {
			a := config.Agent{Name: name, URL: e.ref, TrustedOrigins: e.trusted}
			plan.add = append(plan.add, a)
			agents = append(agents, a)
			continue
		}
		kept[i] = true
		a := cfg.Agents[i]
		if a.Name != name {
			plan.rename = append(plan.rename, [2]string{a.Name, name})
			a.Name = name
		}
		if len(e.trusted) > 0 {
			plan.trust = append(plan.trust, trustPlan{name: name, origins: e.trusted})
		}
		agents = append(agents, a)
	}
	for i, a := range cfg.Agents {
		if !kept[i] {
			plan.remove = append(plan.remove, a.Name)
		}
	}
	cfg.Agents = agents
	path := m.opts.ConfigPath
	m.opts.Config = &cfg
	for k, e := range saving {
		e.saved = agents[k].Name
	}
	return func() tea.Msg {
		_, err := config.Edit(path, plan.apply)
		return configSavedMsg{err: err, left: left}
	}
}

// savedIndexes finds the config entry each agent of the list came from
// (-1 for none): by the name it has in the file, then by URL.
func savedIndexes(agents []config.Agent, entries []*agentEntry) []int {
	from := make([]int, len(entries))
	taken := make([]bool, len(agents))
	for k, e := range entries {
		from[k] = -1
		for i, a := range agents {
			if !taken[i] && e.saved != "" && a.Name == e.saved {
				from[k], taken[i] = i, true
				break
			}
		}
	}
	for k, e := range entries {
		for i, a := range agents {
			if from[k] < 0 && !taken[i] && a.URL == e.ref {
				from[k], taken[i] = i, true
				break
			}
		}
	}
	return from
}

// agentsPlan is what the app changed in the agent list since the file was
// read, to be applied to the file as it is now.
type agentsPlan struct {
	remove []string
	rename [][2]string // old name, new name
	add    []config.Agent
	trust  []trustPlan
}

// trustPlan is origins the user chose to always trust with an agent's
// credentials (trust.go), added to its trusted_origins.
type trustPlan struct {
	name    string
	origins []string
}

func (p agentsPlan) apply(d *config.Doc) error {
	for _, name := range p.remove {
		if err := d.RemoveAgent(name); err != nil && !errors.Is(err, config.ErrNoAgent) {
			return err
		}
	}
	// Two steps, so that swapping two names never finds two entries
	// with one name in between.
	for i, r := range p.rename {
		if err := d.SetAgentKey(r[0], "name", fmt.Sprintf("parley-renaming-%d", i)); err != nil {
			return err
		}
	}
	for i, r := range p.rename {
		if err := d.SetAgentKey(fmt.Sprintf("parley-renaming-%d", i), "name", r[1]); err != nil {
			return err
		}
	}
	for _, t := range p.trust {
		if err := d.AddAgentValues(t.name, "trusted_origins", t.origins...); err != nil {
			return err
		}
	}
	for _, a := range p.add {
		if err := d.AppendAgent(a); err != nil {
			return err
		}
	}
	return nil
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
