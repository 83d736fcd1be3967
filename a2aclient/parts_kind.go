package a2aclient

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"
)

// Wire forms shared by the JSON-RPC dialects before v1.0: v0.1 tags parts
// with "type", v0.2 and v0.3 with "kind"; the rest of the shapes differ in
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

// kwTag is the name of the field that tells parts apart.
type kwTag string

const (
	kwTagType kwTag = "type" // v0.1
	kwTagKind kwTag = "kind" // v0.2, v0.3
)

// kwPartOut is an outgoing part.
type kwPartOut struct {
	Type     string         `json:"type,omitempty"`
	Kind     string         `json:"kind,omitempty"`
	Text     *string        `json:"text,omitempty"`
	File     *kwFileOut     `json:"file,omitempty"`
	Data     any            `json:"data,omitempty"`
	Metadata map[string]any `json:"metadata,omitempty"`
}

type kwFileOut struct {
	Name     string `json:"name,omitempty"`
	MimeType string `json:"mimeType,omitempty"`
	Bytes    string `json:"bytes,omitempty"`
	URI      string `json:"uri,omitempty"`
}

// kwMessageOut is an outgoing message. v0.1 knows only role, parts and
// metadata; the other fields stay empty there and are omitted.
type kwMessageOut struct {
	Kind             string         `json:"kind,omitempty"`
	MessageID        string         `json:"messageId,omitempty"`
	Role             string         `json:"role"`
	Parts            []kwPartOut    `json:"parts"`
	ContextID        string         `json:"contextId,omitempty"`
	TaskID           string         `json:"taskId,omitempty"`
	ReferenceTaskIDs []string       `json:"referenceTaskIds,omitempty"`
	Metadata         map[string]any `json:"metadata,omitempty"`
}

// kwPushConfig is a push-notification target; v0.1 has no id.
type kwPushConfig struct {
	ID             string      `json:"id,omitempty"`
	URL            string      `json:"url"`
	Token          string      `json:"token,omitempty"`
	Authentication *kwPushAuth `json:"authentication,omitempty"`
}

type kwPushAuth struct {
	Schemes     []string `json:"schemes"`
	Credentials string   `json:"credentials,omitempty"`
}

func kwEncodeMessage(m Message, tag kwTag) kwMessageOut {
	out := kwMessageOut{Role: string(m.Role), Parts: kwEncodeParts(m.Parts, tag), Metadata: m.Metadata}
	if out.Role == "" {
		out.Role = string(RoleUser)
	}
	if tag == kwTagKind {
		out.Kind = "message"
		out.MessageID = m.ID
		out.ContextID = m.ContextID
		out.TaskID = m.TaskID
		out.ReferenceTaskIDs = m.ReferenceTaskIDs
	}
	return out
}

func kwEncodeParts(parts []Part, tag kwTag) []kwPartOut {
	out := make([]kwPartOut, 0, len(parts)) // "parts" is required: [] not null
	for _, p := range parts {
		p = LowerPart(p)
		o := kwPartOut{Metadata: p.Metadata}
		kind := p.Kind
		if kind != PartText && kind != PartFile && kind != PartData {
			switch {
			case p.File != nil:
				kind = PartFile
			case p.Data != nil:
				kind = PartData
			default:
				kind = PartText
			}
		}
		switch kind {
		case PartText:
			text := p.Text
			o.Text = &text
		case PartFile:
			f := kwFileOut{}
			if p.File != nil {
				f = kwFileOut{Name: p.File.Name, MimeType: p.File.MimeType, URI: p.File.URI}
				if len(p.File.Bytes) > 0 {
					f.Bytes = base64.StdEncoding.EncodeToString(p.File.Bytes)
				}
			}
			o.File = &f
		case PartData:
			o.Data = p.Data
			if o.Data == nil {
				o.Data = map[string]any{} // "data" is required
			}
		}
		if tag == kwTagType {
			o.Type = string(kind)
		} else {
			o.Kind = string(kind)
		}
		out = append(out, o)
	}
	return out
}

