// The agents pane's view of one of the Workspace's agents: the agent,
// what the pane keeps of it, and how it is named.

package ui

import (
	"strings"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// Where an agent's card resolution stands, in the Workspace's words.
const (
	agentResolving = session.AgentResolving
	agentReady     = session.AgentReady
	agentFailed    = session.AgentFailed
)

// agentEntry is one agent of the directory pane: the Workspace's agent,
// and what the pane keeps of it.
type agentEntry struct {
	*session.Agent
	example int // next example prompt to offer
}

// label is the agent's name as shown: the config name, else the card's.
func (e *agentEntry) label() string { return agentLabel(e.Agent) }

// agentLabel is the Workspace's Label: how the TUI names an agent.
func agentLabel(e *session.Agent) string {
	if e.Name != "" {
		return termsafe.Line(e.Name) // a config file's, as hostile as a card's
	}
	if e.Client != nil && e.Client.Agent().Name != "" {
		return cardText(e.Client.Agent().Name, 64, 1)
	}
	return refLabel(e.Ref)
}

// missingVariable names the environment variable e's credential should
// come from and does not: the agent needs a sign-in, it is not down.
func (e *agentEntry) missingVariable() (string, bool) {
	return session.MissingVariable(e.Err)
}

// examples lists the example prompts of every skill of the agent.
func (e *agentEntry) examples() []string {
	if e.Client == nil {
		return nil
	}
	var out []string
	for _, s := range e.Client.Agent().Skills {
		for _, ex := range s.Examples {
			if ex = strings.TrimSpace(termsafe.Line(ex)); ex != "" {
				out = append(out, ex)
			}
		}
	}
	return out
}
