package demoagent

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// A2A v0.2.5 and v0.3.0 JSON-RPC (types/src/types.ts at those tags): the
// two share their wire format. Objects carry "kind", tasks have contextId,
// artifacts have artifactId, stream events end with final:true. v0.3 adds
// agent/getAuthenticatedExtendedCard.

// newKindDialect builds the method table; extended is nil for v0.2.
func (a *Agent) newKindDialect(extended func(base string) any) *rpcDialect {
	d := &rpcDialect{methods: map[string]rpcMethod{
		"message/send":                        a.kindSend,
		"message/stream":                      a.kindStream,
		"tasks/get":                           getTaskMethod(a, encodeKindTask),
		"tasks/cancel":                        cancelTaskMethod[taskIDParams](a, encodeKindTask),
		"tasks/resubscribe":                   resubscribeMethod[taskIDParams](a, false, a.kindFollow),
		"tasks/pushNotificationConfig/set":    a.kindPushSet,
		"tasks/pushNotificationConfig/get":    a.kindPushGet,
		"tasks/pushNotificationConfig/list":   a.kindPushList,
		"tasks/pushNotificationConfig/delete": a.kindPushDelete,
	}}
	if extended != nil {
		d.methods["agent/getAuthenticatedExtendedCard"] = func(c *rpcCall) { c.reply(extended(c.base)) }
	}
	return d
}

func (a *Agent) v02Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc(prefixV02+"/.well-known/agent.json", serveCard(a.v02Card))
	mux.HandleFunc(prefixV02+"/.well-known/agent-card.json", serveCard(a.v02Card))
	mux.Handle(prefixV02+"/{$}", a.newKindDialect(nil))
	mux.HandleFunc(prefixV02+"/", notFound)
	return mux
}

func (a *Agent) v03Handler() http.Handler {
	card := func(base string) any { return a.signed(a.v03Card(base, false), base) }
	mux := http.NewServeMux()
	mux.HandleFunc(prefixV03+"/.well-known/agent-card.json", serveCard(card))
	mux.HandleFunc(prefixV03+"/.well-known/agent.json", serveCard(card))
	mux.Handle(prefixV03+"/jsonrpc", a.newKindDialect(func(base string) any { return a.signed(a.v03Card(base, true), base) }))
	mux.Handle(prefixV03+"/rest/", a.v03RESTHandler())
	mux.HandleFunc(prefixV03+"/", notFound)
	return mux
}

type kindMessage struct {
	Kind      string            `json:"kind"`
	MessageID string            `json:"messageId"`
	Role      string            `json:"role"`
	Parts     []json.RawMessage `json:"parts"`
	TaskID    string            `json:"taskId"`
	ContextID string            `json:"contextId"`
	Metadata  map[string]any    `json:"metadata"`
}

type kindPush struct {
	ID             string `json:"id,omitempty"`
	URL            string `json:"url"`
	Token          string `json:"token,omitempty"`
	Authentication *struct {
		Schemes     []string `json:"schemes"`
		Credentials string   `json:"credentials,omitempty"`
	} `json:"authentication,omitempty"`
}

func (p *kindPush) config() pushConfig {
	c := pushConfig{id: p.ID, url: p.URL, token: p.Token}
	if p.Authentication != nil {
		c.authSchemes, c.authCredential = p.Authentication.Schemes, p.Authentication.Credentials
	}
	return c
}

func encodeKindPush(c pushConfig) map[string]any {
	m := map[string]any{"id": c.id, "url": c.url}
	if c.token != "" {
		m["token"] = c.token
	}
	if len(c.authSchemes) > 0 {
		m["authentication"] = map[string]any{"schemes": c.authSchemes, "credentials": c.authCredential}
	}
	return m
}

type kindSendParams struct {
	Message       *kindMessage `json:"message"`
	Configuration *struct {
		HistoryLength          *int      `json:"historyLength"`
		Blocking               *bool     `json:"blocking"`
		PushNotificationConfig *kindPush `json:"pushNotificationConfig"`
	} `json:"configuration"`
}

// decodeKindMessage checks what v0.2/v0.3 servers require of a message.
func decodeKindMessage(m *kindMessage) (message, error) {
	if m == nil {
		return message{}, fmt.Errorf("params.message is required")
	}
	if m.Kind != "" && m.Kind != "message" {
		return message{}, fmt.Errorf(`message.kind must be "message", got %q`, m.Kind)
	}
	if m.MessageID == "" {
		return message{}, fmt.Errorf("message.messageId is required")
	}
	if m.Role != "user" && m.Role != "agent" {
		return message{}, fmt.Errorf(`message.role must be "user" or "agent", got %q`, m.Role)
	}
	parts, err := decodeTaggedParts(m.Parts, "kind")
	if err != nil {
		return message{}, err
	}
	return message{id: m.MessageID, role: roleUser, parts: parts, taskID: m.TaskID, contextID: m.ContextID, metadata: m.Metadata}, nil
}

