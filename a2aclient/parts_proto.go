package a2aclient

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

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

// pjMessage is a Message in either shape. On decode both "parts" and
// "content" are read; on encode only the shape's own name is written.
type pjMessage struct {
	MessageID        string         `json:"messageId,omitempty"`
	ContextID        string         `json:"contextId,omitempty"`
	TaskID           string         `json:"taskId,omitempty"`
	Role             string         `json:"role,omitempty"`
	Parts            []pjPart       `json:"parts,omitempty"`
	Content          []pjPart       `json:"content,omitempty"`
	Metadata         map[string]any `json:"metadata,omitempty"`
	ReferenceTaskIDs []string       `json:"referenceTaskIds,omitempty"`
}

// pjPart is a Part in either shape: File and a wrapped Data are v0.3,
// Raw, URL, MediaType and Filename are v1.0. Data stays raw so that
// presence (even a JSON null) is visible and the shape decides its form.
type pjPart struct {
	Text      *string         `json:"text,omitempty"`
	File      *pjFile         `json:"file,omitempty"`
	Raw       *string         `json:"raw,omitempty"`
	URL       *string         `json:"url,omitempty"`
	Data      json.RawMessage `json:"data,omitempty"`
	MediaType string          `json:"mediaType,omitempty"`
	Filename  string          `json:"filename,omitempty"`
	Metadata  map[string]any  `json:"metadata,omitempty"`
}

type pjFile struct {
	FileWithURI   string `json:"fileWithUri,omitempty"`
	FileWithBytes string `json:"fileWithBytes,omitempty"`
	MimeType      string `json:"mimeType,omitempty"`
	Name          string `json:"name,omitempty"`
}

type pjStatus struct {
	State     string     `json:"state"`
	Message   *pjMessage `json:"message,omitempty"`
	Timestamp string     `json:"timestamp,omitempty"`
}

type pjArtifact struct {
	ArtifactID  string         `json:"artifactId"`
	Name        string         `json:"name,omitempty"`
	Description string         `json:"description,omitempty"`
	Parts       []pjPart       `json:"parts"`
	Metadata    map[string]any `json:"metadata,omitempty"`
}

type pjTask struct {
	ID        string         `json:"id"`
	ContextID string         `json:"contextId,omitempty"`
	Status    *pjStatus      `json:"status,omitempty"`
	Artifacts []pjArtifact   `json:"artifacts,omitempty"`
	History   []pjMessage    `json:"history,omitempty"`
	Metadata  map[string]any `json:"metadata,omitempty"`
}

type pjStatusUpdate struct {
	TaskID    string         `json:"taskId"`
	ContextID string         `json:"contextId"`
	Status    *pjStatus      `json:"status"`
	Final     bool           `json:"final,omitempty"` // v0.3 only
	Metadata  map[string]any `json:"metadata,omitempty"`
}

type pjArtifactUpdate struct {
	TaskID    string         `json:"taskId"`
	ContextID string         `json:"contextId"`
	Artifact  *pjArtifact    `json:"artifact"`
	Append    bool           `json:"append,omitempty"`
	LastChunk bool           `json:"lastChunk,omitempty"`
	Metadata  map[string]any `json:"metadata,omitempty"`
}

// pjStreamResponse is both SendMessageResponse and StreamResponse: a
// oneof told apart by its key.
type pjStreamResponse struct {
	Task           *pjTask           `json:"task,omitempty"`
	Message        *pjMessage        `json:"message,omitempty"`
	StatusUpdate   *pjStatusUpdate   `json:"statusUpdate,omitempty"`
	ArtifactUpdate *pjArtifactUpdate `json:"artifactUpdate,omitempty"`
}

// pjSendRequest is SendMessageRequest; Tenant is v1.0 JSON-RPC only (REST
// carries the tenant in the path).
type pjSendRequest struct {
	Tenant        string         `json:"tenant,omitempty"`
	Message       *pjMessage     `json:"message"`
	Configuration *pjSendConfig  `json:"configuration,omitempty"`
	Metadata      map[string]any `json:"metadata,omitempty"`
}

