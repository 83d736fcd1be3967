package demoagent

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// The gateway dialect (seed 004): a task-style REST API in front of agents.
// Sends are fire-and-forget (202) and clients poll the task. It has no
// streaming. Task status words, chosen from the seed's examples:
//
//	submitted      accepted, not started
//	running        working
//	input_required waiting for the user's answer
//	auth_required  waiting for the user to sign in
//	done           completed
//	failed         failed, or rejected (terminationCode "rejected")
//	canceled       canceled
//
// A task's "message" is its latest assistant output: the artifacts' text
// once there are artifacts, else the latest status message.

const gatewayAgentID = "demo"

const gatewayAPI = prefixGateway + "/v1/a2a/agents"

func (a *Agent) gatewayHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		switch {
		case p == prefixGateway+"/.well-known/agent-card.json":
			a.gatewayCardResponse(w, r)
		case p == gatewayAPI:
			if allowMethods(w, r, http.MethodGet, http.MethodHead) {
				a.gatewayAgents(w, r)
			}
		case strings.HasPrefix(p, gatewayAPI+"/"):
			a.gatewayAgentRoute(w, r, strings.TrimPrefix(p, gatewayAPI+"/"))
		default:
			gatewayError(w, http.StatusNotFound, "not found: "+p)
		}
	})
}

func gatewayError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

func (a *Agent) gatewayCard(base string) map[string]any {
	c := a.baseCard(description + " This card speaks the gateway task API: POST message:send, then poll the task.")
	c["url"] = base + gatewayAPI + "/" + gatewayAgentID + "/message:send"
	c["capabilities"] = map[string]any{"taskManagement": true, "streaming": false, "agentDiscovery": true}
	return c
}

// gatewayCardResponse adds the caching headers the seed describes, with
// If-None-Match support ("*" or a comma-separated list).
func (a *Agent) gatewayCardResponse(w http.ResponseWriter, r *http.Request) {
	if !allowMethods(w, r, http.MethodGet, http.MethodHead) {
		return
	}
	body := marshal(a.gatewayCard(baseURL(r)))
	sum := sha256.Sum256(body)
	etag := `W/"a2a-agents-` + hex.EncodeToString(sum[:8]) + `"`
	w.Header().Set("Cache-Control", "public, max-age=30, must-revalidate")
	w.Header().Set("ETag", etag)
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		for _, tag := range strings.Split(inm, ",") {
			if tag = strings.TrimSpace(tag); tag == "*" || tag == etag {
				w.WriteHeader(http.StatusNotModified)
				return
			}
		}
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}

func (a *Agent) gatewayAgents(w http.ResponseWriter, r *http.Request) {
	base := baseURL(r) + gatewayAPI + "/" + gatewayAgentID
	writeJSON(w, http.StatusOK, map[string]any{"agents": []map[string]any{{
		"id":           gatewayAgentID,
		"name":         a.opts.Name,
		"description":  description,
		"url":          base + "/message:send",
		"agentCardUrl": base + "/agent-card",
	}}})
}

// gatewayAgentRoute serves {agent}/agent-card, {agent}/message:send,
// {agent}/tasks/{id} and {agent}/tasks/{id}:cancel.
func (a *Agent) gatewayAgentRoute(w http.ResponseWriter, r *http.Request, rest string) {
	agentID, sub, _ := strings.Cut(rest, "/")
	if agentID != gatewayAgentID {
		gatewayError(w, http.StatusNotFound, "not found: unknown agent "+agentID)
		return
	}
	switch {
	case sub == "agent-card":
		if allowMethods(w, r, http.MethodGet, http.MethodHead) {
			writeJSON(w, http.StatusOK, a.gatewayCard(baseURL(r)))
		}
	case strings.HasPrefix(sub, "message:"):
		if sub != "message:send" {
			gatewayError(w, http.StatusBadRequest, "bad request: unsupported A2A action; expected 'message:send'")
			return
		}
		if allowMethods(w, r, http.MethodPost) {
			a.gatewaySend(w, r)
		}
	case strings.HasPrefix(sub, "tasks/"):
		id := strings.TrimPrefix(sub, "tasks/")
		if strings.Contains(id, "/") {
			gatewayError(w, http.StatusNotFound, "not found: "+r.URL.Path)
			return
		}
		if taskID, ok := strings.CutSuffix(id, ":cancel"); ok {
			if allowMethods(w, r, http.MethodPost) {
				a.gatewayCancel(w, taskID)
			}
			return
		}
		if strings.Contains(id, ":") {
			gatewayError(w, http.StatusBadRequest, "bad request: cancel path must end with :cancel")
			return
		}
		if allowMethods(w, r, http.MethodGet, http.MethodHead) {
			a.gatewayTask(w, id)
		}
	default:
		gatewayError(w, http.StatusNotFound, "not found: "+r.URL.Path)
	}
}

type gatewaySendBody struct {
	ContextID  string            `json:"contextId"`
	ContextID2 string            `json:"context_id"`
	TaskID     string            `json:"taskId"`
	TaskID2    string            `json:"task_id"`
	Input      *string           `json:"input"`
	Message    *json.RawMessage  `json:"message"`
	Decisions  []json.RawMessage `json:"decisions"`
}