func kwEncodePush(p *PushConfig, withID bool) *kwPushConfig {
	if p == nil {
		return nil
	}
	out := &kwPushConfig{URL: p.URL, Token: p.Token}
	if withID {
		out.ID = p.ID
	}
	if len(p.AuthSchemes) > 0 || p.AuthCredentials != "" {
		out.Authentication = &kwPushAuth{Schemes: p.AuthSchemes, Credentials: p.AuthCredentials}
		if out.Authentication.Schemes == nil {
			out.Authentication.Schemes = []string{}
		}
	}
	return out
}

// kwString reads a JSON string, number or boolean as a string: servers
// differ on whether ids are strings or numbers, and an artifact's v0.1
// index is a number that parley uses as the artifact's id.
type kwString string

func (s *kwString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) == 0 || string(b) == "null":
		*s = ""
	case b[0] == '"':
		var v string
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		*s = kwString(v)
	case b[0] == '{' || b[0] == '[':
		return errors.New("expected a string, got an object or array")
	default:
		*s = kwString(b)
	}
	return nil
}

// kwBool reads true, false, null or the strings "true"/"false".
type kwBool bool

func (v *kwBool) UnmarshalJSON(b []byte) error {
	switch strings.Trim(string(bytes.TrimSpace(b)), `"`) {
	case "true":
		*v = true
	case "false", "null", "":
		*v = false
	default:
		return errors.New("expected a boolean")
	}
	return nil
}

// Incoming shapes: the union of the fields each dialect uses.

type kwMessageIn struct {
	MessageID        kwString          `json:"messageId"`
	Role             kwString          `json:"role"`
	Parts            []json.RawMessage `json:"parts"`
	ContextID        kwString          `json:"contextId"`
	TaskID           kwString          `json:"taskId"`
	ReferenceTaskIDs []kwString        `json:"referenceTaskIds"`
	Metadata         json.RawMessage   `json:"metadata"`
}

type kwStatusIn struct {
	State     kwString        `json:"state"`
	Message   json.RawMessage `json:"message"`
	Timestamp json.RawMessage `json:"timestamp"`
}

type kwArtifactIn struct {
	ArtifactID  kwString          `json:"artifactId"`
	Index       kwString          `json:"index"` // v0.1
	Name        kwString          `json:"name"`
	Description kwString          `json:"description"`
	Parts       []json.RawMessage `json:"parts"`
	Append      kwBool            `json:"append"`    // v0.1 puts these on the artifact
	LastChunk   kwBool            `json:"lastChunk"` //
	Metadata    json.RawMessage   `json:"metadata"`
}

type kwTaskIn struct {
	ID        kwString          `json:"id"`
	ContextID kwString          `json:"contextId"`
	SessionID kwString          `json:"sessionId"` // v0.1
	Status    kwStatusIn        `json:"status"`
	Artifacts []kwArtifactIn    `json:"artifacts"`
	History   []json.RawMessage `json:"history"`
	Metadata  json.RawMessage   `json:"metadata"`
}

// kwUpdateIn is a status or artifact update; v0.1 names the task "id".
type kwUpdateIn struct {
	TaskID    kwString        `json:"taskId"`
	ID        kwString        `json:"id"`
	ContextID kwString        `json:"contextId"`
	SessionID kwString        `json:"sessionId"`
	Status    kwStatusIn      `json:"status"`
	Final     kwBool          `json:"final"`
	Artifact  kwArtifactIn    `json:"artifact"`
	Append    kwBool          `json:"append"`
	LastChunk kwBool          `json:"lastChunk"`
	Metadata  json.RawMessage `json:"metadata"`
}

// kwKind names what a result object is.
type kwKind int

const (
	kwUnknown kwKind = iota
	kwTask
	kwMessage
	kwStatusUpdate
	kwArtifactUpdate
)

// kwFrom says where a result came from, which settles what an object
// without a kind is: {status} alone is a task in a reply but an update in a
// stream, and {id, status} is a status update in a v0.1 stream.
type kwFrom int

const (
	kwFromReply kwFrom = iota
	kwFromStream
	kwFromV01Stream
)

