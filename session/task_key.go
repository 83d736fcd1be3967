package session

import "github.com/parley-a2a/parley/a2aclient"

// TaskKey names a task: its id is the agent's choice, unique only within
// that agent.
type TaskKey struct {
	Agent a2aclient.AgentID
	Task  string
}
