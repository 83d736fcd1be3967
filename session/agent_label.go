package session

import (
	"net/url"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/termsafe"
)

// An agent has one label wherever parley names it (the TUI's panes,
// titles and status lines, the stored conversations, the commands'
// output): its name (AgentName), followed by where it is (AgentPlace)
// when another agent shown alongside has the same name, so two agents
// of one card name ("parley demo :4242", "parley demo :4343") are never
// taken for one. Labels computes them over the agents shown together.

// labelMax is the most runes of a card's name a label keeps: a card
// may name its agent at any length.
const labelMax = 64

// noTicks keeps a name from carrying the marks parley gives a verified
// signature: a card named "✓ bank" would pass for a verified one.
var noTicks = strings.NewReplacer("✓", "?", "✔", "?", "✅", "?", "☑", "?", "🗸", "?")

// AgentName is the name an agent goes by before any other agent is
// considered: the user's for it (its config name, or one given in the
// TUI), else its card's, else where it is (host and path). Every one is
// cleaned for one line of a terminal.
func AgentName(user, card, ref string) string {
	if n := strings.TrimSpace(termsafe.Line(user)); n != "" {
		return noTicks.Replace(n)
	}
	if n := strings.TrimSpace(termsafe.Line(card)); n != "" {
		if r := []rune(n); len(r) > labelMax {
			n = string(r[:labelMax-1]) + "…"
		}
		return noTicks.Replace(n)
	}
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil || u.Host == "" {
		return termsafe.Line(ref)
	}
	return termsafe.Line(u.Host + strings.TrimSuffix(u.Path, "/"))
}

// AgentPlace is where an agent is, as short as tells two agents of one
// name apart: ":4141/v0.3" on this machine, host and path elsewhere.
func AgentPlace(ref string) string {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil || u.Host == "" {
		return termsafe.Line(ref)
	}
	host := u.Host
	switch u.Hostname() {
	case "127.0.0.1", "localhost", "::1":
		host = ":" + u.Port()
	}
	return termsafe.Line(host + strings.TrimSuffix(u.Path, "/"))
}

// Labels labels agents shown together. Add each of them, then ask Of.
type Labels struct {
	names map[string]map[string]bool // name -> the places of the agents of that name
}

// Add counts an agent among those shown: its name (AgentName) and where
// it is (the URL it was named by; its identity will do). One agent
// added twice counts once.
func (l *Labels) Add(name, where string) {
	if l.names == nil {
		l.names = map[string]map[string]bool{}
	}
	if l.names[name] == nil {
		l.names[name] = map[string]bool{}
	}
	l.names[name][placeKey(where)] = true
}

// Parts are the two halves of an agent's label: its name, and its place
// when another agent added has the same name ("" when none has), so a
// narrow view may cut the name and keep the place.
func (l *Labels) Parts(name, where string) (string, string) {
	if len(l.names[name]) > 1 || (len(l.names[name]) == 1 && !l.names[name][placeKey(where)]) {
		return name, AgentPlace(where)
	}
	return name, ""
}

// Of is an agent's label: its name, and its place when another agent
// added has the same name.
func (l *Labels) Of(name, where string) string {
	n, p := l.Parts(name, where)
	if p == "" {
		return n
	}
	return n + " " + p
}

// placeKey is where an agent is, the same however its URL is spelled.
func placeKey(where string) string {
	if id, ok := a2aclient.IdentityOf(where, ""); ok {
		return string(id)
	}
	return strings.TrimSpace(where)
}

// StoredAgentName is the name of a stored conversation's agent: the
// config name it was named by, or the config entry at its address,
// else its card's name, else where it is.
func StoredAgentName(info AgentInfo, cfg *config.Config) string {
	if a := configEntry(cfg, info.Ref); a != nil {
		return AgentName(a.Name, "", "")
	}
	if cfg != nil && info.ID != "" {
		for _, a := range cfg.Agents {
			if id, ok := a2aclient.IdentityOf(a.URL, a.Tenant); ok && id == info.ID {
				return AgentName(a.Name, "", "")
			}
		}
	}
	if !strings.Contains(info.Ref, "://") && strings.TrimSpace(info.Ref) != "" && info.Name == "" {
		return AgentName(info.Ref, "", "")
	}
	return AgentName("", info.Name, storedWhere(info))
}

// storedWhere is the address a stored conversation's agent is known by.
func storedWhere(info AgentInfo) string {
	switch {
	case info.ID != "":
		return string(info.ID)
	case strings.Contains(info.Ref, "://"):
		return info.Ref
	}
	return info.URL
}

// StoredLabels labels the agents of stored conversations shown
// together with the config's agents, as the TUI would list them: Of
// then gives a conversation's agent its label.
func StoredLabels(list []ContextInfo, cfg *config.Config) func(AgentInfo) string {
	var l Labels
	if cfg != nil {
		for _, a := range cfg.Agents {
			l.Add(AgentName(a.Name, "", ""), a.URL)
		}
	}
	for _, c := range list {
		l.Add(StoredAgentName(c.Agent, cfg), storedWhere(c.Agent))
	}
	return func(info AgentInfo) string { return l.Of(StoredAgentName(info, cfg), storedWhere(info)) }
}

// StoredLabel is the label of a stored conversation's agent in this
// workspace (StoredLabelParts joined).
func (w *Workspace) StoredLabel(info AgentInfo) string {
	name, place := w.StoredLabelParts(info)
	if place == "" {
		return name
	}
	return name + " " + place
}

// StoredLabelParts are the halves of the label of a stored
// conversation's agent: the listed agent's when the workspace lists it,
// else its stored name (StoredAgentName), with its place when a listed
// agent has that name too.
func (w *Workspace) StoredLabelParts(info AgentInfo) (name, place string) {
	if a := w.findRef(info.Ref); a != nil {
		return w.LabelParts(a)
	}
	if a := w.findAt(info); a != nil {
		return w.LabelParts(a)
	}
	var l Labels
	for _, x := range w.agents {
		l.Add(w.name(x), w.where(x))
	}
	name, where := StoredAgentName(info, w.cfg), storedWhere(info)
	l.Add(name, where)
	return l.Parts(name, where)
}
