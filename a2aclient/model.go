package a2aclient

import (
	"strings"
	"time"
)

// State is a task's lifecycle state, normalized across dialects
// (v0.3 REST and v1.0 spell them TASK_STATE_*, v0.3 gRPC says CANCELLED).
type State string

const (
	StateSubmitted     State = "submitted"
	StateWorking       State = "working"
	StateInputRequired State = "input-required"
	StateAuthRequired  State = "auth-required"
	StateCompleted     State = "completed"
	StateCanceled      State = "canceled"
	StateFailed        State = "failed"
	StateRejected      State = "rejected"
	StateUnknown       State = "unknown"
)

// ParseState accepts every spelling a dialect uses and maps anything it
// does not know to StateUnknown rather than failing: a server inventing a
// state must not break the conversation.
func ParseState(s string) State {
	k := strings.ToLower(strings.TrimSpace(s))
	k = strings.TrimPrefix(k, "task_state_")
	k = strings.ReplaceAll(k, "_", "-")
	switch k {
	case "submitted", "pending", "queued":
		return StateSubmitted
	case "working", "running", "in-progress":
		return StateWorking
	case "input-required":
		return StateInputRequired
	case "auth-required":
		return StateAuthRequired
	case "completed", "done", "succeeded":
		return StateCompleted
	case "canceled", "cancelled":
		return StateCanceled
	case "failed", "error":
		return StateFailed
	case "rejected":
		return StateRejected
	}
	return StateUnknown
}

// Terminal reports whether no further updates will follow.
func (s State) Terminal() bool {
	switch s {
	case StateCompleted, StateCanceled, StateFailed, StateRejected:
		return true
	}
	return false
}

// Interrupted reports whether the task waits for the user (more input or
// credentials); a stream ends there just as at a terminal state.
func (s State) Interrupted() bool {
	return s == StateInputRequired || s == StateAuthRequired
}

// Settled reports whether a stream or poll following the task should stop.
func (s State) Settled() bool { return s.Terminal() || s.Interrupted() }

// Role says who wrote a message.
type Role string

const (
	RoleUser  Role = "user"
	RoleAgent Role = "agent"
)

// PartKind tells text, file and data parts apart.
type PartKind string

const (
	PartText PartKind = "text"
	PartFile PartKind = "file"
	PartData PartKind = "data"
)

// Part is one piece of message or artifact content. Exactly one of Text,
// File or Data is meaningful, as told by Kind.
type Part struct {
	Kind PartKind
	Text string
	File *File
	Data any // decoded JSON: map[string]any, []any, string, float64, bool or nil
	// KeyOrder lists a data part's object keys in the order the agent
	// sent them (decoding into maps loses it), for laying out tables.
	KeyOrder []string
	Metadata map[string]any
}

// File is a file part's content: inline bytes or a URI, never both in
// practice, though a hostile server may send both.
type File struct {
	Name     string
	MimeType string
	Bytes    []byte
	URI      string
}

// TextPart is a convenience constructor for the common case.
func TextPart(s string) Part { return Part{Kind: PartText, Text: s} }

// Message is one turn of the conversation.
type Message struct {
	ID               string
	Role             Role
	Parts            []Part
	ContextID        string
	TaskID           string
	ReferenceTaskIDs []string
	Metadata         map[string]any
}

// Text joins the message's text parts.
func (m *Message) Text() string {
	if m == nil {
		return ""
	}
	return partsText(m.Parts)
}

func partsText(parts []Part) string {
	var b strings.Builder
	for _, p := range parts {
		if p.Kind == PartText {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// TaskStatus is a task's state with the message that explains it.
type TaskStatus struct {
	State     State
	Message   *Message
	Timestamp time.Time
}

// Artifact is an output of a task. ID identifies it across chunks; v0.1
// has no id, so its codec uses the artifact's index as the id.
type Artifact struct {
	ID          string
	Name        string
	Description string
	Parts       []Part
	Metadata    map[string]any
}

// Text joins the artifact's text parts.
func (a *Artifact) Text() string { return partsText(a.Parts) }

// Task is the unit of work an agent performs.
type Task struct {
	ID        string
	ContextID string
	Status    TaskStatus
	Artifacts []Artifact
	History   []Message
	Metadata  map[string]any
}

// StatusUpdate reports a task's new status. Final is the dialect's own
// end-of-stream flag, kept for the wire view; nothing should wait for it.
type StatusUpdate struct {
	TaskID    string
	ContextID string
	Status    TaskStatus
	Final     bool
	Metadata  map[string]any
}

// ArtifactUpdate carries an artifact or a chunk of one.
type ArtifactUpdate struct {
	TaskID    string
	ContextID string
	Artifact  Artifact
	Append    bool
	LastChunk bool
	Metadata  map[string]any
}

// Event is one item of a stream (or of a poll that noticed a change).
// Exactly one field is set.
type Event struct {
	Task     *Task
	Message  *Message
	Status   *StatusUpdate
	Artifact *ArtifactUpdate
}

// Kind names the event's kind for logs and JSON output.
func (e Event) Kind() string {
	switch {
	case e.Task != nil:
		return "task"
	case e.Message != nil:
		return "message"
	case e.Status != nil:
		return "status-update"
	case e.Artifact != nil:
		return "artifact-update"
	}
	return "empty"
}

// TaskID is the id of the task the event belongs to, "" if it names none.
func (e Event) TaskID() string {
	switch {
	case e.Task != nil:
		return e.Task.ID
	case e.Status != nil:
		return e.Status.TaskID
	case e.Artifact != nil:
		return e.Artifact.TaskID
	case e.Message != nil:
		return e.Message.TaskID
	}
	return ""
}

// Result is what a blocking send returns: a task, or a direct message.
type Result struct {
	Task    *Task
	Message *Message
}

// SendRequest is one outgoing message with its delivery options.
type SendRequest struct {
	// Message to send. Its ContextID and TaskID continue a conversation or
	// answer an interrupted task; empty ones start new ones. MessageID and
	// Role are filled in when empty.
	Message Message
	// NonBlocking asks the agent to return at once instead of waiting for
	// the task to settle. Blocking is the default because servers disagree
	// on it, so parley always says which it wants.
	NonBlocking         bool
	HistoryLength       *int
	AcceptedOutputModes []string
	PushConfig          *PushConfig
	Metadata            map[string]any
}

// PushConfig is a push-notification target for a task.
type PushConfig struct {
	ID              string
	TaskID          string
	URL             string
	Token           string
	AuthSchemes     []string
	AuthCredentials string
}

// ListTasksRequest filters a task listing (v1.0 only).
type ListTasksRequest struct {
	ContextID     string
	State         State
	PageSize      int
	PageToken     string
	HistoryLength *int
}

// TaskPage is one page of a task listing.
type TaskPage struct {
	Tasks         []Task
	NextPageToken string
	TotalSize     int
}
