// Package panes is the side panes and the composer: Agents (a row per
// agent and the selected agent's card), Tasks (this chat's tasks, the
// agent's, or the two merged) and the Composer. Each keeps the component
// contract; the root gives them their size, their keys, the mouse over
// them and what they show, and acts on the actions they return. Entry
// is one agent as the agents pane keeps it.
package panes

import (
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// Entry is one agent of the directory pane: the Workspace's agent,
// and what the pane keeps of it.
type Entry struct {
	*session.Agent
	example int // next example prompt to offer
	// exampleSkill and skillNext are the skill e last took an example
	// from and its next one.
	exampleSkill, skillNext int
	// SignedIn says a credential was put to use for it in this run: its
	// card's security schemes no longer mean it needs a sign-in.
	SignedIn bool
	// Marked says it is marked for the compare view (ui/compare.go).
	Marked bool
}

// Label is the agent's one label (session's Agent.Label): its name, and
// where it is when another agent listed has the same name.
func (e *Entry) Label() string { return e.Agent.Label() }

// MissingVariable names the environment variable e's credential should
// come from and does not: the agent needs a sign-in, it is not down.
func (e *Entry) MissingVariable() (string, bool) {
	return session.MissingVariable(e.Err)
}

// NextExample is the agent's next example prompt, in turn, "" when its
// card lists none.
func (e *Entry) NextExample() string {
	ex := e.Examples()
	if len(ex) == 0 {
		return ""
	}
	x := ex[e.example%len(ex)]
	e.example++
	return x
}

// Examples lists the example prompts of every skill of the agent.
func (e *Entry) Examples() []string {
	if e.Client == nil {
		return nil
	}
	var out []string
	for _, s := range e.Client.Agent().Skills {
		out = append(out, skillExamples(s)...)
	}
	return out
}

// skillExample is the next of one skill's examples ex, in turn: a
// skill taken again goes on where it was.
func (e *Entry) skillExample(skill int, ex []string) string {
	if skill != e.exampleSkill {
		e.exampleSkill, e.skillNext = skill, 0
	}
	x := ex[e.skillNext%len(ex)]
	e.skillNext++
	return x
}

// skillExamples is a skill's example prompts as the composer takes them.
func skillExamples(s a2aclient.Skill) []string {
	var out []string
	for _, ex := range s.Examples {
		if ex = strings.TrimSpace(termsafe.Line(ex)); ex != "" {
			out = append(out, ex)
		}
	}
	return out
}