// pjSendConfig is SendMessageConfiguration. Blocking and PushNotification
// are v0.3; ReturnImmediately and TaskPushNotificationConfig are v1.0.
type pjSendConfig struct {
	AcceptedOutputModes        []string        `json:"acceptedOutputModes,omitempty"`
	HistoryLength              *int            `json:"historyLength,omitempty"`
	Blocking                   *bool           `json:"blocking,omitempty"`
	ReturnImmediately          *bool           `json:"returnImmediately,omitempty"`
	PushNotification           *pjPushConfig03 `json:"pushNotification,omitempty"`
	TaskPushNotificationConfig *pjPushConfig   `json:"taskPushNotificationConfig,omitempty"`
}

// pjPushConfig is the v1.0 TaskPushNotificationConfig, flat. On decode it
// also reads the v0.3 wrapper {name, pushNotificationConfig}.
type pjPushConfig struct {
	Tenant         string      `json:"tenant,omitempty"`
	ID             string      `json:"id,omitempty"`
	TaskID         string      `json:"taskId,omitempty"`
	URL            string      `json:"url,omitempty"`
	Token          string      `json:"token,omitempty"`
	Authentication *pjAuthInfo `json:"authentication,omitempty"`

	Name                   string        `json:"name,omitempty"`
	PushNotificationConfig *pjPushConfig `json:"pushNotificationConfig,omitempty"`
}

// pjPushConfig03 is the v0.3 PushNotificationConfig (no task id).
type pjPushConfig03 struct {
	ID             string      `json:"id,omitempty"`
	URL            string      `json:"url"`
	Token          string      `json:"token,omitempty"`
	Authentication *pjAuthInfo `json:"authentication,omitempty"`
}

// pjTaskPushConfig03 is the v0.3 TaskPushNotificationConfig.
type pjTaskPushConfig03 struct {
	Name                   string          `json:"name"`
	PushNotificationConfig *pjPushConfig03 `json:"pushNotificationConfig"`
}

// pjAuthInfo is AuthenticationInfo: v1.0 has one scheme, v0.3 a list.
type pjAuthInfo struct {
	Scheme      string   `json:"scheme,omitempty"`
	Schemes     []string `json:"schemes,omitempty"`
	Credentials string   `json:"credentials,omitempty"`
}

type pjListTasks struct {
	Tasks         []pjTask `json:"tasks"`
	NextPageToken string   `json:"nextPageToken"`
	TotalSize     int      `json:"totalSize"`
}

type pjListPushConfigs struct {
	Configs []pjPushConfig `json:"configs"`
}

// ---- encoding ----

func toPJSendRequest(req *SendRequest, s protoShape) *pjSendRequest {
	cfg := &pjSendConfig{AcceptedOutputModes: req.AcceptedOutputModes, HistoryLength: req.HistoryLength}
	if s == shapeV03 {
		// Servers differ on the default, so say it either way.
		blocking := !req.NonBlocking
		cfg.Blocking = &blocking
		if p := req.PushConfig; p != nil {
			cfg.PushNotification = toPJPushConfig03(p)
		}
	} else {
		ri := req.NonBlocking
		cfg.ReturnImmediately = &ri
		if p := req.PushConfig; p != nil {
			cfg.TaskPushNotificationConfig = toPJPushConfig(*p, "")
		}
	}
	return &pjSendRequest{Message: toPJMessage(&req.Message, s), Configuration: cfg, Metadata: req.Metadata}
}

func toPJMessage(m *Message, s protoShape) *pjMessage {
	w := &pjMessage{
		MessageID:        m.ID,
		ContextID:        m.ContextID,
		TaskID:           m.TaskID,
		Role:             pjRole(m.Role),
		Metadata:         m.Metadata,
		ReferenceTaskIDs: m.ReferenceTaskIDs,
	}
	parts := make([]pjPart, 0, len(m.Parts))
	for _, p := range m.Parts {
		parts = append(parts, toPJPart(p, s))
	}
	if s == shapeV03 {
		w.Content = parts
	} else {
		w.Parts = parts
	}
	return w
}

