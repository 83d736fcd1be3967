package session

import (
	"errors"
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/config"
)

// ErrNoConfigFile is Save's answer when there is no config file to save
// to.
var ErrNoConfigFile = errors.New("no config file to save to")

// Save plans writing the agent list to the config file, and returns the
// write, which blocks (run it off the owner's loop). The file is edited
// in place with the changes made since it was read: agents added (by
// name and URL), renamed or removed. Every other line, comment and
// setting stays, including changes another parley made to the file
// meanwhile. The in-process demo agent listens on a port of the moment,
// so it is left out; so are agents listed only for a stored conversation
// or a resumed task, which the user never added: left counts them.
// Each agent's config name is made from the name it is shown by (Label).
func (w *Workspace) Save() (write func() error, left int, err error) {
	if w.o.ConfigPath == "" {
		return nil, 0, ErrNoConfigFile
	}
	cfg := config.Config{}
	if w.cfg != nil {
		cfg = *w.cfg
	}
	var plan agentsPlan
	var agents []config.Agent
	var saving []*Agent
	for _, a := range w.agents {
		switch {
		case a.Stored:
			left++
		case !w.IsDemo(a):
			saving = append(saving, a)
		}
	}
	used := map[string]bool{}
	from := savedIndexes(cfg.Agents, saving)
	kept := make([]bool, len(cfg.Agents))
	for k, a := range saving {
		name := uniqueName(ConfigName(w.Label(a)), used)
		i := from[k]
		if i < 0 {
			c := config.Agent{Name: name, URL: a.Ref, TrustedOrigins: a.Trusted}
			plan.add = append(plan.add, c)
			agents = append(agents, c)
			continue
		}
		kept[i] = true
		c := cfg.Agents[i]
		if c.Name != name {
			plan.rename = append(plan.rename, [2]string{c.Name, name})
			c.Name = name
		}
		if len(a.Trusted) > 0 {
			plan.trust = append(plan.trust, trustPlan{name: name, origins: a.Trusted})
		}
		agents = append(agents, c)
	}
	for i, c := range cfg.Agents {
		if !kept[i] {
			plan.remove = append(plan.remove, c.Name)
		}
	}
	cfg.Agents = agents
	path := w.o.ConfigPath
	w.cfg = &cfg
	for k, a := range saving {
		a.Saved = agents[k].Name
	}
	return func() error {
		_, err := config.Edit(path, plan.apply)
		return err
	}, left, nil
}

// savedIndexes finds the config entry each agent of the list came from
// (-1 for none): by the name it has in the file, then by URL.
func savedIndexes(agents []config.Agent, list []*Agent) []int {
	from := make([]int, len(list))
	taken := make([]bool, len(agents))
	for k, a := range list {
		from[k] = -1
		for i, c := range agents {
			if !taken[i] && a.Saved != "" && c.Name == a.Saved {
				from[k], taken[i] = i, true
				break
			}
		}
	}
	for k, a := range list {
		for i, c := range agents {
			if from[k] < 0 && !taken[i] && c.URL == a.Ref {
				from[k], taken[i] = i, true
				break
			}
		}
	}
	return from
}

// agentsPlan is what was changed in the agent list since the file was
// read, to be applied to the file as it is now.
type agentsPlan struct {
	remove []string
	rename [][2]string // old name, new name
	add    []config.Agent
	trust  []trustPlan
}

// trustPlan is origins the user chose to always trust with an agent's
// credentials (workspace_trust.go), added to its trusted_origins.
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

// ConfigName makes a display name usable as a config name (and in a
// file name).
func ConfigName(s string) string {
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
