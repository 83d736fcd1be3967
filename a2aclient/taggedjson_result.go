package a2aclient

import (
	"encoding/json"
	"strconv"
	"strings"
)

// taggedUpdateIn is a status or artifact update; v0.1 names the task "id".
type taggedUpdateIn struct {
	TaskID    looseString      `json:"taskId"`
	ID        looseString      `json:"id"`
	ContextID looseString      `json:"contextId"`
	SessionID looseString      `json:"sessionId"`
	Status    taggedStatusIn   `json:"status"`
	Final     looseBool        `json:"final"`
	Artifact  taggedArtifactIn `json:"artifact"`
	Append    looseBool        `json:"append"`
	LastChunk looseBool        `json:"lastChunk"`
	Metadata  json.RawMessage  `json:"metadata"`
}

// resultKind names what a result object is.
type resultKind int

const (
	kindUnknown resultKind = iota
	kindTask
	kindMessage
	kindStatusUpdate
	kindArtifactUpdate
)

// resultSource says where a result came from, which settles what an object
// without a kind is: {status} alone is a task in a reply but an update in a
// stream, and {id, status} is a status update in a v0.1 stream.
type resultSource int

const (
	fromReply resultSource = iota
	fromStream
	fromV01Stream
)

// taggedDecodeEvent reads one result: a task, a message, or an update. When
// the object carries no kind it is inferred from its fields. A result of
// no recognizable kind returns ok=false and no error, so streams can skip
// events from newer versions.
func taggedDecodeEvent(raw json.RawMessage, from resultSource) (ev Event, ok bool, err error) {
	fields, err := objectFields(raw)
	if err != nil {
		return Event{}, false, err
	}
	raw, fields = taggedUnwrap(raw, fields)
	switch taggedKindOf(fields, from) {
	case kindTask:
		t, err := taggedDecodeTask(raw)
		return Event{Task: t}, err == nil, err
	case kindMessage:
		m, err := taggedDecodeMessage(raw)
		return Event{Message: m}, err == nil, err
	case kindStatusUpdate:
		var u taggedUpdateIn
		if err := json.Unmarshal(raw, &u); err != nil {
			return Event{}, false, &ProtocolError{What: "status update is malformed", Err: err}
		}
		st, err := taggedStatus(u.Status)
		if err != nil {
			return Event{}, false, err
		}
		return Event{Status: &StatusUpdate{
			TaskID:    firstOf(u.TaskID, u.ID),
			ContextID: firstOf(u.ContextID, u.SessionID),
			Status:    st,
			Final:     bool(u.Final),
			Metadata:  looseMetadata(u.Metadata),
		}}, true, nil
	case kindArtifactUpdate:
		var u taggedUpdateIn
		if err := json.Unmarshal(raw, &u); err != nil {
			return Event{}, false, &ProtocolError{What: "artifact update is malformed", Err: err}
		}
		return Event{Artifact: &ArtifactUpdate{
			TaskID:    firstOf(u.TaskID, u.ID),
			ContextID: firstOf(u.ContextID, u.SessionID),
			Artifact:  taggedArtifact(u.Artifact, "0"),
			Append:    bool(u.Append || u.Artifact.Append),
			LastChunk: bool(u.LastChunk || u.Artifact.LastChunk),
			Metadata:  looseMetadata(u.Metadata),
		}}, true, nil
	}
	return Event{}, false, nil
}

// taggedDecodeResult reads a send reply: a task or a direct message.
func taggedDecodeResult(raw json.RawMessage) (*Result, error) {
	ev, ok, err := taggedDecodeEvent(raw, fromReply)
	if err != nil {
		return nil, err
	}
	switch {
	case ok && ev.Task != nil:
		return &Result{Task: ev.Task}, nil
	case ok && ev.Message != nil:
		return &Result{Message: ev.Message}, nil
	case ok:
		return nil, &ProtocolError{What: "the reply to a send is a " + ev.Kind() + ", not a task or a message"}
	}
	return nil, &ProtocolError{What: "the reply to a send is neither a task nor a message"}
}