func pjRole(r Role) string {
	if r == RoleAgent {
		return "ROLE_AGENT"
	}
	return "ROLE_USER"
}

func toPJPart(p Part, s protoShape) pjPart {
	p = LowerPart(p)
	w := pjPart{Metadata: p.Metadata}
	switch p.Kind {
	case PartFile:
		f := p.File
		if f == nil {
			f = &File{}
		}
		if s == shapeV03 {
			w.File = &pjFile{FileWithURI: f.URI, MimeType: f.MimeType, Name: f.Name}
			if f.URI == "" {
				w.File.FileWithBytes = encodeBytes03(f.Bytes)
			}
			break
		}
		w.MediaType, w.Filename = f.MimeType, f.Name
		if f.URI != "" {
			w.URL = &f.URI
		} else {
			raw := base64.StdEncoding.EncodeToString(f.Bytes)
			w.Raw = &raw
		}
	case PartData:
		var v any = p.Data
		if s == shapeV03 {
			v = map[string]any{"data": p.Data}
		}
		data, err := json.Marshal(v)
		if err != nil {
			data = []byte("null")
		}
		w.Data = data
	default:
		text := p.Text
		w.Text = &text
	}
	return w
}

// encodeBytes03 encodes file bytes the way v0.3 peers do: the JSON-RPC
// form's base64 string is itself the proto `bytes` value, so ProtoJSON
// base64-encodes it a second time (a2a-python and a2a-go's v0.3 layer both
// do this).
func encodeBytes03(b []byte) string {
	inner := base64.StdEncoding.EncodeToString(b)
	return base64.StdEncoding.EncodeToString([]byte(inner))
}

func toPJPushConfig(p PushConfig, tenant string) *pjPushConfig {
	w := &pjPushConfig{Tenant: tenant, ID: p.ID, TaskID: p.TaskID, URL: p.URL, Token: p.Token}
	if len(p.AuthSchemes) > 0 || p.AuthCredentials != "" {
		w.Authentication = &pjAuthInfo{Credentials: p.AuthCredentials}
		if len(p.AuthSchemes) > 0 {
			// v1.0 takes a single scheme; the first is the preferred one.
			w.Authentication.Scheme = p.AuthSchemes[0]
		}
	}
	return w
}

func toPJPushConfig03(p *PushConfig) *pjPushConfig03 {
	w := &pjPushConfig03{ID: p.ID, URL: p.URL, Token: p.Token}
	if len(p.AuthSchemes) > 0 || p.AuthCredentials != "" {
		w.Authentication = &pjAuthInfo{Schemes: p.AuthSchemes, Credentials: p.AuthCredentials}
	}
	return w
}

// pjCreatePush03 is v0.3's CreateTaskPushNotificationConfigRequest, the
// body both a2a-python and a2a-go's v0.3 layer read, sent alike over REST
// and (as ProtoJSON) over gRPC.
type pjCreatePush03 struct {
	Parent   string              `json:"parent"`
	ConfigID string              `json:"configId,omitempty"`
	Config   *pjTaskPushConfig03 `json:"config"`
}

// toPJCreatePush03 names the task and the config in the body
// (v03ConfigName), so it refuses what those names cannot hold.
func toPJCreatePush03(in nameBinding, p PushConfig) (pjCreatePush03, error) {
	parent, err := v03TaskName(in, p.TaskID)
	if err != nil {
		return pjCreatePush03{}, err
	}
	name, err := v03ConfigName(in, p.TaskID, p.ID)
	if err != nil {
		return pjCreatePush03{}, err
	}
	return pjCreatePush03{parent, p.ID, &pjTaskPushConfig03{Name: name, PushNotificationConfig: toPJPushConfig03(&p)}}, nil
}

