package a2aclient

import (
	"bytes"
	"encoding/json"
	"time"
)

type protoStatus struct {
	State     string        `json:"state"`
	Message   *protoMessage `json:"message,omitempty"`
	Timestamp string        `json:"timestamp,omitempty"`
}

type protoArtifact struct {
	ArtifactID  string         `json:"artifactId"`
	Name        string         `json:"name,omitempty"`
	Description string         `json:"description,omitempty"`
	Parts       []protoPart    `json:"parts"`
	Metadata    map[string]any `json:"metadata,omitempty"`
}

type protoTask struct {
	ID        string          `json:"id"`
	ContextID string          `json:"contextId,omitempty"`
	Status    *protoStatus    `json:"status,omitempty"`
	Artifacts []protoArtifact `json:"artifacts,omitempty"`
	History   []protoMessage  `json:"history,omitempty"`
	Metadata  map[string]any  `json:"metadata,omitempty"`
}

type protoListTasks struct {
	Tasks         []protoTask `json:"tasks"`
	NextPageToken string      `json:"nextPageToken"`
	TotalSize     int         `json:"totalSize"`
}

// decodeTask reads a bare Task (get, cancel), unwrapping {"task":…} from
// servers that wrap it anyway.
func decodeTask(data []byte, s protoShape) (*Task, error) {
	var w struct {
		protoTask
		Wrapped *protoTask `json:"task"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, invalidJSON("task", err)
	}
	t := &w.protoTask
	if t.ID == "" && w.Wrapped != nil {
		t = w.Wrapped
	}
	if t.ID == "" {
		return nil, &ProtocolError{What: "the task in the reply has no id"}
	}
	return fromProtoTask(t, s)
}

// decodeTaskPage reads ListTasksResponse, or a bare array of tasks.
func decodeTaskPage(data []byte, s protoShape) (*TaskPage, error) {
	var w protoListTasks
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '[' {
		if err := json.Unmarshal(t, &w.Tasks); err != nil {
			return nil, invalidJSON("task list", err)
		}
	} else if err := json.Unmarshal(data, &w); err != nil {
		return nil, invalidJSON("task list", err)
	}
	page := &TaskPage{NextPageToken: w.NextPageToken, TotalSize: w.TotalSize, Tasks: make([]Task, 0, len(w.Tasks))}
	for i := range w.Tasks {
		t, err := fromProtoTask(&w.Tasks[i], s)
		if err != nil {
			return nil, err
		}
		page.Tasks = append(page.Tasks, *t)
	}
	return page, nil
}

func fromProtoTask(w *protoTask, s protoShape) (*Task, error) {
	t := &Task{ID: w.ID, ContextID: w.ContextID, Metadata: w.Metadata}
	if w.Status != nil {
		st, err := fromProtoStatus(w.Status, s)
		if err != nil {
			return nil, err
		}
		t.Status = st
	} else {
		t.Status.State = StateUnknown
	}
	for i := range w.Artifacts {
		a, err := fromProtoArtifact(&w.Artifacts[i], s)
		if err != nil {
			return nil, err
		}
		t.Artifacts = append(t.Artifacts, a)
	}
	for i := range w.History {
		m, err := fromProtoMessage(&w.History[i], s)
		if err != nil {
			return nil, err
		}
		t.History = append(t.History, *m)
	}
	return t, nil
}

func fromProtoStatus(w *protoStatus, s protoShape) (TaskStatus, error) {
	st := TaskStatus{State: ParseState(w.State)}
	if w.Message != nil {
		m, err := fromProtoMessage(w.Message, s)
		if err != nil {
			return st, err
		}
		st.Message = m
	}
	// A bad timestamp is not worth failing the reply over.
	if ts, err := time.Parse(time.RFC3339Nano, w.Timestamp); err == nil {
		st.Timestamp = ts
	}
	return st, nil
}

func fromProtoArtifact(w *protoArtifact, s protoShape) (Artifact, error) {
	a := Artifact{ID: w.ArtifactID, Name: w.Name, Description: w.Description, Metadata: w.Metadata}
	parts, err := fromProtoParts(w.Parts, s)
	a.Parts = parts
	return a, err
}
