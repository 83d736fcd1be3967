package session

import (
	"fmt"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// ContextInfo is one stored context, as the contexts list shows it.
type ContextInfo struct {
	ID    int64 // parley's own id for the context, stable and short
	Agent AgentInfo
	// ContextID is the agent's contextId, empty until the agent gives
	// one (and for agents without contexts).
	ContextID string
	Title     string // the first user message, on one line
	Name      string // a name the user gave, if any
	Created   time.Time
	Updated   time.Time
	// LastState is the state of the most recently changed task, or
	// "message" after a direct reply, or "error".
	LastState string
	Messages  int // user and agent messages
}

// Label is what a list shows: the user's name for the context, else its
// title.
func (c ContextInfo) Label() string {
	if c.Name != "" {
		return c.Name
	}
	if c.Title != "" {
		return c.Title
	}
	return "(untitled)"
}

// AgentInfo says which agent a context is with, enough to reach it again:
// by the reference the user gave, or from the stored card without
// fetching it.
type AgentInfo struct {
	// ID is the agent's identity: what its contextId and task ids are
	// looked up with.
	ID      a2aclient.AgentID
	Name    string // the card's name
	Ref     string // the config name or URL the user named the agent by
	URL     string // the endpoint parley used
	CardURL string
	Card    []byte // the card as served; only OpenContext fills it
	Dialect a2aclient.Dialect
}

// AgentInfoOf describes the agent behind a client reached as ref.
func AgentInfoOf(ref string, c *a2aclient.Client) AgentInfo {
	a := c.Agent()
	return AgentInfo{ID: c.ID(), Name: a.Name, Ref: ref, URL: c.Endpoint().URL, CardURL: a.CardURL, Card: a.Raw, Dialect: c.Dialect()}
}

// Kind names, as stored and exported.
var itemKindNames = map[ItemKind]string{
	ItemUser: "user", ItemAgent: "agent", ItemStatus: "status",
	ItemArtifact: "artifact", ItemError: "error", ItemNotice: "notice",
	ItemThought: "thought", ItemTool: "tool",
}

// String is the kind's name: user, agent, status, artifact, error, notice.
func (k ItemKind) String() string {
	if s, ok := itemKindNames[k]; ok {
		return s
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// ParseItemKind reads a kind's name; unknown names read as notices, so a
// newer parley's items still show.
func ParseItemKind(s string) ItemKind {
	for k, name := range itemKindNames {
		if name == s {
			return k
		}
	}
	return ItemNotice
}
