package hostile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// fault answers a request with f.
func (s *Server) fault(w http.ResponseWriter, r *http.Request, c rpcCall, f *Fault) {
	stream := isStream(c.Method)
	switch f.Mode {
	case Status:
		if f.RetryAfter != "" {
			w.Header().Set("Retry-After", f.RetryAfter)
		}
		if f.ContentType != "" {
			w.Header().Set("Content-Type", f.ContentType)
		}
		w.WriteHeader(f.Status)
		fmt.Fprint(w, f.Body)
	case Reflect:
		code := f.Status
		if code == 0 {
			code = http.StatusInternalServerError
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		writeJSON(w, map[string]any{"error": map[string]any{"message": "bad credentials: " + r.Header.Get("Authorization") + " / " + r.Header.Get("X-Api-Key")}})
	case Unsupported:
		writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": c.ID, "error": map[string]any{"code": -32601, "message": "Method not found"}})
	case Redirect:
		code := f.Status
		if code == 0 {
			code = http.StatusTemporaryRedirect
		}
		w.Header().Set("Location", f.Location+r.URL.Path)
		w.WriteHeader(code)
	case InvalidJSON:
		if stream {
			sseHeader(w)
			fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"kind\":\"task\",\"id\":\n\n", c.ID)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, "{this is not json")
	case WrongID:
		wrong := json.RawMessage(`"not-your-id"`)
		if stream {
			events(w, wrong, streamed()...)
			return
		}
		healthy(w, rpcCall{ID: wrong, Method: c.Method})
	case ResultAndError:
		both := map[string]any{"jsonrpc": "2.0", "id": c.ID, "result": task("completed"), "error": map[string]any{"code": -32603, "message": "both"}}
		if stream {
			sseHeader(w)
			b, _ := json.Marshal(both)
			fmt.Fprintf(w, "data: %s\n\n", b)
			return
		}
		writeJSON(w, both)
	case UnknownThings:
		s.unknownThings(w, c, stream)
	case OtherTask:
		if !stream {
			healthy(w, c)
			return
		}
		events(w, c.ID,
			task("submitted"),
			status("task-evil", "completed", true),
			chunk("task-evil", "EVIL", false, true),
			chunk(TaskID, "Hello ", false, false),
			chunk(TaskID, "world", true, true),
			status(TaskID, "completed", true))
	case AppendMissing:
		if !stream {
			healthy(w, c)
			return
		}
		events(w, c.ID,
			task("submitted"),
			chunk(TaskID, "Hello ", true, false),
			chunk(TaskID, "world", true, true),
			status(TaskID, "completed", true))
	case InvalidUTF8:
		invalidUTF8(w, c, stream)
	case HugeLine:
		s.hugeLine(w, r, c, stream, f.HugeSize)
	case KeepAlives:
		s.keepAlives(w, r)
	case Silent:
		<-r.Context().Done()
	case SilentStream:
		sseHeader(w)
		<-r.Context().Done()
	case SlowStream:
		sseHeader(w)
		for i, ev := range streamed() {
			if i > 0 {
				select {
				case <-time.After(f.Pause):
				case <-r.Context().Done():
					return
				}
			}
			event(w, c.ID, ev)
		}
	case CutStream:
		events(w, c.ID, streamed()[:3]...)
		fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":%s,\"res", c.ID)
		flush(w)
		// The connection drops without the end of the chunked body: the
		// client sees an unexpected EOF, as when a proxy or Wi-Fi drops.
		panic(http.ErrAbortHandler)
	case PushOther:
		s.pushOther(w, c, f)
	case ContextOne:
		contextOne(w, c)
	case Hostile:
		s.hostileText(w, r, c, stream)
	case DropOnCut:
		s.dropOnCut(w, c)
	case Spoof:
		s.textEverywhere(w, r, c, stream, Spoofed)
	case Trickle:
		s.trickle(w, r, c, f)
	case ReplaceWidths:
		s.replaceWidths(w, c, f.Pause)
	case TurnNames:
		s.turnNames(w, c)
	default:
		http.Error(w, "unknown hostile mode "+string(f.Mode), http.StatusInternalServerError)
	}
}

