// Package jsonout is parley's JSON output: the JSON forms of the
// normalized model (parts, artifacts, messages, statuses, tasks, events),
// shared by `parley send --json`, the context store's records and
// export; the fast writers of event and result lines; and the cleaning
// that keeps what an agent sent from driving a terminal when a line is
// decoded (jq -r) or printed as it is. It knows the wire model
// (a2aclient) and nothing of sessions, stores or commands.
package jsonout

import (
	"encoding/json"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// JSON forms of the normalized model. They follow A2A's own spelling
// (kind, messageId, contextId, artifactId) without any one dialect's
// quirks.

// Outcome is how an exchange ended, as the result line shows it.
type Outcome struct {
	Dialect   a2aclient.Dialect
	ContextID string
	TaskID    string
	// State is a task state, or "message" for a direct reply.
	State string
	// Text joins the text parts of every assembled artifact, in order,
	// or of the reply message.
	Text string
	// StatusText is the text of the task's last status message: the
	// question when input is required, the reason when it failed.
	StatusText string
	Artifacts  []a2aclient.Artifact
	// Timings is what parley measured of the turn; nil when it did not.
	Timings *TimingsJSON
	// TraceID is the W3C trace id the turn's requests carried, when
	// parley sent one.
	TraceID string
}

// PartJSON is one part: {"kind":"text","text"}, {"kind":"data","data"},
// or {"kind":"file","name","mimeType","bytes" (base64) or "uri"}.
type PartJSON struct {
	Kind     string         `json:"kind"`
	Text     string         `json:"text,omitempty"`
	Data     any            `json:"data,omitempty"`
	Name     string         `json:"name,omitempty"`
	MimeType string         `json:"mimeType,omitempty"`
	Bytes    []byte         `json:"bytes,omitempty"`
	URI      string         `json:"uri,omitempty"`
	Metadata map[string]any `json:"metadata,omitempty"`

	// keyOrder is the data's key order as read back from JSON.
	keyOrder []string
}

// UnmarshalJSON reads a part and remembers the order of its data's keys,
// which decoding into maps loses.
func (p *PartJSON) UnmarshalJSON(b []byte) error {
	type plain PartJSON // without this method
	if err := json.Unmarshal(b, (*plain)(p)); err != nil {
		return err
	}
	if p.Kind == string(a2aclient.PartData) {
		var raw struct {
			Data json.RawMessage `json:"data"`
		}
		if json.Unmarshal(b, &raw) == nil {
			p.keyOrder = a2aclient.JSONKeyOrder(raw.Data)
		}
	}
	return nil
}

// MarshalJSON writes only the fields of the part's kind, and always the
// content field itself, even when empty: {"kind":"text","text":""}.
func (p PartJSON) MarshalJSON() ([]byte, error) {
	switch p.Kind {
	case string(a2aclient.PartText):
		return json.Marshal(struct {
			Kind     string         `json:"kind"`
			Text     string         `json:"text"`
			Metadata map[string]any `json:"metadata,omitempty"`
		}{p.Kind, p.Text, p.Metadata})
	case string(a2aclient.PartData):
		return json.Marshal(struct {
			Kind     string         `json:"kind"`
			Data     any            `json:"data"`
			Metadata map[string]any `json:"metadata,omitempty"`
		}{p.Kind, p.Data, p.Metadata})
	}
	type plain PartJSON // without this method
	return json.Marshal(plain(p))
}

// ArtifactJSON is an assembled artifact.
type ArtifactJSON struct {
	ArtifactID  string         `json:"artifactId"`
	Name        string         `json:"name,omitempty"`
	Description string         `json:"description,omitempty"`
	Parts       []PartJSON     `json:"parts"`
	Metadata    map[string]any `json:"metadata,omitempty"`
}

// MessageJSON is one turn of the conversation.
type MessageJSON struct {
	MessageID        string         `json:"messageId,omitempty"`
	Role             string         `json:"role"`
	Parts            []PartJSON     `json:"parts"`
	ContextID        string         `json:"contextId,omitempty"`
	TaskID           string         `json:"taskId,omitempty"`
	ReferenceTaskIDs []string       `json:"referenceTaskIds,omitempty"`
	Metadata         map[string]any `json:"metadata,omitempty"`
}

// StatusJSON is a task status.
type StatusJSON struct {
	State     string       `json:"state"`
	Message   *MessageJSON `json:"message,omitempty"`
	Timestamp *time.Time   `json:"timestamp,omitempty"`
}

// TaskJSON is a task snapshot.
type TaskJSON struct {
	ID        string         `json:"id"`
	ContextID string         `json:"contextId,omitempty"`
	Status    StatusJSON     `json:"status"`
	Artifacts []ArtifactJSON `json:"artifacts,omitempty"`
	History   []MessageJSON  `json:"history,omitempty"`
	Metadata  map[string]any `json:"metadata,omitempty"`
}

// EventJSON is one stream event: type is task, message, status-update or
// artifact-update, with the matching fields set.
type EventJSON struct {
	Type      string         `json:"type"`
	Task      *TaskJSON      `json:"task,omitempty"`
	Message   *MessageJSON   `json:"message,omitempty"`
	TaskID    string         `json:"taskId,omitempty"`
	ContextID string         `json:"contextId,omitempty"`
	Status    *StatusJSON    `json:"status,omitempty"`
	Final     bool           `json:"final,omitempty"`
	Artifact  *ArtifactJSON  `json:"artifact,omitempty"`
	Append    bool           `json:"append,omitempty"`
	LastChunk bool           `json:"lastChunk,omitempty"`
	Metadata  map[string]any `json:"metadata,omitempty"`
}

// ResultJSON is how an exchange ended; every field is always present.
type ResultJSON struct {
	Type       string         `json:"type"` // "result"
	Dialect    string         `json:"dialect"`
	ContextID  string         `json:"contextId"`
	TaskID     string         `json:"taskId"`
	State      string         `json:"state"`
	Text       string         `json:"text"`
	StatusText string         `json:"statusText"`
	Artifacts  []ArtifactJSON `json:"artifacts"`
	Timings    *TimingsJSON   `json:"timings,omitempty"`
	TraceID    string         `json:"traceId,omitempty"`
}

// PartToJSON converts a part, in the wire kind it travels as: a kind
// parley lifts out of a data part (a2aclient.LiftPart) is written as that
// data part, so --json and the store hold what the agent sent.
func PartToJSON(p a2aclient.Part) PartJSON {
	p = a2aclient.LowerPart(p)
	out := PartJSON{Kind: string(p.Kind), Metadata: p.Metadata}
	switch p.Kind {
	case a2aclient.PartText:
		out.Text = p.Text
	case a2aclient.PartData:
		out.Data = p.Data
		if len(p.KeyOrder) > 0 {
			out.Data = orderedData{v: p.Data, order: p.KeyOrder}
		}
	case a2aclient.PartFile:
		if p.File != nil {
			out.Name, out.MimeType, out.Bytes, out.URI = p.File.Name, p.File.MimeType, p.File.Bytes, p.File.URI
		}
	}
	return out
}

// PartFromJSON converts back, lifting the part to the kind it is.
func PartFromJSON(p PartJSON) a2aclient.Part {
	return a2aclient.LiftPart(partFromJSON(p))
}

func partFromJSON(p PartJSON) a2aclient.Part {
	out := a2aclient.Part{Kind: a2aclient.PartKind(p.Kind), Metadata: p.Metadata}
	switch out.Kind {
	case a2aclient.PartText:
		out.Text = p.Text
	case a2aclient.PartData:
		out.Data, out.KeyOrder = p.Data, p.keyOrder
		if od, ok := p.Data.(orderedData); ok {
			out.Data, out.KeyOrder = od.v, od.order
		}
	case a2aclient.PartFile:
		out.File = &a2aclient.File{Name: p.Name, MimeType: p.MimeType, Bytes: p.Bytes, URI: p.URI}
	}
	return out
}

func PartsToJSON(ps []a2aclient.Part) []PartJSON {
	out := make([]PartJSON, len(ps))
	for i, p := range ps {
		out[i] = PartToJSON(p)
	}
	return out
}

func PartsFromJSON(ps []PartJSON) []a2aclient.Part {
	out := make([]a2aclient.Part, len(ps))
	for i, p := range ps {
		out[i] = PartFromJSON(p)
	}
	return out
}

// ArtifactToJSON converts an artifact.
func ArtifactToJSON(a a2aclient.Artifact) ArtifactJSON {
	return ArtifactJSON{ArtifactID: a.ID, Name: a.Name, Description: a.Description, Parts: PartsToJSON(a.Parts), Metadata: a.Metadata}
}

// ArtifactFromJSON converts back.
func ArtifactFromJSON(a ArtifactJSON) a2aclient.Artifact {
	return a2aclient.Artifact{ID: a.ArtifactID, Name: a.Name, Description: a.Description, Parts: PartsFromJSON(a.Parts), Metadata: a.Metadata}
}

// ArtifactsToJSON converts a list, never returning nil so JSON shows [].
func ArtifactsToJSON(as []a2aclient.Artifact) []ArtifactJSON {
	out := make([]ArtifactJSON, len(as))
	for i, a := range as {
		out[i] = ArtifactToJSON(a)
	}
	return out
}

// MessageToJSON converts a message; nil stays nil.
func MessageToJSON(m *a2aclient.Message) *MessageJSON {
	if m == nil {
		return nil
	}
	return &MessageJSON{MessageID: m.ID, Role: string(m.Role), Parts: PartsToJSON(m.Parts), ContextID: m.ContextID,
		TaskID: m.TaskID, ReferenceTaskIDs: m.ReferenceTaskIDs, Metadata: m.Metadata}
}

// MessageFromJSON converts back.
func MessageFromJSON(m MessageJSON) a2aclient.Message {
	return a2aclient.Message{ID: m.MessageID, Role: a2aclient.Role(m.Role), Parts: PartsFromJSON(m.Parts), ContextID: m.ContextID,
		TaskID: m.TaskID, ReferenceTaskIDs: m.ReferenceTaskIDs, Metadata: m.Metadata}
}

// StatusToJSON converts a task status.
func StatusToJSON(s a2aclient.TaskStatus) StatusJSON {
	out := StatusJSON{State: string(s.State), Message: MessageToJSON(s.Message)}
	if out.State == "" {
		out.State = string(a2aclient.StateUnknown)
	}
	if !s.Timestamp.IsZero() {
		ts := s.Timestamp
		out.Timestamp = &ts
	}
	return out
}

// StatusFromJSON converts back.
func StatusFromJSON(s StatusJSON) a2aclient.TaskStatus {
	out := a2aclient.TaskStatus{State: a2aclient.ParseState(s.State)}
	if s.Message != nil {
		m := MessageFromJSON(*s.Message)
		out.Message = &m
	}
	if s.Timestamp != nil {
		out.Timestamp = *s.Timestamp
	}
	return out
}

// TaskToJSON converts a task snapshot.
func TaskToJSON(t *a2aclient.Task) *TaskJSON {
	out := &TaskJSON{ID: t.ID, ContextID: t.ContextID, Status: StatusToJSON(t.Status), Metadata: t.Metadata}
	if len(t.Artifacts) > 0 {
		out.Artifacts = ArtifactsToJSON(t.Artifacts)
	}
	for i := range t.History {
		out.History = append(out.History, *MessageToJSON(&t.History[i]))
	}
	return out
}

// TaskFromJSON converts back.
func TaskFromJSON(t TaskJSON) a2aclient.Task {
	out := a2aclient.Task{ID: t.ID, ContextID: t.ContextID, Status: StatusFromJSON(t.Status), Metadata: t.Metadata}
	for _, a := range t.Artifacts {
		out.Artifacts = append(out.Artifacts, ArtifactFromJSON(a))
	}
	for _, m := range t.History {
		out.History = append(out.History, MessageFromJSON(m))
	}
	return out
}

// EventToJSON converts a stream event.
func EventToJSON(ev a2aclient.Event) EventJSON {
	out := EventJSON{Type: ev.Kind()}
	switch {
	case ev.Task != nil:
		out.Task = TaskToJSON(ev.Task)
	case ev.Message != nil:
		out.Message = MessageToJSON(ev.Message)
	case ev.Status != nil:
		st := StatusToJSON(ev.Status.Status)
		out.TaskID, out.ContextID, out.Status, out.Final, out.Metadata = ev.Status.TaskID, ev.Status.ContextID, &st, ev.Status.Final, ev.Status.Metadata
	case ev.Artifact != nil:
		a := ArtifactToJSON(ev.Artifact.Artifact)
		u := ev.Artifact
		out.TaskID, out.ContextID, out.Artifact, out.Append, out.LastChunk, out.Metadata = u.TaskID, u.ContextID, &a, u.Append, u.LastChunk, u.Metadata
	}
	return out
}

// ResultToJSON converts a summary to the result line.
func ResultToJSON(s *Outcome) ResultJSON {
	return ResultJSON{Type: "result", Dialect: string(s.Dialect), ContextID: s.ContextID, TaskID: s.TaskID,
		State: s.State, Text: s.Text, StatusText: s.StatusText, Artifacts: ArtifactsToJSON(s.Artifacts),
		Timings: s.Timings, TraceID: s.TraceID}
}
