package session

import "github.com/parley-a2a/parley/a2aclient"

// Agent is the identity of the agent the conversation is with: its
// contextId and task ids mean something only with it.
func (c *Conversation) Agent() a2aclient.AgentID {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.agent
}

func identityOf(c *a2aclient.Client) a2aclient.AgentID {
	if c == nil {
		return ""
	}
	return c.ID()
}
