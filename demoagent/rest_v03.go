package demoagent

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// A2A v0.3 HTTP+JSON (specification/grpc/a2a.proto at tag v0.3.0, in
// ProtoJSON form): parts are {"text"}, {"file":{fileWithBytes|fileWithUri,
// mimeType,name}} or {"data":{"data":{…}}}; message parts live under
// "content"; roles ROLE_*; states TASK_STATE_* with CANCELLED spelt twice-L.
//
// Two wire habits of v0.3 servers in the wild are copied on purpose:
//   - fileWithBytes holds base64 of the base64 text, because SDKs moved the
//     JSON-RPC "bytes" string into the proto bytes field (a2a-python, and
//     a2a-go's v0.3 compat layer, do this). Both forms are accepted.
//   - "blocking" is a plain proto bool, so leaving it out means a
//     non-blocking send that returns at once; clients must send
//     blocking:true to wait.

func (a *Agent) v03RESTHandler() http.Handler {
	return &restDialect{
		agent:    a,
		prefix:   prefixV03 + "/rest/v1",
		codec:    v03RESTCodec{v03Form},
		cardPath: "/card",
		card:     func(base string) any { return a.signed(a.v03Card(base, true), base) },
	}
}

type v03RESTCodec struct{ protoForm }

var v03Form = protoForm{partsKey: "content", parts: encodeV03Parts, state: v03State, final: true}

type v03Part struct {
	Text *string `json:"text,omitempty"`
	File *struct {
		FileWithURI   string `json:"fileWithUri,omitempty"`
		FileWithBytes string `json:"fileWithBytes,omitempty"`
		MimeType      string `json:"mimeType,omitempty"`
		Name          string `json:"name,omitempty"`
	} `json:"file,omitempty"`
	Data *struct {
		Data any `json:"data"`
	} `json:"data,omitempty"`
}

type v03Message struct {
	MessageID string          `json:"messageId"`
	ContextID string          `json:"contextId"`
	TaskID    string          `json:"taskId"`
	Role      json.RawMessage `json:"role"`
	Content   []v03Part       `json:"content"`
	Parts     json.RawMessage `json:"parts"`
	Metadata  map[string]any  `json:"metadata"`
}

// A PushNotificationConfig is the same object in v0.3 HTTP+JSON as in its
// JSON-RPC (one proto message), so both bindings read it as kindPush and
// write it with encodeKindPush.

func (v03RESTCodec) decodeSend(body []byte) (sendInput, error) {
	var p struct {
		Message       *v03Message `json:"message"`
		Configuration *struct {
			HistoryLength    *int      `json:"historyLength"`
			Blocking         bool      `json:"blocking"`
			PushNotification *kindPush `json:"pushNotification"`
		} `json:"configuration"`
	}
	if err := json.Unmarshal(body, &p); err != nil {
		return sendInput{}, fmt.Errorf("invalid SendMessageRequest: %v", err)
	}
	m := p.Message
	if m == nil {
		return sendInput{}, fmt.Errorf("message is required")
	}
	empty := "message.content must not be empty"
	if len(m.Parts) > 0 {
		empty = `message parts go under "content" in v0.3 HTTP+JSON, not "parts"`
	}
	parts, err := protoParts(m.MessageID, m.Role, m.Content, "content", empty)
	if err != nil {
		return sendInput{}, err
	}
	in := sendInput{
		req:  sendRequest{msg: message{id: m.MessageID, parts: parts, metadata: m.Metadata}, taskID: m.TaskID, contextID: m.ContextID},
		hist: -1,
	}
	if c := p.Configuration; c != nil {
		in.hist, in.blocking = historyParam(c.HistoryLength), c.Blocking
		if c.PushNotification != nil {
			cfg := c.PushNotification.config()
			in.push = &cfg
		}
	}
	return in, nil
}

// protoParts checks what both ProtoJSON codecs ask of a sent message (an
// id, a role, some parts; empty is the error for none) and decodes its
// parts; a part's error is prefixed with what and its index.
func protoParts[P interface{ decode() (part, error) }](id string, role json.RawMessage, wire []P, what, empty string) ([]part, error) {
	if id == "" {
		return nil, fmt.Errorf("message.messageId is required")
	}
	if err := checkProtoRole(role); err != nil {
		return nil, err
	}
	if len(wire) == 0 {
		return nil, errors.New(empty)
	}
	parts := make([]part, 0, len(wire))
	for i, wp := range wire {
		pt, err := wp.decode()
		if err != nil {
			return nil, fmt.Errorf("%s %d: %w", what, i, err)
		}
		parts = append(parts, pt)
	}
	return parts, nil
}

