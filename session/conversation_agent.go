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

// AgentName is the agent's display name.
func (c *Conversation) AgentName() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.agentName
}

// Client is the agent's client.
func (c *Conversation) Client() *a2aclient.Client {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.client
}

// SetClient replaces the client, e.g. after the user gave credentials.
func (c *Conversation) SetClient(cl *a2aclient.Client) {
	c.mu.Lock()
	c.client = cl
	c.mu.Unlock()
}