// pjStateName spells a state as the shape's TASK_STATE_* enum, "" for none.
func pjStateName(st State, s protoShape) string {
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

// ---- decoding ----

func invalidJSON(what string, err error) error {
	return &ProtocolError{What: what + " is not valid JSON", Err: err}
}

// decodeSendResponse reads {"task":…} or {"message":…}. A bare task or
// message, which some servers send, is accepted too.
func decodeSendResponse(data []byte, s protoShape) (*Result, error) {
	var w struct {
		pjStreamResponse
		ID        string `json:"id"`
		MessageID string `json:"messageId"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, invalidJSON("reply", err)
	}
	ev, ok, err := fromPJStreamResponse(&w.pjStreamResponse, s)
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
		var m pjMessage
		if err := json.Unmarshal(data, &m); err != nil {
			return nil, invalidJSON("message", err)
		}
		msg, err := fromPJMessage(&m, s)
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
	var w pjStreamResponse
	if err := json.Unmarshal(data, &w); err != nil {
		return Event{}, false, invalidJSON("event", err)
	}
	return fromPJStreamResponse(&w, s)
}

func fromPJStreamResponse(w *pjStreamResponse, s protoShape) (ev Event, ok bool, err error) {
	n := 0
	if w.Task != nil {
		n++
		ev.Task, err = fromPJTask(w.Task, s)
	}
	if w.Message != nil {
		n++
		ev.Message, err = fromPJMessage(w.Message, s)
	}
	if w.StatusUpdate != nil {
		n++
		ev.Status, err = fromPJStatusUpdate(w.StatusUpdate, s)
	}
	if w.ArtifactUpdate != nil {
		n++
		ev.Artifact, err = fromPJArtifactUpdate(w.ArtifactUpdate, s)
	}
	if n > 1 {
		return Event{}, false, &ProtocolError{What: "an event carries more than one of task, message, statusUpdate and artifactUpdate"}
	}
	if err != nil {
		return Event{}, false, err
	}
	return ev, n == 1, nil
}

// decodeTask reads a bare Task (get, cancel), unwrapping {"task":…} from
// servers that wrap it anyway.
func decodeTask(data []byte, s protoShape) (*Task, error) {
	var w struct {
		pjTask
		Wrapped *pjTask `json:"task"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, invalidJSON("task", err)
	}
	t := &w.pjTask
	if t.ID == "" && w.Wrapped != nil {
		t = w.Wrapped
	}
	if t.ID == "" {
		return nil, &ProtocolError{What: "the task in the reply has no id"}
	}
	return fromPJTask(t, s)
}

// decodeTaskPage reads ListTasksResponse, or a bare array of tasks.
func decodeTaskPage(data []byte, s protoShape) (*TaskPage, error) {
	var w pjListTasks
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '[' {
		if err := json.Unmarshal(t, &w.Tasks); err != nil {
			return nil, invalidJSON("task list", err)
		}
	} else if err := json.Unmarshal(data, &w); err != nil {
		return nil, invalidJSON("task list", err)
	}
	page := &TaskPage{NextPageToken: w.NextPageToken, TotalSize: w.TotalSize, Tasks: make([]Task, 0, len(w.Tasks))}
	for i := range w.Tasks {
		t, err := fromPJTask(&w.Tasks[i], s)
		if err != nil {
			return nil, err
		}
		page.Tasks = append(page.Tasks, *t)
	}
	return page, nil
}

func decodePushConfig(data []byte) (*PushConfig, error) {
	var w pjPushConfig
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, invalidJSON("push notification config", err)
	}
	p := fromPJPushConfig(&w)
	return &p, nil
}

