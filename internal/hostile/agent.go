package hostile

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// The healthy agent: one task, one answer in two chunks.

const (
	TaskID    = "task-1"
	ContextID = "ctx-1"
	Answer    = "Hello world"
)

func task(state string, artifacts ...any) map[string]any {
	t := map[string]any{"kind": "task", "id": TaskID, "contextId": ContextID, "status": map[string]any{"state": state}}
	if len(artifacts) > 0 {
		t["artifacts"] = artifacts
	}
	return t
}

func status(taskID, state string, final bool) map[string]any {
	return map[string]any{"kind": "status-update", "taskId": taskID, "contextId": ContextID,
		"status": map[string]any{"state": state}, "final": final}
}

func artifact(id, text string) map[string]any {
	return map[string]any{"artifactId": id, "name": id, "parts": []any{map[string]any{"kind": "text", "text": text}}}
}

func chunk(taskID, text string, appendTo, last bool) map[string]any {
	return map[string]any{"kind": "artifact-update", "taskId": taskID, "contextId": ContextID,
		"artifact": artifact("answer", text), "append": appendTo, "lastChunk": last}
}

// streamed is what message/stream sends when healthy.
func streamed() []any {
	return []any{
		task("submitted"),
		status(TaskID, "working", false),
		chunk(TaskID, "Hello ", false, false),
		chunk(TaskID, "world", true, true),
		status(TaskID, "completed", true),
	}
}

// resubscribed is what tasks/resubscribe sends when healthy: the rest of
// the task, the answer whole.
func resubscribed() []any {
	return []any{
		status(TaskID, "working", false),
		chunk(TaskID, Answer, false, true),
		status(TaskID, "completed", true),
	}
}

func healthy(w http.ResponseWriter, c rpcCall) {
	switch c.Method {
	case "message/send", "tasks/get":
		result(w, c.ID, task("completed", artifact("answer", Answer)))
	case "tasks/cancel":
		result(w, c.ID, task("canceled"))
	case "message/stream":
		events(w, c.ID, streamed()...)
	case "tasks/resubscribe":
		events(w, c.ID, resubscribed()...)
	default:
		writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": c.ID, "error": map[string]any{"code": -32601, "message": "no such method"}})
	}
}

func isStream(method string) bool {
	return method == "message/stream" || method == "tasks/resubscribe"
}

func result(w http.ResponseWriter, id json.RawMessage, r any) {
	writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": id, "result": r})
}

// events writes each result as one SSE event of a JSON-RPC response.
func events(w http.ResponseWriter, id json.RawMessage, rs ...any) {
	sseHeader(w)
	for _, r := range rs {
		event(w, id, r)
	}
}

func sseHeader(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	flush(w)
}

func event(w http.ResponseWriter, id json.RawMessage, r any) {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "result": r})
	fmt.Fprintf(w, "data: %s\n\n", b)
	flush(w)
}

func flush(w http.ResponseWriter) {
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}