// kwDecodeEvent reads one result: a task, a message, or an update. When
// the object carries no kind it is inferred from its fields. A result of
// no recognizable kind returns ok=false and no error, so streams can skip
// events from newer versions.
func kwDecodeEvent(raw json.RawMessage, from kwFrom) (ev Event, ok bool, err error) {
	fields, err := kwObject(raw)
	if err != nil {
		return Event{}, false, err
	}
	raw, fields = kwUnwrap(raw, fields)
	switch kwKindOf(fields, from) {
	case kwTask:
		t, err := kwDecodeTask(raw)
		return Event{Task: t}, err == nil, err
	case kwMessage:
		m, err := kwDecodeMessage(raw)
		return Event{Message: m}, err == nil, err
	case kwStatusUpdate:
		var u kwUpdateIn
		if err := json.Unmarshal(raw, &u); err != nil {
			return Event{}, false, &ProtocolError{What: "status update is malformed", Err: err}
		}
		st, err := kwStatus(u.Status)
		if err != nil {
			return Event{}, false, err
		}
		return Event{Status: &StatusUpdate{
			TaskID:    kwFirst(u.TaskID, u.ID),
			ContextID: kwFirst(u.ContextID, u.SessionID),
			Status:    st,
			Final:     bool(u.Final),
			Metadata:  kwMetadata(u.Metadata),
		}}, true, nil
	case kwArtifactUpdate:
		var u kwUpdateIn
		if err := json.Unmarshal(raw, &u); err != nil {
			return Event{}, false, &ProtocolError{What: "artifact update is malformed", Err: err}
		}
		return Event{Artifact: &ArtifactUpdate{
			TaskID:    kwFirst(u.TaskID, u.ID),
			ContextID: kwFirst(u.ContextID, u.SessionID),
			Artifact:  kwArtifact(u.Artifact, "0"),
			Append:    bool(u.Append || u.Artifact.Append),
			LastChunk: bool(u.LastChunk || u.Artifact.LastChunk),
			Metadata:  kwMetadata(u.Metadata),
		}}, true, nil
	}
	return Event{}, false, nil
}

// kwDecodeResult reads a send reply: a task or a direct message.
func kwDecodeResult(raw json.RawMessage) (*Result, error) {
	ev, ok, err := kwDecodeEvent(raw, kwFromReply)
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

// kwDecodeTaskResult reads a reply that can only be a task (get, cancel),
// whatever kind it claims, as long as it looks like one.
func kwDecodeTaskResult(raw json.RawMessage) (*Task, error) {
	fields, err := kwObject(raw)
	if err != nil {
		return nil, err
	}
	raw, fields = kwUnwrap(raw, fields)
	_, hasID := fields["id"]
	_, hasStatus := fields["status"]
	if !hasID && !hasStatus {
		return nil, &ProtocolError{What: "the reply has no task"}
	}
	return kwDecodeTask(raw)
}

// kwObject parses a result as a JSON object, keeping each field raw so
// that the kind can be inferred from which fields are present.
func kwObject(raw json.RawMessage) (map[string]json.RawMessage, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
		return nil, &ProtocolError{What: "the result is not a JSON object", Err: err}
	}
	return fields, nil
}

// kwWrappers are the keys of v0.3 REST and v1.0 results ({"task": {…}}),
// which some JSON-RPC servers send in the older dialects too.
var kwWrappers = map[string]bool{"task": true, "message": true, "statusUpdate": true, "artifactUpdate": true, "status_update": true, "artifact_update": true}

