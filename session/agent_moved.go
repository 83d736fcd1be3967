package session

import (
	"fmt"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
)

// AgentMovedError is a stored conversation whose agent is no longer the
// one its name now reaches: the config entry's url changed, or AGENT
// named another agent. The conversation's contextId and task ids are
// its agent's, so parley sends them nowhere else.
type AgentMovedError struct {
	Context int64             // parley's number for the conversation
	Was     a2aclient.AgentID // the agent the conversation is with
	Now     a2aclient.AgentID // the agent the name reaches now
	Ref     string            // the name
}

func (e *AgentMovedError) Error() string {
	if id, ok := a2aclient.IdentityOf(e.Ref, ""); ok && id == e.Now || e.Ref == "" {
		// Named by its URL: the name says nothing more.
		return fmt.Sprintf("conversation %d is with the agent at %s, not the one at %s; parley sent nothing there",
			e.Context, termsafe.Line(string(e.Was)), termsafe.Line(string(e.Now)))
	}
	return fmt.Sprintf("conversation %d is with the agent at %s, and %s now reaches the one at %s; parley sent nothing there",
		e.Context, termsafe.Line(string(e.Was)), termsafe.Line(e.Ref), termsafe.Line(string(e.Now)))
}

// Hint says what to do.
func (e *AgentMovedError) Hint() string {
	return "Start a new conversation with this agent (leave out --context), or continue this one with the agent it was with: parley send " +
		termsafe.ShellWord(string(e.Was)) + fmt.Sprintf(" TEXT --context %d.", e.Context)
}

// sameAgent checks that c talks to the agent of a stored conversation.
// A conversation parley could not name an agent for (stored before it
// kept identities, by a URL it cannot read) is taken as its client's.
func sameAgent(id int64, stored AgentInfo, ref string, c *a2aclient.Client) error {
	if stored.ID == "" || c == nil || c.ID() == stored.ID {
		return nil
	}
	return &AgentMovedError{Context: id, Was: stored.ID, Now: c.ID(), Ref: ref}
}
