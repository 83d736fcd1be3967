package jsonout

import "time"

// ContextJSON is a stored context in `parley contexts --json` and in
// exports.
type ContextJSON struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title"`
	Name      string    `json:"name,omitempty"`
	Agent     string    `json:"agent"`
	AgentRef  string    `json:"agentRef"`
	AgentURL  string    `json:"agentUrl,omitempty"`
	CardURL   string    `json:"cardUrl,omitempty"`
	Dialect   string    `json:"dialect,omitempty"`
	ContextID string    `json:"contextId"`
	Created   time.Time `json:"created"`
	Updated   time.Time `json:"updated"`
	LastState string    `json:"lastState"`
	Messages  int       `json:"messages"`
}

// ItemJSON is one transcript item.
type ItemJSON struct {
	Key     string     `json:"key"`
	Seq     int        `json:"seq"`
	Kind    string     `json:"kind"`
	Time    time.Time  `json:"time"`
	TaskID  string     `json:"taskId,omitempty"`
	State   string     `json:"state,omitempty"`
	Text    string     `json:"text,omitempty"`
	Detail  string     `json:"detail,omitempty"`
	Name    string     `json:"name,omitempty"`
	Parts   []PartJSON `json:"parts,omitempty"`
	Version int        `json:"version"`
	Done    bool       `json:"done"`
	Secret  bool       `json:"secret,omitempty"`
	// Turn, on a user's message, is how the turn it started went.
	Turn *TurnJSON `json:"turn,omitempty"`
}

// TaskInfoJSON is one task of a context.
type TaskInfoJSON struct {
	ID         string    `json:"id"`
	ContextID  string    `json:"contextId,omitempty"`
	Title      string    `json:"title,omitempty"`
	State      string    `json:"state"`
	StatusText string    `json:"statusText,omitempty"`
	Started    time.Time `json:"started"`
	Updated    time.Time `json:"updated"`
}

// TranscriptJSON is a whole context: `parley contexts show --json` and
// the JSON export.
type TranscriptJSON struct {
	Type    string         `json:"type"` // "context"
	Context ContextJSON    `json:"context"`
	Tasks   []TaskInfoJSON `json:"tasks"`
	Items   []ItemJSON     `json:"items"`
}
