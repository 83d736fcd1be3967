package session

import (
	"errors"
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/termsafe"
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
// Each agent is saved under its name (its label without the place that
// tells twins apart): SaveReport says which the config could not take.
func (w *Workspace) Save() (write func() error, report SaveReport, err error) {
	if w.o.ConfigPath == "" {
		return nil, report, ErrNoConfigFile
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
			report.Left++
		case !w.IsDemo(a):
			saving = append(saving, a)
		}
	}
	used := map[string]bool{}
	from := savedIndexes(cfg.Agents, saving)
	kept := make([]bool, len(cfg.Agents))
	for k, a := range saving {
		name, why := savedName(w.name(a), used)
		if why != "" {
			report.Renamed = append(report.Renamed, why)
		}
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
	report.Nothing = len(plan.add)+len(plan.rename)+len(plan.trust)+len(plan.remove) == 0 && len(cfg.Agents) == 0
	cfg.Agents = agents
	path := w.o.ConfigPath
	w.cfg = &cfg
	// Saved, each agent is shown by its config name, as it will be
	// at the next start.
	for k, a := range saving {
		a.Saved, a.Name = agents[k].Name, agents[k].Name
	}
	return func() error {
		_, err := config.Edit(path, plan.apply)
		return err
	}, report, nil
}

// SaveReport is what a save did that the user should hear of.
type SaveReport struct {
	// Left counts the agents left out: listed only for stored
	// conversations, never added.
	Left int
	// Renamed says, a sentence each, which name the config could not
	// take as shown, what it was saved as and why.
	Renamed []string
	// Nothing says no agent was there to save (only the built-in demo,
	// or agents of stored conversations) and none was in the file: the
	// file was left as it was.
	Nothing bool
}

// Summary is the save told in one line: where, and what was left out
// or renamed.
func (r SaveReport) Summary(path string) string {
	if r.Nothing {
		if r.Left > 0 {
			agents := "agents are"
			if r.Left == 1 {
				agents = "agent is"
			}
			return fmt.Sprintf("Nothing to save to %s: the %d %s listed from stored conversations only; add one's URL as an agent to save it.", path, r.Left, agents)
		}
		return "Nothing to save to " + path + ": the demo agent is built in and never saved; an agent you add is."
	}
	s := "Saved agents to " + path
	if r.Left > 0 {
		agents := "agents"
		if r.Left == 1 {
			agents = "agent"
		}
		s += fmt.Sprintf("; left out %d %s from stored conversations (add one's URL to keep it)", r.Left, agents)
	}
	s += "."
	for _, n := range r.Renamed {
		s += " " + n
	}
	return s
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

// ConfigName makes a display name usable in a file name: one word.
func ConfigName(s string) string {
	s = strings.Join(strings.Fields(s), "-")
	if s == "" {
		s = "agent"
	}
	return s
}

// savedName is the config name of an agent shown as shown: that name as
// it is, on one line, unless the config cannot take it (empty, a URL,
// or another agent's, used); why then says in a sentence what it
// is saved as and why, else it is "".
func savedName(shown string, used map[string]bool) (name, why string) {
	name = strings.Join(strings.Fields(termsafe.Line(shown)), " ")
	var reason string
	switch {
	case name == "":
		name, reason = "agent", "an agent needs a name in the config"
	case strings.Contains(name, "://"):
		name, reason = strings.ReplaceAll(name, "://", "-"), "a config name cannot be a URL"
	}
	base := name
	for i := 2; used[name]; i++ {
		name = fmt.Sprintf("%s %d", base, i)
		reason = fmt.Sprintf("another agent is saved as %q", base)
	}
	used[name] = true
	if reason != "" {
		why = fmt.Sprintf("%q is saved as %q: %s.", termsafe.Line(shown), name, reason)
	}
	return name, why
}