func kwUnwrap(raw json.RawMessage, fields map[string]json.RawMessage) (json.RawMessage, map[string]json.RawMessage) {
	if len(fields) != 1 {
		return raw, fields
	}
	for k, v := range fields {
		if !kwWrappers[k] {
			break
		}
		inner, err := kwObject(v)
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
// once: building a Replacer per event was over half of what decoding a
// stream allocated (7.5 KB of 12 KB per event).
var kindSeparators = strings.NewReplacer("-", "", "_", "")

// kwKindOf reads the kind field, or infers the kind from the fields.
func kwKindOf(fields map[string]json.RawMessage, from kwFrom) kwKind {
	var kind string
	if raw, ok := fields["kind"]; ok {
		_ = json.Unmarshal(raw, &kind)
	}
	k := kindSeparators.Replace(strings.ToLower(kind))
	switch k {
	case "task":
		return kwTask
	case "message":
		return kwMessage
	case "statusupdate", "taskstatusupdate", "taskstatusupdateevent":
		return kwStatusUpdate
	case "artifactupdate", "taskartifactupdate", "taskartifactupdateevent":
		return kwArtifactUpdate
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
		return kwArtifactUpdate
	case has("status"):
		switch {
		case has("taskId", "final"):
			return kwStatusUpdate
		case has("id"):
			if from == kwFromV01Stream && !has("sessionId", "contextId", "artifacts", "history") {
				return kwStatusUpdate
			}
			return kwTask
		case from == kwFromReply:
			return kwTask
		}
		return kwStatusUpdate
	case has("messageId"), has("parts") && has("role"):
		return kwMessage
	}
	return kwUnknown
}

func kwDecodeTask(raw json.RawMessage) (*Task, error) {
	var in kwTaskIn
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, &ProtocolError{What: "task is malformed", Err: err}
	}
	st, err := kwStatus(in.Status)
	if err != nil {
		return nil, err
	}
	t := &Task{
		ID:        string(in.ID),
		ContextID: kwFirst(in.ContextID, in.SessionID),
		Status:    st,
		Metadata:  kwMetadata(in.Metadata),
	}
	for i, a := range in.Artifacts {
		// Without an id or index, an artifact's place in the list is the
		// only thing that tells it from its neighbours.
		t.Artifacts = append(t.Artifacts, kwArtifact(a, strconv.Itoa(i)))
	}
	for _, h := range in.History {
		m, err := kwDecodeMessage(h)
		if err != nil {
			return nil, err
		}
		if m != nil {
			t.History = append(t.History, *m)
		}
	}
	return t, nil
}

// kwDecodeMessage reads a message; null reads as nil, and a bare string
// (seen from careless servers in status.message) as an agent's text.
func kwDecodeMessage(raw json.RawMessage) (*Message, error) {
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
	var in kwMessageIn
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, &ProtocolError{What: "message is malformed", Err: err}
	}
	m := &Message{
		ID:        string(in.MessageID),
		Role:      kwRole(string(in.Role)),
		Parts:     kwDecodeParts(in.Parts),
		ContextID: string(in.ContextID),
		TaskID:    string(in.TaskID),
		Metadata:  kwMetadata(in.Metadata),
	}
	for _, r := range in.ReferenceTaskIDs {
		m.ReferenceTaskIDs = append(m.ReferenceTaskIDs, string(r))
	}
	return m, nil
}

// kwRole maps roles to user or agent. Anything but the user is treated as
// the agent, so a strange role never makes an agent's words look like the
// user's own.
func kwRole(s string) Role {
	s = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(s)), "role_")
	if s == "user" {
		return RoleUser
	}
	return RoleAgent
}

func kwStatus(in kwStatusIn) (TaskStatus, error) {
	m, err := kwDecodeMessage(in.Message)
	if err != nil {
		return TaskStatus{}, err
	}
	return TaskStatus{State: ParseState(string(in.State)), Message: m, Timestamp: kwTimestamp(in.Timestamp)}, nil
}

// kwArtifact converts an artifact. Its id is the artifactId, else the v0.1
// index, else the fallback given.
func kwArtifact(in kwArtifactIn, fallbackID string) Artifact {
	return Artifact{
		ID:          kwFirst(in.ArtifactID, in.Index, kwString(fallbackID)),
		Name:        string(in.Name),
		Description: string(in.Description),
		Parts:       kwDecodeParts(in.Parts),
		Metadata:    kwMetadata(in.Metadata),
	}
}