// kindStart decodes and runs a send. ok is false once an error was written.
func (a *Agent) kindStart(c *rpcCall) (res sendResult, hist int, blocking, ok bool) {
	var p kindSendParams
	if !c.params(&p) {
		return res, 0, false, false
	}
	msg, err := decodeKindMessage(p.Message)
	if err != nil {
		c.fail(codeInvalidParams, err.Error())
		return res, 0, false, false
	}
	res, oerr := a.send(sendRequest{msg: msg, taskID: msg.taskID, contextID: msg.contextID, allowMessage: true, base: c.base})
	if oerr != nil {
		c.failOp(oerr)
		return res, 0, false, false
	}
	hist, blocking = -1, true
	if cfg := p.Configuration; cfg != nil {
		hist = historyParam(cfg.HistoryLength)
		if cfg.Blocking != nil {
			blocking = *cfg.Blocking
		}
		if cfg.PushNotificationConfig != nil && res.task != nil {
			_, _ = a.setPush(res.task.id, cfg.PushNotificationConfig.config())
		}
	}
	return res, hist, blocking, true
}

func (a *Agent) kindSend(c *rpcCall) {
	res, hist, blocking, ok := a.kindStart(c)
	if !ok {
		return
	}
	if res.reply != nil {
		c.reply(encodeKindMessage(*res.reply))
		return
	}
	if blocking && a.store.waitSettled(c.ctx, res.task) != nil {
		return
	}
	c.reply(encodeKindTask(a.store.view(res.task, hist)))
}

func (a *Agent) kindStream(c *rpcCall) {
	res, _, _, ok := a.kindStart(c)
	if !ok {
		return
	}
	a.kindFollow(c, res)
}

func (a *Agent) kindFollow(c *rpcCall, res sendResult) {
	if res.reply != nil {
		c.stream(encodeKindMessage(*res.reply), a, res, nil)
		return
	}
	v := res.first
	c.stream(encodeKindTask(v), a, res, func(e event) any { return encodeKindEvent(v.id, v.contextID, e) })
}

func (a *Agent) kindPushSet(c *rpcCall) {
	var p struct {
		TaskID string    `json:"taskId"`
		Config *kindPush `json:"pushNotificationConfig"`
	}
	if !c.params(&p) {
		return
	}
	if p.Config == nil {
		c.fail(codeInvalidParams, "params.pushNotificationConfig is required")
		return
	}
	cfg, err := a.setPush(p.TaskID, p.Config.config())
	answer(c, cfg, err, kindPushReply(p.TaskID))
}

// kindPushReply is TaskPushNotificationConfig.
func kindPushReply(taskID string) func(pushConfig) map[string]any {
	return func(cfg pushConfig) map[string]any {
		return map[string]any{"taskId": taskID, "pushNotificationConfig": encodeKindPush(cfg)}
	}
}

type kindPushRef struct {
	ID     string `json:"id"`
	Config string `json:"pushNotificationConfigId"`
}

func (a *Agent) kindPushGet(c *rpcCall) {
	var p kindPushRef
	if !c.params(&p) {
		return
	}
	cfg, err := a.getPush(p.ID, p.Config)
	answer(c, cfg, err, kindPushReply(p.ID))
}

func (a *Agent) kindPushList(c *rpcCall) {
	var p kindPushRef
	if !c.params(&p) {
		return
	}
	cfgs, err := a.listPush(p.ID)
	answer(c, cfgs, err, func(cfgs []pushConfig) []map[string]any {
		out := make([]map[string]any, 0, len(cfgs))
		for _, cfg := range cfgs {
			out = append(out, kindPushReply(p.ID)(cfg))
		}
		return out
	})
}

func (a *Agent) kindPushDelete(c *rpcCall) {
	var p kindPushRef
	if !c.params(&p) {
		return
	}
	if p.Config == "" {
		c.fail(codeInvalidParams, "params.pushNotificationConfigId is required")
		return
	}
	if err := a.deletePush(p.ID, p.Config); err != nil {
		c.failOp(err)
		return
	}
	c.reply(nil)
}

func encodeKindMessage(m message) map[string]any {
	out := map[string]any{"kind": "message", "messageId": m.id, "role": string(m.role), "parts": encodeTaggedParts(m.parts, "kind")}
	if m.taskID != "" {
		out["taskId"] = m.taskID
	}
	if m.contextID != "" {
		out["contextId"] = m.contextID
	}
	return out
}

func encodeKindStatus(st status) map[string]any {
	return statusObject(st, string(st.state), encodeKindMessage)
}

func encodeKindArtifact(a artifact) map[string]any {
	return artifactObject(a, encodeTaggedParts(a.parts, "kind"))
}

func encodeKindTask(v taskView) map[string]any {
	t := map[string]any{"kind": "task", "id": v.id, "contextId": v.contextID, "status": encodeKindStatus(v.status)}
	arts := make([]map[string]any, 0, len(v.artifacts))
	for _, a := range v.artifacts {
		arts = append(arts, encodeKindArtifact(a))
	}
	t["artifacts"] = arts
	if len(v.history) > 0 {
		hist := make([]map[string]any, 0, len(v.history))
		for _, m := range v.history {
			hist = append(hist, encodeKindMessage(m))
		}
		t["history"] = hist
	}
	return t
}

func encodeKindEvent(taskID, contextID string, e event) map[string]any {
	if e.status != nil {
		return map[string]any{"kind": "status-update", "taskId": taskID, "contextId": contextID, "status": encodeKindStatus(*e.status), "final": e.status.state.settled()}
	}
	ch := e.artifact
	return map[string]any{"kind": "artifact-update", "taskId": taskID, "contextId": contextID, "artifact": encodeKindArtifact(ch.art), "append": ch.append, "lastChunk": ch.lastChunk}
}