// unknownThings sends states, part kinds and fields no spec defines,
// around a task that still completes with the usual answer.
func (s *Server) unknownThings(w http.ResponseWriter, c rpcCall, stream bool) {
	odd := task("frobnicating")
	odd["x-future-field"] = map[string]any{"nested": []any{1, "two", nil}}
	hologram := map[string]any{"kind": "hologram", "beam": "blue", "metadata": map[string]any{"x": 1}}
	oddStatus := status(TaskID, "pondering", false)
	oddStatus["status"].(map[string]any)["message"] = map[string]any{"kind": "message", "messageId": "m1", "role": "agent",
		"parts": []any{hologram, map[string]any{"kind": "text", "text": "thinking"}}, "x-mood": "curious"}
	first := chunk(TaskID, "Hello ", false, false)
	first["artifact"].(map[string]any)["parts"] = []any{map[string]any{"kind": "text", "text": "Hello "}, hologram}
	first["x-sequence"] = 7
	if !stream {
		done := task("completed", artifact("answer", Answer))
		done["x-future-field"] = true
		result(w, c.ID, done)
		return
	}
	events(w, c.ID, odd, oddStatus, first, chunk(TaskID, "world", true, true),
		map[string]any{"kind": "telepathy", "taskId": TaskID, "thought": "hm"},
		status(TaskID, "completed", true))
}

// invalidUTF8 puts bytes that are not UTF-8 inside JSON strings, which a
// JSON encoder would never write, so the reply is written by hand.
func invalidUTF8(w http.ResponseWriter, c rpcCall, stream bool) {
	text := "Hello \xff\xfe\xc3("
	if !stream {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"kind":"task","id":%q,"contextId":%q,"status":{"state":"completed"},`+
			`"artifacts":[{"artifactId":"answer","parts":[{"kind":"text","text":"%sworld"}]}]}}`, c.ID, TaskID, ContextID, text)
		return
	}
	events(w, c.ID, task("submitted"))
	fmt.Fprintf(w, `data: {"jsonrpc":"2.0","id":%s,"result":{"kind":"artifact-update","taskId":%q,"contextId":%q,`+
		`"artifact":{"artifactId":"answer","name":"%sname","parts":[{"kind":"text","text":"%s"}]}}}`+"\n\n", c.ID, TaskID, ContextID, "\xff", text)
	event(w, c.ID, chunk(TaskID, "world", true, true))
	event(w, c.ID, status(TaskID, "completed", true))
}

// hugeLine writes one event (or one JSON body) of HugeSize bytes from a
// small buffer, so the server itself stays small, and stops as soon as
// the client hangs up.
func (s *Server) hugeLine(w http.ResponseWriter, r *http.Request, c rpcCall, stream bool, size int) {
	if size <= 0 {
		size = 50 << 20
	}
	if stream {
		sseHeader(w)
		fmt.Fprint(w, "data: ")
	} else {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"`, c.ID)
	}
	block := bytes.Repeat([]byte("a"), 64<<10)
	for n := 0; n < size; n += len(block) {
		if r.Context().Err() != nil {
			return
		}
		m, err := w.Write(block[:min(len(block), size-n)])
		s.sent.Add(int64(m))
		if err != nil {
			return
		}
	}
	if stream {
		fmt.Fprint(w, "\n\n")
	} else {
		fmt.Fprint(w, `"}]}}`)
	}
}

// keepAlives writes SSE comments and empty events until the client goes.
func (s *Server) keepAlives(w http.ResponseWriter, r *http.Request) {
	sseHeader(w)
	batch := bytes.Repeat([]byte(": keep-alive\n\ndata:\n\nevent: ping\n\n\n"), 128)
	for r.Context().Err() == nil {
		n, err := w.Write(batch)
		s.sent.Add(int64(n))
		if err != nil {
			return
		}
		flush(w)
		time.Sleep(200 * time.Microsecond)
	}
}