type kwPartIn struct {
	Kind     kwString        `json:"kind"`
	Type     kwString        `json:"type"`
	Text     *string         `json:"text"`
	File     *kwFileIn       `json:"file"`
	Data     json.RawMessage `json:"data"`
	Metadata json.RawMessage `json:"metadata"`
}

type kwFileIn struct {
	Name     kwString `json:"name"`
	MimeType kwString `json:"mimeType"`
	Bytes    kwString `json:"bytes"`
	Data     kwString `json:"data"` // the v0.3 spec's own streaming example says "data"
	URI      kwString `json:"uri"`
}

func kwDecodeParts(raws []json.RawMessage) []Part {
	var out []Part
	for _, raw := range raws {
		if p, ok := kwDecodePart(raw); ok {
			out = append(out, p)
		}
	}
	return liftParts(out)
}

// kwDecodePart reads one part; see the leniency rules at the top. Only a
// null part is dropped.
func kwDecodePart(raw json.RawMessage) (Part, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return Part{}, false
	}
	var in kwPartIn
	if err := json.Unmarshal(raw, &in); err != nil {
		return kwRawPart(raw, nil), true
	}
	meta := kwMetadata(in.Metadata)
	kind := strings.ToLower(string(kwFirst(in.Kind, in.Type)))
	if kind == "" {
		switch {
		case in.Text != nil:
			kind = "text"
		case in.File != nil:
			kind = "file"
		case len(in.Data) > 0:
			kind = "data"
		}
	}
	switch kind {
	case "text":
		if in.Text != nil {
			return Part{Kind: PartText, Text: *in.Text, Metadata: meta}, true
		}
	case "file":
		if in.File != nil {
			f := &File{Name: string(in.File.Name), MimeType: string(in.File.MimeType), URI: string(in.File.URI)}
			b, ok := kwBase64(kwFirst(in.File.Bytes, in.File.Data))
			if ok {
				f.Bytes = b
				return Part{Kind: PartFile, File: f, Metadata: meta}, true
			}
		}
	case "data":
		var data any
		if len(in.Data) > 0 && json.Unmarshal(in.Data, &data) == nil {
			return Part{Kind: PartData, Data: data, KeyOrder: keyOrder(in.Data), Metadata: meta}, true
		}
	}
	return kwRawPart(raw, meta), true
}

// kwRawPart keeps a part parley cannot read as a data part holding the
// part object itself.
func kwRawPart(raw json.RawMessage, meta map[string]any) Part {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		v = string(raw)
	}
	return Part{Kind: PartData, Data: v, Metadata: meta}
}

// kwBase64 decodes file bytes in any of the base64 alphabets, with or
// without padding and line breaks; ok is false only for garbage.
func kwBase64(s string) ([]byte, bool) {
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, s)
	if s == "" {
		return nil, true
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return b, true
		}
	}
	return nil, false
}

// kwMetadata keeps metadata that is a JSON object and drops anything else.
func kwMetadata(raw json.RawMessage) map[string]any {
	if len(raw) == 0 {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	return m
}

// kwTimestamp reads an RFC 3339 time, or the zone-less ISO 8601 form
// Python's isoformat() writes (taken as UTC); anything else is zero.
func kwTimestamp(raw json.RawMessage) time.Time {
	var s string
	if len(raw) == 0 || json.Unmarshal(raw, &s) != nil {
		return time.Time{}
	}
	s = strings.TrimSpace(s)
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05Z07:00", "2006-01-02 15:04:05"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t
		}
	}
	return time.Time{}
}

func kwFirst(vals ...kwString) string {
	for _, v := range vals {
		if v != "" {
			return string(v)
		}
	}
	return ""
}

// kwPushIn is a TaskPushNotificationConfig (v0.1 names the task "id",
// v0.2 "taskId"), or a bare PushNotificationConfig as early v0.1 servers
// answered.
type kwPushIn struct {
	ID             kwString        `json:"id"`
	TaskID         kwString        `json:"taskId"`
	Config         json.RawMessage `json:"pushNotificationConfig"`
	URL            kwString        `json:"url"`
	Token          kwString        `json:"token"`
	Authentication *kwPushAuthIn   `json:"authentication"`
}

