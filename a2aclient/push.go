package a2aclient

import (
	"bytes"
	"encoding/json"
)

// Push-notification tokens travel in one of these headers: v1.0 names it
// A2A-Notification-Token, v0.3 X-A2A-Notification-Token. A receiver
// accepts either.
const (
	PushTokenHeader    = "A2A-Notification-Token"
	PushTokenHeaderV03 = "X-A2A-Notification-Token"
)

// DecodePush reads the body of a push notification from an agent reached
// in dialect d. What agents post differs: a v1.0 agent posts a
// StreamResponse ({"task"|"statusUpdate"|"artifactUpdate"|"message": …}),
// a v0.3 agent posts the task itself, kind-tagged over JSON-RPC and in
// ProtoJSON over REST. Both forms are read whatever the dialect, since an
// agent's push sender need not follow the binding it serves. The event
// must name its task: a receiver binds each push to one.
func DecodePush(body []byte, d Dialect) (Event, error) {
	body = bytes.TrimSpace(body)
	if len(body) == 0 || body[0] != '{' {
		return Event{}, &ProtocolError{What: "the push notification is not a JSON object"}
	}
	fields, err := objectFields(body)
	if err != nil {
		return Event{}, err
	}
	var ev Event
	var ok bool
	switch {
	case protoWrapped(fields) && !taggedDialect(d):
		ev, ok, err = decodeStreamResponse(body, pushShape(d))
	case taggedDialect(d) || fields["kind"] != nil:
		ev, ok, err = taggedDecodeEvent(body, fromReply)
	default:
		// A bare task in ProtoJSON (a v0.3 REST agent's sender).
		var t *Task
		t, err = decodeTask(body, pushShape(d))
		ev, ok = Event{Task: t}, err == nil
	}
	if err != nil {
		return Event{}, err
	}
	if !ok {
		return Event{}, &ProtocolError{What: "the push notification is no task, message or update parley knows"}
	}
	if ev.TaskID() == "" {
		return Event{}, &ProtocolError{What: "the push notification names no task"}
	}
	return ev, nil
}

// protoWrapped reports whether an object is a StreamResponse: it holds
// one of the wrapper keys (more than one is refused when decoded).
func protoWrapped(fields map[string]json.RawMessage) bool {
	for _, k := range []string{"task", "message", "statusUpdate", "artifactUpdate"} {
		if _, ok := fields[k]; ok {
			return true
		}
	}
	return false
}

// taggedDialect reports whether d speaks tagged JSON (v0.1–v0.3
// JSON-RPC).
func taggedDialect(d Dialect) bool { return facts(d).wire == wireTagged }

// pushShape is the ProtoJSON shape of d's pushes: v0.3's for the v0.3
// bindings, else v1.0's (the newest, for dialects parley learns later).
func pushShape(d Dialect) protoShape {
	if facts(d).version == "0.3" {
		return shapeV03
	}
	return shapeV10
}
