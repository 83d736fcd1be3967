package a2aclient

import (
	"encoding/json"
	"fmt"
)

type protoStatusUpdate struct {
	TaskID    string         `json:"taskId"`
	ContextID string         `json:"contextId"`
	Status    *protoStatus   `json:"status"`
	Final     bool           `json:"final,omitempty"` // v0.3 only
	Metadata  map[string]any `json:"metadata,omitempty"`
}

type protoArtifactUpdate struct {
	TaskID    string         `json:"taskId"`
	ContextID string         `json:"contextId"`
	Artifact  *protoArtifact `json:"artifact"`
	Append    bool           `json:"append,omitempty"`
	LastChunk bool           `json:"lastChunk,omitempty"`
	Metadata  map[string]any `json:"metadata,omitempty"`
}

// protoStreamResponse is both SendMessageResponse and StreamResponse: a
// oneof told apart by its key.
type protoStreamResponse struct {
	Task           *protoTask           `json:"task,omitempty"`
	Message        *protoMessage        `json:"message,omitempty"`
	StatusUpdate   *protoStatusUpdate   `json:"statusUpdate,omitempty"`
	ArtifactUpdate *protoArtifactUpdate `json:"artifactUpdate,omitempty"`
}

// protoSendRequest is SendMessageRequest; Tenant is v1.0 JSON-RPC only (REST
// carries the tenant in the path).
type protoSendRequest struct {
	Tenant        string           `json:"tenant,omitempty"`
	Message       *protoMessage    `json:"message"`
	Configuration *protoSendConfig `json:"configuration,omitempty"`
	Metadata      map[string]any   `json:"metadata,omitempty"`
}

// protoSendConfig is SendMessageConfiguration. Blocking and PushNotification
// are v0.3; ReturnImmediately and TaskPushNotificationConfig are v1.0.
type protoSendConfig struct {
	AcceptedOutputModes        []string           `json:"acceptedOutputModes,omitempty"`
	HistoryLength              *int               `json:"historyLength,omitempty"`
	Blocking                   *bool              `json:"blocking,omitempty"`
	ReturnImmediately          *bool              `json:"returnImmediately,omitempty"`
	PushNotification           *protoPushConfig03 `json:"pushNotification,omitempty"`
	TaskPushNotificationConfig *protoPushConfig   `json:"taskPushNotificationConfig,omitempty"`
}

func toProtoSendRequest(req *SendRequest, s protoShape) *protoSendRequest {
	cfg := &protoSendConfig{AcceptedOutputModes: req.AcceptedOutputModes, HistoryLength: req.HistoryLength}
	if s == shapeV03 {
		// Servers differ on the default, so say it either way.
		blocking := !req.NonBlocking
		cfg.Blocking = &blocking
		if p := req.PushConfig; p != nil {
			cfg.PushNotification = toProtoPushConfig03(p)
		}
	} else {
		ri := req.NonBlocking
		cfg.ReturnImmediately = &ri
		if p := req.PushConfig; p != nil {
			cfg.TaskPushNotificationConfig = toProtoPushConfig(*p, "")
		}
	}
	return &protoSendRequest{Message: toProtoMessage(&req.Message, s), Configuration: cfg, Metadata: req.Metadata}
}

// decodeSendResponse reads {"task":…} or {"message":…}. A bare task or
// message, which some servers send, is accepted too.
func decodeSendResponse(data []byte, s protoShape) (*Result, error) {
	var w struct {
		protoStreamResponse
		ID        string `json:"id"`
		MessageID string `json:"messageId"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, invalidJSON("reply", err)
	}
	ev, ok, err := fromProtoStreamResponse(&w.protoStreamResponse, s)
	switch {
	case err != nil:
		return nil, err
	case ok && ev.Task != nil:
		return &Result{Task: ev.Task}, nil
	case ok && ev.Message != nil:
		return &Result{Message: ev.Message}, nil
	case ok:
		return nil, &ProtocolError{What: fmt.Sprintf("the reply to a send is a %s event, not a task or message", ev.Kind())}
	case w.ID != "":
		t, err := decodeTask(data, s)
		if err != nil {
			return nil, err
		}
		return &Result{Task: t}, nil
	case w.MessageID != "":
		var m protoMessage
		if err := json.Unmarshal(data, &m); err != nil {
			return nil, invalidJSON("message", err)
		}
		msg, err := fromProtoMessage(&m, s)
		if err != nil {
			return nil, err
		}
		return &Result{Message: msg}, nil
	}
	return nil, &ProtocolError{What: "the reply has neither a task nor a message"}
}

// decodeStreamResponse reads one StreamResponse. ok is false for an event
// with none of the known keys (an empty object, or a kind added later),
// which a stream skips rather than failing on.
func decodeStreamResponse(data []byte, s protoShape) (Event, bool, error) {
	var w protoStreamResponse
	if err := json.Unmarshal(data, &w); err != nil {
		return Event{}, false, invalidJSON("event", err)
	}
	return fromProtoStreamResponse(&w, s)
}

func fromProtoStreamResponse(w *protoStreamResponse, s protoShape) (ev Event, ok bool, err error) {
	n := 0
	if w.Task != nil {
		n++
		ev.Task, err = fromProtoTask(w.Task, s)
	}
	if w.Message != nil {
		n++
		ev.Message, err = fromProtoMessage(w.Message, s)
	}
	if w.StatusUpdate != nil {
		n++
		ev.Status, err = fromProtoStatusUpdate(w.StatusUpdate, s)
	}
	if w.ArtifactUpdate != nil {
		n++
		ev.Artifact, err = fromProtoArtifactUpdate(w.ArtifactUpdate, s)
	}
	if n > 1 {
		return Event{}, false, &ProtocolError{What: "an event carries more than one of task, message, statusUpdate and artifactUpdate"}
	}
	if err != nil {
		return Event{}, false, err
	}
	return ev, n == 1, nil
}

func fromProtoStatusUpdate(w *protoStatusUpdate, s protoShape) (*StatusUpdate, error) {
	u := &StatusUpdate{TaskID: w.TaskID, ContextID: w.ContextID, Final: w.Final, Metadata: w.Metadata}
	if w.Status == nil {
		return nil, &ProtocolError{What: "a status update has no status"}
	}
	st, err := fromProtoStatus(w.Status, s)
	if err != nil {
		return nil, err
	}
	u.Status = st
	return u, nil
}

func fromProtoArtifactUpdate(w *protoArtifactUpdate, s protoShape) (*ArtifactUpdate, error) {
	if w.Artifact == nil {
		return nil, &ProtocolError{What: "an artifact update has no artifact"}
	}
	a, err := fromProtoArtifact(w.Artifact, s)
	if err != nil {
		return nil, err
	}
	return &ArtifactUpdate{TaskID: w.TaskID, ContextID: w.ContextID, Artifact: a, Append: w.Append, LastChunk: w.LastChunk, Metadata: w.Metadata}, nil
}
