package demoagent

import (
	"encoding/json"
	"net/http"
)

// A2A v0.1 (specification/json/a2a.json at tag v0.1.0): JSON-RPC at the
// prefix root, client-chosen task ids, sessionId, parts tagged by "type",
// artifacts addressed by index, stream events {id,status,final} and
// {id,artifact}. v0.1 has no auth-required or rejected state: they are sent
// as input-required and failed.

func (a *Agent) v01Handler() http.Handler {
	d := &rpcDialect{methods: map[string]rpcMethod{
		"tasks/send":                 a.v01Send,
		"tasks/sendSubscribe":        a.v01SendSubscribe,
		"tasks/get":                  getTaskMethod(a, encodeV01Task),
		"tasks/cancel":               cancelTaskMethod[taskIDParams](a, encodeV01Task),
		"tasks/resubscribe":          resubscribeMethod[taskIDParams](a, false, a.v01Stream),
		"tasks/pushNotification/set": a.v01PushSet,
		"tasks/pushNotification/get": a.v01PushGet,
		"agent/getCard": func(c *rpcCall) {
			c.reply(a.v01Card(c.base))
		},
	}}
	mux := http.NewServeMux()
	mux.HandleFunc(prefixV01+"/.well-known/agent.json", serveCard(a.v01Card))
	mux.HandleFunc(prefixV01+"/.well-known/agent-card.json", serveCard(a.v01Card))
	mux.Handle(prefixV01+"/{$}", d)
	mux.HandleFunc(prefixV01+"/", notFound)
	return mux
}

func notFound(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusNotFound, map[string]string{"error": "not found: " + r.URL.Path})
}

type v01Message struct {
	Role     string            `json:"role"`
	Parts    []json.RawMessage `json:"parts"`
	Metadata map[string]any    `json:"metadata,omitempty"`
}

type v01SendParams struct {
	ID               string          `json:"id"`
	SessionID        string          `json:"sessionId"`
	Message          *v01Message     `json:"message"`
	HistoryLength    *int            `json:"historyLength"`
	PushNotification *v01PushPayload `json:"pushNotification"`
}

type v01PushPayload struct {
	URL            string `json:"url"`
	Token          string `json:"token,omitempty"`
	Authentication *struct {
		Schemes     []string `json:"schemes"`
		Credentials string   `json:"credentials,omitempty"`
	} `json:"authentication,omitempty"`
}

func (p *v01PushPayload) config() pushConfig {
	c := pushConfig{url: p.URL, token: p.Token}
	if p.Authentication != nil {
		c.authSchemes, c.authCredential = p.Authentication.Schemes, p.Authentication.Credentials
	}
	return c
}

func encodeV01Push(c pushConfig) map[string]any {
	m := map[string]any{"url": c.url}
	if c.token != "" {
		m["token"] = c.token
	}
	if len(c.authSchemes) > 0 {
		m["authentication"] = map[string]any{"schemes": c.authSchemes, "credentials": c.authCredential}
	}
	return m
}

// v01Start decodes and runs a send; ok is false once an error was written.
func (a *Agent) v01Start(c *rpcCall) (res sendResult, hist int, ok bool) {
	var p v01SendParams
	if !c.params(&p) {
		return res, 0, false
	}
	if p.ID == "" {
		c.fail(codeInvalidParams, "params.id (the client-chosen task id) is required")
		return res, 0, false
	}
	if p.Message == nil {
		c.fail(codeInvalidParams, "params.message is required")
		return res, 0, false
	}
	parts, err := decodeTaggedParts(p.Message.Parts, "type")
	if err != nil {
		c.fail(codeInvalidParams, err.Error())
		return res, 0, false
	}
	res, oerr := a.send(sendRequest{
		msg:       message{role: roleUser, parts: parts},
		taskID:    p.ID,
		newTaskID: p.ID,
		contextID: p.SessionID,
		base:      c.base,
	})
	if oerr != nil {
		c.failOp(oerr)
		return res, 0, false
	}
	if p.PushNotification != nil && p.PushNotification.URL != "" {
		_, _ = a.setPush(res.task.id, p.PushNotification.config())
	}
	return res, historyParam(p.HistoryLength), true
}