// decodePushConfigs reads {"configs":[…]} or a bare array; taskID fills in
// configs that do not name their task.
func decodePushConfigs(data []byte, taskID string) ([]PushConfig, error) {
	var w pjListPushConfigs
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '[' {
		if err := json.Unmarshal(t, &w.Configs); err != nil {
			return nil, invalidJSON("push notification config list", err)
		}
	} else if len(t) > 0 {
		if err := json.Unmarshal(t, &w); err != nil {
			return nil, invalidJSON("push notification config list", err)
		}
	}
	out := make([]PushConfig, 0, len(w.Configs))
	for i := range w.Configs {
		p := fromPJPushConfig(&w.Configs[i])
		if p.TaskID == "" {
			p.TaskID = taskID
		}
		out = append(out, p)
	}
	return out, nil
}

func fromPJPushConfig(w *pjPushConfig) PushConfig {
	inner := w
	if w.PushNotificationConfig != nil { // v0.3: {name, pushNotificationConfig}
		inner = w.PushNotificationConfig
	}
	p := PushConfig{ID: inner.ID, TaskID: w.TaskID, URL: inner.URL, Token: inner.Token}
	// v0.3 names the config "tasks/{task}/pushNotificationConfigs/{id}".
	if rest, ok := strings.CutPrefix(w.Name, "tasks/"); ok {
		task, id, _ := strings.Cut(rest, "/pushNotificationConfigs")
		if p.TaskID == "" {
			p.TaskID = task
		}
		if p.ID == "" {
			p.ID = strings.TrimPrefix(id, "/")
		}
	}
	if a := inner.Authentication; a != nil {
		p.AuthCredentials = a.Credentials
		p.AuthSchemes = append(p.AuthSchemes, a.Schemes...)
		if a.Scheme != "" {
			p.AuthSchemes = append(p.AuthSchemes, a.Scheme)
		}
	}
	return p
}

func fromPJTask(w *pjTask, s protoShape) (*Task, error) {
	t := &Task{ID: w.ID, ContextID: w.ContextID, Metadata: w.Metadata}
	if w.Status != nil {
		st, err := fromPJStatus(w.Status, s)
		if err != nil {
			return nil, err
		}
		t.Status = st
	} else {
		t.Status.State = StateUnknown
	}
	for i := range w.Artifacts {
		a, err := fromPJArtifact(&w.Artifacts[i], s)
		if err != nil {
			return nil, err
		}
		t.Artifacts = append(t.Artifacts, a)
	}
	for i := range w.History {
		m, err := fromPJMessage(&w.History[i], s)
		if err != nil {
			return nil, err
		}
		t.History = append(t.History, *m)
	}
	return t, nil
}

func fromPJStatus(w *pjStatus, s protoShape) (TaskStatus, error) {
	st := TaskStatus{State: ParseState(w.State)}
	if w.Message != nil {
		m, err := fromPJMessage(w.Message, s)
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

func fromPJStatusUpdate(w *pjStatusUpdate, s protoShape) (*StatusUpdate, error) {
	u := &StatusUpdate{TaskID: w.TaskID, ContextID: w.ContextID, Final: w.Final, Metadata: w.Metadata}
	if w.Status == nil {
		return nil, &ProtocolError{What: "a status update has no status"}
	}
	st, err := fromPJStatus(w.Status, s)
	if err != nil {
		return nil, err
	}
	u.Status = st
	return u, nil
}

func fromPJArtifactUpdate(w *pjArtifactUpdate, s protoShape) (*ArtifactUpdate, error) {
	if w.Artifact == nil {
		return nil, &ProtocolError{What: "an artifact update has no artifact"}
	}
	a, err := fromPJArtifact(w.Artifact, s)
	if err != nil {
		return nil, err
	}
	return &ArtifactUpdate{TaskID: w.TaskID, ContextID: w.ContextID, Artifact: a, Append: w.Append, LastChunk: w.LastChunk, Metadata: w.Metadata}, nil
}

func fromPJArtifact(w *pjArtifact, s protoShape) (Artifact, error) {
	a := Artifact{ID: w.ArtifactID, Name: w.Name, Description: w.Description, Metadata: w.Metadata}
	parts, err := fromPJParts(w.Parts, s)
	a.Parts = parts
	return a, err
}

func fromPJMessage(w *pjMessage, s protoShape) (*Message, error) {
	m := &Message{
		ID:               w.MessageID,
		Role:             fromPJRole(w.Role),
		ContextID:        w.ContextID,
		TaskID:           w.TaskID,
		ReferenceTaskIDs: w.ReferenceTaskIDs,
		Metadata:         w.Metadata,
	}
	wire := w.Parts
	if len(wire) == 0 {
		wire = w.Content
	}
	parts, err := fromPJParts(wire, s)
	m.Parts = parts
	return m, err
}

// fromPJRole reads ROLE_USER / ROLE_AGENT (and lower-case spellings).
// Anything else came from the agent's side.
func fromPJRole(r string) Role {
	if strings.EqualFold(strings.TrimPrefix(strings.ToUpper(r), "ROLE_"), "user") {
		return RoleUser
	}
	return RoleAgent
}

// fromPJParts converts parts, dropping parts of a kind parley does not
// know (a later protocol may add some) rather than failing the reply.
func fromPJParts(ws []pjPart, s protoShape) ([]Part, error) {
	var out []Part
	for i := range ws {
		p, ok, err := fromPJPart(&ws[i], s)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, p)
		}
	}
	return liftParts(out), nil
}