// messageText reads {role?, content} where content is a string or a list
// of strings or {text} objects.
func gatewayMessageText(raw json.RawMessage) (string, error) {
	var m struct {
		Content json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(raw, &m); err != nil || len(m.Content) == 0 {
		return "", fmt.Errorf(`message must be {"role":…, "content":…}`)
	}
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return s, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(m.Content, &items); err != nil {
		return "", fmt.Errorf("message.content must be a string or a list")
	}
	var parts []string
	for _, it := range items {
		var t struct {
			Text string `json:"text"`
		}
		if json.Unmarshal(it, &s) == nil {
			parts = append(parts, s)
		} else if json.Unmarshal(it, &t) == nil {
			parts = append(parts, t.Text)
		}
	}
	return strings.Join(parts, "\n"), nil
}

func (a *Agent) gatewaySend(w http.ResponseWriter, r *http.Request) {
	raw, err := readBody(r)
	if err != nil {
		gatewayError(w, http.StatusBadRequest, "bad request: "+err.Error())
		return
	}
	var b gatewaySendBody
	if err := json.Unmarshal(raw, &b); err != nil {
		gatewayError(w, http.StatusBadRequest, "bad request: body must be a JSON object")
		return
	}
	taskID, contextID := cmp.Or(b.TaskID, b.TaskID2), cmp.Or(b.ContextID, b.ContextID2)
	var text string
	hasText := b.Input != nil || b.Message != nil
	switch {
	case b.Input != nil:
		text = *b.Input
	case b.Message != nil:
		if text, err = gatewayMessageText(*b.Message); err != nil {
			gatewayError(w, http.StatusBadRequest, "bad request: "+err.Error())
			return
		}
	}
	if !hasText && len(b.Decisions) == 0 && taskID == "" && contextID == "" {
		gatewayError(w, http.StatusBadRequest, "bad request: empty payload; send input, message, decisions, taskId or contextId")
		return
	}
	if !hasText && len(b.Decisions) > 0 {
		a.gatewayDecisions(w, taskID)
		return
	}
	res, oerr := a.send(sendRequest{
		msg:    message{role: roleUser, parts: []part{textPart(text)}},
		taskID: taskID, contextID: contextID, base: baseURL(r),
	})
	if oerr != nil {
		switch oerr.kind {
		case errTaskNotFound:
			gatewayError(w, http.StatusNotFound, "not found: "+oerr.msg)
		default:
			gatewayError(w, http.StatusBadRequest, "bad request: "+oerr.msg)
		}
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"contextId": res.first.contextID, "taskId": res.first.id, "status": "submitted"})
}

// gatewayDecisions acknowledges tool-call decisions; the demo has no tool
// calls, so they change nothing.
func (a *Agent) gatewayDecisions(w http.ResponseWriter, taskID string) {
	if taskID == "" {
		gatewayError(w, http.StatusBadRequest, "bad request: decision-only requests require taskId")
		return
	}
	t, ok := a.store.get(taskID)
	if !ok {
		gatewayError(w, http.StatusNotFound, "not found: task "+taskID)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"contextId": t.contextID, "taskId": t.id, "status": "decision_forwarded"})
}

func (a *Agent) gatewayCancel(w http.ResponseWriter, id string) {
	_, err := a.cancel(id)
	switch {
	case err == nil:
		writeJSON(w, http.StatusAccepted, map[string]string{"taskId": id, "status": "cancel_requested"})
	case err.kind == errNotCancelable:
		gatewayError(w, http.StatusBadRequest, "task is not active")
	default:
		gatewayError(w, http.StatusNotFound, "not found: task "+id)
	}
}

func gatewayStatus(s state) string {
	switch s {
	case stateWorking:
		return "running"
	case stateInputRequired:
		return "input_required"
	case stateAuthRequired:
		return "auth_required"
	case stateCompleted:
		return "done"
	case stateRejected:
		return "failed"
	}
	return string(s) // submitted, failed, canceled
}

func (a *Agent) gatewayTask(w http.ResponseWriter, id string) {
	v, err := a.getTask(id, -1)
	if err != nil {
		gatewayError(w, http.StatusNotFound, "not found: task "+id)
		return
	}
	var code, detail any
	switch v.status.state {
	case stateFailed, stateCanceled, stateRejected:
		code, detail = string(v.status.state), v.status.msg.text()
	}
	arts := make([]map[string]string, 0, len(v.artifacts))
	var out []string
	for _, art := range v.artifacts {
		c := renderParts(art.parts)
		arts = append(arts, map[string]string{"content": c})
		out = append(out, c)
	}
	var msg any
	switch {
	case len(out) > 0:
		msg = map[string]string{"role": "assistant", "content": strings.Join(out, "\n\n")}
	case v.status.msg != nil:
		msg = map[string]string{"role": "assistant", "content": renderParts(v.status.msg.parts)}
	}
	hist := make([]map[string]string, 0, len(v.history))
	for _, m := range v.history {
		r := "user"
		if m.role == roleAgent {
			r = "assistant"
		}
		hist = append(hist, map[string]string{"role": r, "content": renderParts(m.parts)})
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"taskId": v.id, "contextId": v.contextID, "status": gatewayStatus(v.status.state),
		"origin": "a2a", "terminationCode": code, "terminationDetail": detail,
		"createdAt": v.created.UnixMilli(), "updatedAt": v.status.at.UnixMilli(),
		"message": msg, "artifacts": arts, "history": hist,
	})
}

// renderParts flattens parts to text, as the gateway carries text only:
// data becomes JSON, text files their contents, other files a placeholder.
// Text parts join as they are, since streamed chunks concatenate.
func renderParts(ps []part) string {
	var b strings.Builder
	for _, p := range ps {
		if p.kind != partText && b.Len() > 0 {
			b.WriteString("\n")
		}
		switch p.kind {
		case partText:
			b.WriteString(p.text)
		case partData:
			b.Write(marshal(p.data))
		case partFile:
			if strings.HasPrefix(p.file.mimeType, "text/") && len(p.file.bytes) > 0 {
				b.Write(p.file.bytes)
			} else {
				b.WriteString("[file " + p.file.name + "]")
			}
		}
	}
	return b.String()
}
