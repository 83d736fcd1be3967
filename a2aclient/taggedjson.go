package a2aclient

// Tagged JSON is the wire family of the JSON-RPC dialects before v1.0
// (v0.1, v0.2, v0.3): each part, and from v0.2 each result, says what it
// is in a tag field. v0.1 tags parts with "type", v0.2 and v0.3 with
// "kind"; the rest of the shapes differ in
// a few fields only (sessionId vs contextId, artifact index vs artifactId,
// append/lastChunk on the artifact vs on the event). One lenient reader
// serves all three, because servers in the wild mix them.
//
// Leniency rules, in one place:
//   - a part tagged with "type" or "kind", or with neither (the field
//     present decides), reads the same;
//   - a part of an unknown kind, or one that does not decode as its kind
//     (a file whose bytes are not base64, a text that is not a string),
//     becomes a data part holding the raw part object, so nothing an agent
//     said disappears silently;
//   - ids and other strings may arrive as numbers; bad timestamps read as
//     zero; metadata that is not an object is dropped; unknown states are
//     StateUnknown; unknown fields are ignored.
//
// Its files: taggedjson_message.go, _task.go, _parts.go, _push.go (each
// shape both ways), _result.go (what a result object is), _stream.go
// (a stream's events); the lenient scalars are in loose_values.go. The
// incoming shapes (…In) are the union of the fields each dialect uses.

// partTag is the name of the field that tells parts apart.
type partTag string

const (
	tagType partTag = "type" // v0.1
	tagKind partTag = "kind" // v0.2, v0.3
)
