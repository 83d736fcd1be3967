package a2aclient

import "strings"

// ProtoJSON is the wire family of the bindings defined by a .proto: v0.3
// HTTP+JSON and gRPC, and every v1.0 binding (JSON-RPC, HTTP+JSON, and
// gRPC, whose messages cross into this family as ProtoJSON). One set of
// types (proto…) serves both of its shapes below; the shape decides where
// they differ. Its files: protojson_message.go, _task.go, _parts.go,
// _push.go (each shape both ways) and _result.go (send replies and
// stream events, the {"task"|"message"|…} oneof).

// protoShape is which proto-JSON form a dialect speaks. Both come from a
// .proto through ProtoJSON (camelCase names, TASK_STATE_* and ROLE_*
// enums, {"task"|"message"|…} wrappers); they differ in parts.
type protoShape int

const (
	// shapeV03 is the v0.3 gRPC/REST form: message parts under "content"
	// (renamed "parts" after v0.3.0, so both are read), parts as
	// {"text"} | {"file":{fileWithUri|fileWithBytes,mimeType,name}} |
	// {"data":{"data":…}}, a status "final" flag, TASK_STATE_CANCELLED.
	shapeV03 protoShape = iota
	// shapeV10 is the v1.0 form: flat parts with one of text, raw
	// (base64), url or data plus mediaType, filename and metadata.
	shapeV10
)

// protoStateName spells a state as the shape's TASK_STATE_* enum, "" for none.
func protoStateName(st State, s protoShape) string {
	switch st {
	case "", StateUnknown:
		return ""
	case StateCanceled:
		if s == shapeV03 {
			return "TASK_STATE_CANCELLED"
		}
		return "TASK_STATE_CANCELED"
	}
	return "TASK_STATE_" + strings.ToUpper(strings.ReplaceAll(string(st), "-", "_"))
}

func invalidJSON(what string, err error) error {
	return &ProtocolError{What: what + " is not valid JSON", Err: err}
}