func fromPJPart(w *pjPart, s protoShape) (Part, bool, error) {
	p := Part{Metadata: w.Metadata}
	switch {
	case w.Text != nil:
		p.Kind, p.Text = PartText, *w.Text
	case w.File != nil:
		p.Kind = PartFile
		p.File = &File{Name: w.File.Name, MimeType: w.File.MimeType, URI: w.File.FileWithURI}
		if w.File.FileWithBytes != "" {
			b, err := decodeBytes03(w.File.FileWithBytes)
			if err != nil {
				return p, false, err
			}
			p.File.Bytes = b
		}
	case w.Raw != nil:
		b, err := decodeBase64(*w.Raw)
		if err != nil {
			return p, false, &ProtocolError{What: "a file part's raw bytes are not base64", Err: err}
		}
		p.Kind, p.File = PartFile, &File{Name: w.Filename, MimeType: w.MediaType, Bytes: b}
	case w.URL != nil:
		p.Kind, p.File = PartFile, &File{Name: w.Filename, MimeType: w.MediaType, URI: *w.URL}
	case len(w.Data) > 0:
		var v any
		if err := json.Unmarshal(w.Data, &v); err != nil {
			return p, false, invalidJSON("a data part", err)
		}
		order := keyOrder(w.Data)
		if obj, isObj := v.(map[string]any); isObj && s == shapeV03 {
			// v0.3 wraps the value: {"data": {"data": {...}}}.
			if inner, has := obj["data"]; has {
				v = inner
				var wrap map[string]json.RawMessage
				if json.Unmarshal(w.Data, &wrap) == nil {
					order = keyOrder(wrap["data"])
				}
			}
		}
		p.Kind, p.Data, p.KeyOrder = PartData, v, order
	default:
		return p, false, nil
	}
	return p, true, nil
}

// decodeBytes03 reverses encodeBytes03. A server that encodes the bytes
// only once is read correctly too, unless its content happens to be valid
// base64 text itself.
func decodeBytes03(s string) ([]byte, error) {
	outer, err := decodeBase64(s)
	if err != nil {
		return nil, &ProtocolError{What: "a file part's bytes are not base64", Err: err}
	}
	if inner, err := base64.StdEncoding.DecodeString(string(outer)); err == nil && len(outer) > 0 {
		return inner, nil
	}
	return outer, nil
}

// decodeBase64 accepts what ProtoJSON parsers accept for bytes: standard
// or URL-safe alphabet, with or without padding.
func decodeBase64(s string) ([]byte, error) {
	var firstErr error
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		b, err := enc.DecodeString(s)
		if err == nil {
			return b, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return nil, firstErr
}
