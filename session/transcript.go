package session

import (
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// ItemKind says what a transcript item shows.
type ItemKind int

const (
	ItemUser     ItemKind = iota // a message the user sent
	ItemAgent                    // a message the agent sent
	ItemStatus                   // a task's state change, with its status message
	ItemArtifact                 // an artifact, growing while it streams
	ItemError                    // something went wrong; Text is one sentence
	ItemNotice                   // parley's own note: welcome, resumes, stops
	ItemThought                  // the agent's reasoning, shown apart from its reply
	ItemTool                     // a tool call the agent made: Name is its id, Text one line, Detail its output
)

// Item is one entry of a conversation's transcript. Items are values
// handed to the UI: a later change produces a new copy with a higher
// Version, so a renderer can cache by (Key, Version).
type Item struct {
	Key    string // stable across updates of the same item
	Seq    int    // position in the transcript
	Kind   ItemKind
	Time   time.Time
	TaskID string
	State  a2aclient.State // status items: the new state
	Text   string          // user/agent text, status message, error sentence, notice
	Detail string          // errors: what to do
	Err    error           // errors: the error itself, to offer sign-in on a 401
	Parts  []a2aclient.Part
	// Cut, on an artifact streamed into a conversation that releases
	// what is committed (ReleaseCommitted), is how many bytes in front
	// of its first part's text were let go of: the store has them, and
	// Parts[0].Text is the rest.
	Cut     int
	Name    string // artifact name
	Version int
	// Done means the item will not change again (a sealed artifact, a
	// finished message), so its render can be frozen.
	Done bool
	// Secret marks a user turn whose content was a credential; the text
	// shown is a placeholder and the secret is kept nowhere.
	Secret bool
	// Turn, on a user message, is what parley measured of the turn it
	// started, once that turn ended; nil before, or when not measured.
	Turn *Turn
}

// Emptied reports whether the item is an artifact that ended holding
// nothing: a preview whose answer came whole in another artifact (ADK's
// temporary artifact, a2aclient.ArtifactPreview). It has nothing to
// show, and the outputs leave it out.
func (it *Item) Emptied() bool {
	return it.Kind == ItemArtifact && it.Done && len(it.Parts) == 0 && it.Text == ""
}

// TaskInfo is one task of the conversation, for the task list.
type TaskInfo struct {
	ID         string
	ContextID  string
	Title      string // the user message that started it
	State      a2aclient.State
	StatusText string
	Started    time.Time
	Updated    time.Time
	// Following is true while parley streams or polls the task.
	Following bool
}
