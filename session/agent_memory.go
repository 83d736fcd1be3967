package session

import "github.com/parley-a2a/parley/a2aclient"

// KnownAgent is an agent parley has talked to: its card's URL, and the
// endpoint and dialect that answered.
type KnownAgent struct {
	CardURL  string
	Endpoint string
	Dialect  a2aclient.Dialect
}

// AgentMemory keeps what parley learned about agents from one run to the
// next. The store is one; a Directory without one learns nothing.
type AgentMemory interface {
	// RecallAgent finds the agent a URL the user gave stands for: its
	// card's URL, its endpoint, or the base URL of a single known agent.
	RecallAgent(ref string) (KnownAgent, bool)
	RememberAgent(KnownAgent) error
}