// taggedDecodeTaskResult reads a reply that can only be a task (get, cancel),
// whatever kind it claims, as long as it looks like one.
func taggedDecodeTaskResult(raw json.RawMessage) (*Task, error) {
	fields, err := objectFields(raw)
	if err != nil {
		return nil, err
	}
	raw, fields = taggedUnwrap(raw, fields)
	_, hasID := fields["id"]
	_, hasStatus := fields["status"]
	if !hasID && !hasStatus {
		return nil, &ProtocolError{What: "the reply has no task"}
	}
	return taggedDecodeTask(raw)
}

// objectFields parses a result as a JSON object, keeping each field raw so
// that the kind can be inferred from which fields are present.
func objectFields(raw json.RawMessage) (map[string]json.RawMessage, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
		return nil, &ProtocolError{What: "the result is not a JSON object", Err: err}
	}
	return fields, nil
}

// taggedWrappers are the keys of v0.3 REST and v1.0 results ({"task": {…}}),
// which some JSON-RPC servers send in the older dialects too.
var taggedWrappers = map[string]bool{"task": true, "message": true, "statusUpdate": true, "artifactUpdate": true, "status_update": true, "artifact_update": true}

func taggedUnwrap(raw json.RawMessage, fields map[string]json.RawMessage) (json.RawMessage, map[string]json.RawMessage) {
	if len(fields) != 1 {
		return raw, fields
	}
	for k, v := range fields {
		if !taggedWrappers[k] {
			break
		}
		inner, err := objectFields(v)
		if err != nil {
			break
		}
		if _, hasKind := inner["kind"]; !hasKind {
			// Remember which wrapper it was: the inner object may not say.
			inner["kind"] = json.RawMessage(strconv.Quote(k))
			if b, err := json.Marshal(inner); err == nil {
				return b, inner
			}
		}
		return v, inner
	}
	return raw, fields
}

// kindSeparators drops the separators kinds are spelled with. It is built
// once, not per event: building a Replacer allocates.
var kindSeparators = strings.NewReplacer("-", "", "_", "")

// taggedKindOf reads the kind field, or infers the kind from the fields.
func taggedKindOf(fields map[string]json.RawMessage, from resultSource) resultKind {
	var kind string
	if raw, ok := fields["kind"]; ok {
		_ = json.Unmarshal(raw, &kind)
	}
	k := kindSeparators.Replace(strings.ToLower(kind))
	switch k {
	case "task":
		return kindTask
	case "message":
		return kindMessage
	case "statusupdate", "taskstatusupdate", "taskstatusupdateevent":
		return kindStatusUpdate
	case "artifactupdate", "taskartifactupdate", "taskartifactupdateevent":
		return kindArtifactUpdate
	}
	has := func(names ...string) bool {
		for _, n := range names {
			if v, ok := fields[n]; ok && string(v) != "null" {
				return true
			}
		}
		return false
	}
	switch {
	case has("artifact"):
		return kindArtifactUpdate
	case has("status"):
		switch {
		case has("taskId", "final"):
			return kindStatusUpdate
		case has("id"):
			if from == fromV01Stream && !has("sessionId", "contextId", "artifacts", "history") {
				return kindStatusUpdate
			}
			return kindTask
		case from == fromReply:
			return kindTask
		}
		return kindStatusUpdate
	case has("messageId"), has("parts") && has("role"):
		return kindMessage
	}
	return kindUnknown
}

// taggedList reads a list result; a lone object is taken as a list of one.
func taggedList(raw []byte) ([]json.RawMessage, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		if _, oerr := objectFields(raw); oerr == nil {
			return []json.RawMessage{raw}, nil
		}
		return nil, &ProtocolError{What: "the result is not a list", Err: err}
	}
	return items, nil
}
