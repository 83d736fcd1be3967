package demoagent

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
)

// ProtoJSON of the v1.0 proto (specification/a2a.proto at tag v1.0.0),
// shared by the v1.0 JSON-RPC and HTTP+JSON bindings: flat parts with one
// of text/raw/url/data plus mediaType and filename, roles ROLE_*, states
// TASK_STATE_* (CANCELED), status events without "final", flat push configs.

// v10Codec is the v1.0 codec, for JSON-RPC and HTTP+JSON alike.
type v10Codec struct{ protoForm }

var (
	v10Form = protoForm{partsKey: "parts", parts: encodeV10Parts, state: v10State, allArtifacts: true}
	v10JSON = v10Codec{v10Form}
)

type v10Part struct {
	Text      *string         `json:"text"`
	Raw       *string         `json:"raw"`
	URL       *string         `json:"url"`
	Data      json.RawMessage `json:"data"`
	MediaType string          `json:"mediaType"`
	Filename  string          `json:"filename"`
}

type v10Message struct {
	MessageID string          `json:"messageId"`
	ContextID string          `json:"contextId"`
	TaskID    string          `json:"taskId"`
	Role      json.RawMessage `json:"role"`
	Parts     []v10Part       `json:"parts"`
	Metadata  map[string]any  `json:"metadata"`
}

type v10Push struct {
	ID             string `json:"id"`
	TaskID         string `json:"taskId"`
	URL            string `json:"url"`
	Token          string `json:"token"`
	Authentication *struct {
		Scheme      string `json:"scheme"`
		Credentials string `json:"credentials"`
	} `json:"authentication"`
}

func (p *v10Push) config() pushConfig {
	c := pushConfig{id: p.ID, url: p.URL, token: p.Token}
	if p.Authentication != nil && p.Authentication.Scheme != "" {
		c.authSchemes, c.authCredential = []string{p.Authentication.Scheme}, p.Authentication.Credentials
	}
	return c
}

type v10SendParams struct {
	Message       *v10Message `json:"message"`
	Configuration *struct {
		HistoryLength              *int     `json:"historyLength"`
		ReturnImmediately          bool     `json:"returnImmediately"`
		TaskPushNotificationConfig *v10Push `json:"taskPushNotificationConfig"`
	} `json:"configuration"`
}

func (v10Codec) decodeSend(body []byte) (sendInput, error) {
	var p v10SendParams
	if err := json.Unmarshal(body, &p); err != nil {
		return sendInput{}, fmt.Errorf("invalid SendMessageRequest: %v", err)
	}
	return p.input()
}

func (p v10SendParams) input() (sendInput, error) {
	m := p.Message
	if m == nil {
		return sendInput{}, fmt.Errorf("message is required")
	}
	parts, err := protoParts(m.MessageID, m.Role, m.Parts, "part", "message.parts must not be empty")
	if err != nil {
		return sendInput{}, err
	}
	// v1.0 sends block unless the client asks to return immediately.
	in := sendInput{
		req:      sendRequest{msg: message{id: m.MessageID, parts: parts, metadata: m.Metadata}, taskID: m.TaskID, contextID: m.ContextID},
		hist:     -1,
		blocking: true,
	}
	if c := p.Configuration; c != nil {
		in.hist, in.blocking = historyParam(c.HistoryLength), !c.ReturnImmediately
		if c.TaskPushNotificationConfig != nil {
			cfg := c.TaskPushNotificationConfig.config()
			in.push = &cfg
		}
	}
	return in, nil
}

// decode enforces the oneof: exactly one of text, raw, url, data.
func (wp v10Part) decode() (part, error) {
	n := 0
	for _, set := range []bool{wp.Text != nil, wp.Raw != nil, wp.URL != nil, len(wp.Data) > 0} {
		if set {
			n++
		}
	}
	if n != 1 {
		return part{}, fmt.Errorf("a part needs exactly one of text, raw, url, data (found %d); v1.0 parts have no \"kind\"", n)
	}
	switch {
	case wp.Text != nil:
		return textPart(*wp.Text), nil
	case wp.Raw != nil:
		return fileFrom(wp.Filename, wp.MediaType, *wp.Raw, "")
	case wp.URL != nil:
		return fileFrom(wp.Filename, wp.MediaType, "", *wp.URL)
	}
	var v any
	if err := json.Unmarshal(wp.Data, &v); err != nil || v == nil {
		return part{}, fmt.Errorf("data must be a JSON value other than null")
	}
	return part{kind: partData, data: v}, nil
}

func (v10Codec) decodePush(body []byte) (pushConfig, error) {
	var p v10Push
	if err := json.Unmarshal(body, &p); err != nil {
		return pushConfig{}, fmt.Errorf("invalid TaskPushNotificationConfig: %v", err)
	}
	return p.config(), nil
}

func v10State(s state) string {
	return "TASK_STATE_" + strings.ToUpper(strings.ReplaceAll(string(s), "-", "_"))
}

// parseV10State reads a ListTasks status filter: the enum name, or the
// lower-case state the spec's query examples use.
func parseV10State(s string) (state, bool) {
	for _, st := range []state{stateSubmitted, stateWorking, stateInputRequired, stateAuthRequired, stateCompleted, stateCanceled, stateFailed, stateRejected} {
		if s == v10State(st) || strings.EqualFold(s, string(st)) {
			return st, true
		}
	}
	return "", false
}

func encodeV10Parts(ps []part) []map[string]any {
	out := make([]map[string]any, 0, len(ps))
	for _, p := range ps {
		m := map[string]any{}
		if p.metadata != nil {
			m["metadata"] = p.metadata
		}
		switch p.kind {
		case partText:
			m["text"] = p.text
		case partData:
			m["data"] = p.data
		case partFile:
			if p.file.uri != "" {
				m["url"] = p.file.uri
			} else {
				m["raw"] = base64.StdEncoding.EncodeToString(p.file.bytes)
			}
			if p.file.mimeType != "" {
				m["mediaType"] = p.file.mimeType
			}
			if p.file.name != "" {
				m["filename"] = p.file.name
			}
		}
		out = append(out, m)
	}
	return out
}

func (v10Codec) push(taskID string, c pushConfig) any {
	m := map[string]any{"id": c.id, "taskId": taskID, "url": c.url}
	if c.token != "" {
		m["token"] = c.token
	}
	if len(c.authSchemes) > 0 {
		m["authentication"] = map[string]any{"scheme": c.authSchemes[0], "credentials": c.authCredential}
	}
	return m
}

func (c v10Codec) pushList(taskID string, cs []pushConfig) any {
	return map[string]any{"configs": pushObjects(taskID, cs, c.push), "nextPageToken": ""}
}

func (c v10Codec) listPage(p listPage) any {
	tasks := make([]any, 0, len(p.tasks))
	for _, v := range p.tasks {
		tasks = append(tasks, c.task(v))
	}
	return map[string]any{"tasks": tasks, "nextPageToken": p.next, "pageSize": p.pageSize, "totalSize": p.totalSize}
}
