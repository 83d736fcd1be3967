package a2aclient

// protoMessage is a Message in either shape. On decode both "parts" and
// "content" are read; on encode only the shape's own name is written.
type protoMessage struct {
	MessageID        string         `json:"messageId,omitempty"`
	ContextID        string         `json:"contextId,omitempty"`
	TaskID           string         `json:"taskId,omitempty"`
	Role             string         `json:"role,omitempty"`
	Parts            []protoPart    `json:"parts,omitempty"`
	Content          []protoPart    `json:"content,omitempty"`
	Metadata         map[string]any `json:"metadata,omitempty"`
	ReferenceTaskIDs []string       `json:"referenceTaskIds,omitempty"`
}

func toProtoMessage(m *Message, s protoShape) *protoMessage {
	w := &protoMessage{
		MessageID:        m.ID,
		ContextID:        m.ContextID,
		TaskID:           m.TaskID,
		Role:             protoRole(m.Role),
		Metadata:         m.Metadata,
		ReferenceTaskIDs: m.ReferenceTaskIDs,
	}
	parts := make([]protoPart, 0, len(m.Parts))
	for _, p := range m.Parts {
		parts = append(parts, toProtoPart(p, s))
	}
	if s == shapeV03 {
		w.Content = parts
	} else {
		w.Parts = parts
	}
	return w
}

func protoRole(r Role) string {
	if r == RoleAgent {
		return "ROLE_AGENT"
	}
	return "ROLE_USER"
}

func fromProtoMessage(w *protoMessage, s protoShape) (*Message, error) {
	m := &Message{
		ID:               w.MessageID,
		Role:             readRole(w.Role),
		ContextID:        w.ContextID,
		TaskID:           w.TaskID,
		ReferenceTaskIDs: w.ReferenceTaskIDs,
		Metadata:         w.Metadata,
	}
	wire := w.Parts
	if len(wire) == 0 {
		wire = w.Content
	}
	parts, err := fromProtoParts(wire, s)
	m.Parts = parts
	return m, err
}