type kwPushAuthIn struct {
	Schemes     []kwString `json:"schemes"`
	Credentials kwString   `json:"credentials"`
}

// kwDecodePush reads a push config reply. A null config (the agent has
// none for the task) reads as a config with only the task id. v0.1 has no
// config ids: there "id" is the task's.
func kwDecodePush(raw json.RawMessage, taskID string, v01 bool) (*PushConfig, error) {
	var in kwPushIn
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, &ProtocolError{What: "push-notification config is malformed", Err: err}
	}
	out := &PushConfig{TaskID: kwFirst(in.TaskID, kwString(taskID))}
	if v01 {
		out.TaskID = kwFirst(in.ID, in.TaskID, kwString(taskID))
	}
	cfg := in // a bare config, unless wrapped
	if c := bytes.TrimSpace(in.Config); len(c) > 0 {
		if string(c) == "null" {
			return out, nil
		}
		cfg = kwPushIn{}
		if err := json.Unmarshal(c, &cfg); err != nil {
			return nil, &ProtocolError{What: "push-notification config is malformed", Err: err}
		}
	}
	out.URL, out.Token = string(cfg.URL), string(cfg.Token)
	if !v01 {
		out.ID = string(cfg.ID)
	}
	if a := cfg.Authentication; a != nil {
		for _, s := range a.Schemes {
			out.AuthSchemes = append(out.AuthSchemes, string(s))
		}
		out.AuthCredentials = string(a.Credentials)
	}
	return out, nil
}

// kwEvents turns a JSON-RPC stream of the older dialects into events.
// Events of no recognizable kind are skipped (kwResults), so a server
// speaking a newer minor version cannot break the stream with an event
// parley does not know.
type kwEvents struct {
	s *rpcStream
	// taskID and contextID fill events that leave them out (v0.1 status
	// events carry no session id).
	taskID, contextID string
	pending           *Event
}

// kwResults is the decoder of a stream's results for rpc.stream.
func kwResults(from kwFrom) resultDecoder {
	return func(raw json.RawMessage) (Event, bool, error) { return kwDecodeEvent(raw, from) }
}

// newKWEvents wraps s. When the server answered with one JSON body
// instead of an event stream, that body is read at once: an error there
// (streaming not supported, task not found) must reach the caller now, so
// that the client can fall back to polling.
func newKWEvents(s *rpcStream, taskID, contextID string) (*kwEvents, error) {
	e := &kwEvents{s: s, taskID: taskID, contextID: contextID}
	if s.ps.ch == nil {
		ev, err := e.next()
		switch {
		case err == nil:
			e.pending = &ev
		case !errors.Is(err, io.EOF):
			s.close()
			return nil, err
		}
	}
	return e, nil
}

func (e *kwEvents) next() (Event, error) {
	if ev := e.pending; ev != nil {
		e.pending = nil
		return *ev, nil
	}
	ev, err := e.s.next()
	if err != nil {
		return Event{}, err
	}
	e.fill(ev)
	return ev, nil
}

func (e *kwEvents) fill(ev Event) {
	set := func(id, ctx *string) {
		if *id == "" {
			*id = e.taskID
		}
		if *ctx == "" {
			*ctx = e.contextID
		}
	}
	switch {
	case ev.Task != nil:
		set(&ev.Task.ID, &ev.Task.ContextID)
	case ev.Status != nil:
		set(&ev.Status.TaskID, &ev.Status.ContextID)
	case ev.Artifact != nil:
		set(&ev.Artifact.TaskID, &ev.Artifact.ContextID)
	}
}

func (e *kwEvents) close() error { return e.s.close() }

// kwArray reads a list result; a lone object is taken as a list of one.
func kwArray(raw []byte) ([]json.RawMessage, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		if _, oerr := kwObject(raw); oerr == nil {
			return []json.RawMessage{raw}, nil
		}
		return nil, &ProtocolError{What: "the result is not a list", Err: err}
	}
	return items, nil
}