// historyParam turns an optional historyLength into the store's convention.
func historyParam(n *int) int {
	if n == nil || *n < 0 {
		return -1
	}
	return *n
}

func (a *Agent) v01Send(c *rpcCall) {
	res, hist, ok := a.v01Start(c)
	if !ok {
		return
	}
	if a.store.waitSettled(c.ctx, res.task) != nil {
		return
	}
	c.reply(encodeV01Task(a.store.view(res.task, hist)))
}

func (a *Agent) v01SendSubscribe(c *rpcCall) {
	res, _, ok := a.v01Start(c)
	if !ok {
		return
	}
	a.v01Stream(c, res)
}

// v01Stream opens with the task's current status: v0.1 streams carry only
// status and artifact events, never a Task.
func (a *Agent) v01Stream(c *rpcCall, res sendResult) {
	id := res.first.id
	c.stream(encodeV01Status(id, res.first.status), a, res, func(e event) any {
		if e.status != nil {
			return encodeV01Status(id, *e.status)
		}
		return map[string]any{"id": id, "artifact": encodeV01Chunk(*e.artifact)}
	})
}

func (a *Agent) v01PushSet(c *rpcCall) {
	var p struct {
		ID     string          `json:"id"`
		Config *v01PushPayload `json:"pushNotificationConfig"`
	}
	if !c.params(&p) {
		return
	}
	if p.Config == nil {
		c.fail(codeInvalidParams, "params.pushNotificationConfig is required")
		return
	}
	// v0.1 has one config per task: replace it.
	cfg := p.Config.config()
	cfg.id = "v01"
	saved, err := a.setPush(p.ID, cfg)
	answer(c, saved, err, v01PushReply(p.ID))
}

func (a *Agent) v01PushGet(c *rpcCall) {
	var p struct {
		ID string `json:"id"`
	}
	if !c.params(&p) {
		return
	}
	cfg, err := a.getPush(p.ID, "")
	answer(c, cfg, err, v01PushReply(p.ID))
}

// v01PushReply is TaskPushNotificationConfig, the task named "id".
func v01PushReply(taskID string) func(pushConfig) map[string]any {
	return func(cfg pushConfig) map[string]any {
		return map[string]any{"id": taskID, "pushNotificationConfig": encodeV01Push(cfg)}
	}
}

func v01State(s state) string {
	switch s {
	case stateAuthRequired:
		return string(stateInputRequired)
	case stateRejected:
		return string(stateFailed)
	}
	return string(s)
}

func encodeV01Message(m message) map[string]any {
	return map[string]any{"role": string(m.role), "parts": encodeTaggedParts(m.parts, "type")}
}

func encodeV01StatusObj(st status) map[string]any {
	return statusObject(st, v01State(st.state), encodeV01Message)
}

func encodeV01Status(id string, st status) map[string]any {
	return map[string]any{"id": id, "status": encodeV01StatusObj(st), "final": st.state.settled()}
}

func encodeV01Chunk(ch artifactChunk) map[string]any {
	m := encodeV01Artifact(ch.art, ch.index)
	m["append"] = ch.append
	m["lastChunk"] = ch.lastChunk
	return m
}

func encodeV01Artifact(a artifact, index int) map[string]any {
	m := map[string]any{"name": a.name, "parts": encodeTaggedParts(a.parts, "type"), "index": index}
	if a.description != "" {
		m["description"] = a.description
	}
	return m
}

func encodeV01Task(v taskView) map[string]any {
	arts := make([]map[string]any, 0, len(v.artifacts))
	for i, a := range v.artifacts {
		arts = append(arts, encodeV01Artifact(a, i))
	}
	hist := make([]map[string]any, 0, len(v.history))
	for _, m := range v.history {
		hist = append(hist, encodeV01Message(m))
	}
	t := map[string]any{"id": v.id, "sessionId": v.contextID, "status": encodeV01StatusObj(v.status), "artifacts": arts}
	if len(hist) > 0 {
		t["history"] = hist
	}
	return t
}
