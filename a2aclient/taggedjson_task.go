package a2aclient

import (
	"encoding/json"
	"strconv"
)

type taggedStatusIn struct {
	State     looseString     `json:"state"`
	Message   json.RawMessage `json:"message"`
	Timestamp json.RawMessage `json:"timestamp"`
}

type taggedArtifactIn struct {
	ArtifactID  looseString       `json:"artifactId"`
	Index       looseString       `json:"index"` // v0.1
	Name        looseString       `json:"name"`
	Description looseString       `json:"description"`
	Parts       []json.RawMessage `json:"parts"`
	Append      looseBool         `json:"append"`    // v0.1 puts these on the artifact
	LastChunk   looseBool         `json:"lastChunk"` //
	Metadata    json.RawMessage   `json:"metadata"`
}

type taggedTaskIn struct {
	ID        looseString        `json:"id"`
	ContextID looseString        `json:"contextId"`
	SessionID looseString        `json:"sessionId"` // v0.1
	Status    taggedStatusIn     `json:"status"`
	Artifacts []taggedArtifactIn `json:"artifacts"`
	History   []json.RawMessage  `json:"history"`
	Metadata  json.RawMessage    `json:"metadata"`
}

func taggedDecodeTask(raw json.RawMessage) (*Task, error) {
	var in taggedTaskIn
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, &ProtocolError{What: "task is malformed", Err: err}
	}
	st, err := taggedStatus(in.Status)
	if err != nil {
		return nil, err
	}
	t := &Task{
		ID:        string(in.ID),
		ContextID: firstOf(in.ContextID, in.SessionID),
		Status:    st,
		Metadata:  looseMetadata(in.Metadata),
	}
	for i, a := range in.Artifacts {
		// Without an id or index, an artifact's place in the list is the
		// only thing that tells it from its neighbours.
		t.Artifacts = append(t.Artifacts, taggedArtifact(a, strconv.Itoa(i)))
	}
	for _, h := range in.History {
		m, err := taggedDecodeMessage(h)
		if err != nil {
			return nil, err
		}
		if m != nil {
			t.History = append(t.History, *m)
		}
	}
	return t, nil
}

func taggedStatus(in taggedStatusIn) (TaskStatus, error) {
	m, err := taggedDecodeMessage(in.Message)
	if err != nil {
		return TaskStatus{}, err
	}
	return TaskStatus{State: ParseState(string(in.State)), Message: m, Timestamp: looseTimestamp(in.Timestamp)}, nil
}

// taggedArtifact converts an artifact. Its id is the artifactId, else the v0.1
// index, else the fallback given.
func taggedArtifact(in taggedArtifactIn, fallbackID string) Artifact {
	return Artifact{
		ID:          firstOf(in.ArtifactID, in.Index, looseString(fallbackID)),
		Name:        string(in.Name),
		Description: string(in.Description),
		Parts:       taggedDecodeParts(in.Parts),
		Metadata:    looseMetadata(in.Metadata),
	}
}