// checkProtoRole accepts a ProtoJSON enum: its name or its number.
func checkProtoRole(raw json.RawMessage) error {
	var name string
	if json.Unmarshal(raw, &name) == nil && (name == "ROLE_USER" || name == "ROLE_AGENT") {
		return nil
	}
	var n int
	if json.Unmarshal(raw, &n) == nil && (n == 1 || n == 2) {
		return nil
	}
	return fmt.Errorf("message.role must be ROLE_USER or ROLE_AGENT, got %s", string(raw))
}

func (wp v03Part) decode() (part, error) {
	switch {
	case wp.Text != nil:
		return textPart(*wp.Text), nil
	case wp.Data != nil:
		if wp.Data.Data == nil {
			return part{}, fmt.Errorf(`data part needs {"data":{"data":…}}`)
		}
		return part{kind: partData, data: wp.Data.Data}, nil
	case wp.File != nil:
		b64 := wp.File.FileWithBytes
		if b64 != "" {
			b64 = unwrapDoubleBase64(b64)
		}
		return fileFrom(wp.File.Name, wp.File.MimeType, b64, wp.File.FileWithURI)
	}
	return part{}, fmt.Errorf("part has none of text, file, data")
}

// unwrapDoubleBase64 returns the inner base64 text when s is base64 of
// base64 (see the file comment), else s itself.
func unwrapDoubleBase64(s string) string {
	outer, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return s
	}
	if _, err := base64.StdEncoding.DecodeString(string(outer)); err != nil {
		return s
	}
	return string(outer)
}

func (v03RESTCodec) decodePush(body []byte) (pushConfig, error) {
	// The spec text wraps the config as {"config": TaskPushNotificationConfig};
	// the proto annotation makes the body the TaskPushNotificationConfig.
	var p struct {
		Config *struct {
			PushNotificationConfig *kindPush `json:"pushNotificationConfig"`
		} `json:"config"`
		ConfigID               string    `json:"configId"`
		PushNotificationConfig *kindPush `json:"pushNotificationConfig"`
	}
	if err := json.Unmarshal(body, &p); err != nil {
		return pushConfig{}, fmt.Errorf("invalid push notification config: %v", err)
	}
	pc := p.PushNotificationConfig
	if p.Config != nil {
		pc = p.Config.PushNotificationConfig
	}
	if pc == nil {
		return pushConfig{}, fmt.Errorf("pushNotificationConfig is required")
	}
	c := pc.config()
	if c.id == "" {
		c.id = p.ConfigID
	}
	return c, nil
}

func v03State(s state) string {
	if s == stateCanceled {
		return "TASK_STATE_CANCELLED"
	}
	return "TASK_STATE_" + strings.ToUpper(strings.ReplaceAll(string(s), "-", "_"))
}

func protoRole(r role) string {
	if r == roleAgent {
		return "ROLE_AGENT"
	}
	return "ROLE_USER"
}

func encodeV03Parts(ps []part) []map[string]any {
	out := make([]map[string]any, 0, len(ps))
	for _, p := range spreadParts(ps) {
		switch p.kind {
		case partText:
			out = append(out, map[string]any{"text": p.text})
		case partData:
			d := map[string]any{"data": map[string]any{"data": objectData(p)}}
			if p.metadata != nil {
				d["metadata"] = p.metadata
			}
			out = append(out, d)
		case partFile:
			f := map[string]any{}
			if p.file.uri != "" {
				f["fileWithUri"] = p.file.uri
			} else {
				inner := base64.StdEncoding.EncodeToString(p.file.bytes)
				f["fileWithBytes"] = base64.StdEncoding.EncodeToString([]byte(inner))
			}
			if p.file.mimeType != "" {
				f["mimeType"] = p.file.mimeType
			}
			if p.file.name != "" {
				f["name"] = p.file.name
			}
			out = append(out, map[string]any{"file": f})
		}
	}
	return out
}

func (v03RESTCodec) push(taskID string, c pushConfig) any {
	return map[string]any{"name": "tasks/" + taskID + "/pushNotificationConfigs/" + c.id, "pushNotificationConfig": encodeKindPush(c)}
}

func (c v03RESTCodec) pushList(taskID string, cs []pushConfig) any {
	return map[string]any{"configs": pushObjects(taskID, cs, c.push)}
}
