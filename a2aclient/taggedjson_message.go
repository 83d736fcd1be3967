package a2aclient

import (
	"bytes"
	"encoding/json"
	"strings"
)

// taggedMessageOut is an outgoing message. v0.1 knows only role, parts and
// metadata; the other fields stay empty there and are omitted.
type taggedMessageOut struct {
	Kind             string          `json:"kind,omitempty"`
	MessageID        string          `json:"messageId,omitempty"`
	Role             string          `json:"role"`
	Parts            []taggedPartOut `json:"parts"`
	ContextID        string          `json:"contextId,omitempty"`
	TaskID           string          `json:"taskId,omitempty"`
	ReferenceTaskIDs []string        `json:"referenceTaskIds,omitempty"`
	Metadata         map[string]any  `json:"metadata,omitempty"`
}

func taggedEncodeMessage(m Message, tag partTag) taggedMessageOut {
	out := taggedMessageOut{Role: string(m.Role), Parts: taggedEncodeParts(m.Parts, tag), Metadata: m.Metadata}
	if out.Role == "" {
		out.Role = string(RoleUser)
	}
	if tag == tagKind {
		out.Kind = "message"
		out.MessageID = m.ID
		out.ContextID = m.ContextID
		out.TaskID = m.TaskID
		out.ReferenceTaskIDs = m.ReferenceTaskIDs
	}
	return out
}

type taggedMessageIn struct {
	MessageID        looseString       `json:"messageId"`
	Role             looseString       `json:"role"`
	Parts            []json.RawMessage `json:"parts"`
	ContextID        looseString       `json:"contextId"`
	TaskID           looseString       `json:"taskId"`
	ReferenceTaskIDs []looseString     `json:"referenceTaskIds"`
	Metadata         json.RawMessage   `json:"metadata"`
}

// taggedDecodeMessage reads a message; null reads as nil, and a bare string
// (seen from careless servers in status.message) as an agent's text.
func taggedDecodeMessage(raw json.RawMessage) (*Message, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, &ProtocolError{What: "message is malformed", Err: err}
		}
		return &Message{Role: RoleAgent, Parts: []Part{TextPart(s)}}, nil
	}
	var in taggedMessageIn
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, &ProtocolError{What: "message is malformed", Err: err}
	}
	m := &Message{
		ID:        string(in.MessageID),
		Role:      readRole(strings.TrimSpace(string(in.Role))),
		Parts:     taggedDecodeParts(in.Parts),
		ContextID: string(in.ContextID),
		TaskID:    string(in.TaskID),
		Metadata:  looseMetadata(in.Metadata),
	}
	for _, r := range in.ReferenceTaskIDs {
		m.ReferenceTaskIDs = append(m.ReferenceTaskIDs, string(r))
	}
	return m, nil
}
