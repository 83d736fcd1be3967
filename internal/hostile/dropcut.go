package hostile

import (
	"fmt"
	"net/http"
)

// DropOnCut is an agent that does not replay what a cut lost, which A2A
// allows: message/stream sends "chunk-1 " and breaks inside the event
// that carries "chunk-2 "; tasks/resubscribe goes on from where the task
// is, with "chunk-3 " and "chunk-4 ", never sending chunk-2 again;
// tasks/get and message/send hold the whole answer, DroppedAnswer.
const DropOnCut Mode = "drop-on-cut"

// DroppedAnswer is the whole answer of DropOnCut; a client that only
// assembles the streams gets it without "chunk-2 ".
const DroppedAnswer = "chunk-1 chunk-2 chunk-3 chunk-4 "

func (s *Server) dropOnCut(w http.ResponseWriter, c rpcCall) {
	switch c.Method {
	case "message/stream":
		events(w, c.ID, task("submitted"), status(TaskID, "working", false), chunk(TaskID, "chunk-1 ", false, false))
		fmt.Fprintf(w, `data: {"jsonrpc":"2.0","id":%s,"result":{"kind":"artifact-update","taskId":%q,"art`, c.ID, TaskID)
		flush(w)
		panic(http.ErrAbortHandler) // the connection drops mid-event
	case "tasks/resubscribe":
		events(w, c.ID,
			status(TaskID, "working", false),
			chunk(TaskID, "chunk-3 ", true, false),
			chunk(TaskID, "chunk-4 ", true, true),
			status(TaskID, "completed", true))
	case "tasks/get", "message/send":
		// The agent keeps each chunk as a part of its own.
		whole := map[string]any{"artifactId": "answer", "name": "answer", "parts": []any{
			map[string]any{"kind": "text", "text": "chunk-1 "}, map[string]any{"kind": "text", "text": "chunk-2 "},
			map[string]any{"kind": "text", "text": "chunk-3 "}, map[string]any{"kind": "text", "text": "chunk-4 "},
		}}
		result(w, c.ID, task("completed", whole))
	default:
		healthy(w, c)
	}
}
