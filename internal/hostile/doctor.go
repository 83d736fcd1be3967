package hostile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"
)

// DoctorOptions make a DoctorAgent whose card lies in one way each, for
// parley doctor's checks to catch. The zero value is an honest v0.3
// JSON-RPC agent: TaskNotFound (-32001) for an unknown task id, task-1
// completed for a message, streamed when asked.
type DoctorOptions struct {
	// RefuseStreaming: the card declares streaming, message/stream is
	// refused with UnsupportedOperation (-32004).
	RefuseStreaming bool
	// AbsentInterface: the card lists a REST interface at /missing,
	// where nothing answers but 404.
	AbsentInterface bool
	// DeclareV10: the card is a v1.0 card declaring /rpc as v1.0
	// JSON-RPC, which answers in v0.3.
	DeclareV10 bool
	// MissingFields: the card has no name and no description.
	MissingFields bool
	// Secured: the card requires a bearer token. Enforced says the
	// agent refuses a request without one (401); without it, the agent
	// answers anyway.
	Secured, Enforced bool
	// SloppyErrors: malformed requests get the wrong answers: a parse
	// error and a request without a method are "Method not found"
	// (-32601), and invalid params are HTTP 500 with a plain-text body.
	SloppyErrors bool
	// Push: the card declares push notifications, a config is taken and
	// a message sent with one is pushed (task-1 failed, from the hostile
	// push sender) to its URL. PushRefused: the card declares them, but
	// a config is refused (-32003) and nothing is pushed.
	Push, PushRefused bool
	// PushFlood: as Push, but before the agent's notification another
	// process floods parley's receiver with notifications without the
	// config's token (for a task of its own).
	PushFlood bool
	// ManyInterfaces: the card lists this many more JSON-RPC interfaces,
	// each /rpc with a query of its own, so that every one is a URL of
	// its own (a card making the doctor probe without end).
	ManyInterfaces int
	// V10: the card declares /rpc as v1.0 JSON-RPC, whose GetTask the
	// agent answers as tasks/get, its TaskNotFound (-32001) without the
	// google.rpc.ErrorInfo v1.0 requires in error.data.
	V10 bool
	// SloppyREST: the card lists a v0.3 REST interface, /rest, that
	// answers GetTask of an unknown task with 404 and TASK_NOT_FOUND,
	// and every other request with HTTP 500 and plain text.
	SloppyREST bool
	// ForgetfulGet: GetTask returns task-1 with its answer cut short
	// ("Hello"), not the "Hello world" its stream and send showed.
	ForgetfulGet bool
	// SecondAgent: the card lists a second JSON-RPC interface, /other,
	// an agent of its own: its task is task-2, and it never heard of
	// task-1, nor /rpc of task-2.
	SecondAgent bool
}

// DoctorAgent starts an agent made for parley doctor's tests on loopback.
func DoctorAgent(o DoctorOptions) *httptest.Server {
	var srv *httptest.Server
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/agent-card.json", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, doctorCard(o, srv.URL))
	})
	rpc := func(w http.ResponseWriter, r *http.Request) {
		if o.Secured && o.Enforced && r.Header.Get("Authorization") == "" {
			w.Header().Set("WWW-Authenticate", `Bearer realm="doctor"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		var c rpcCall
		body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		perr := json.Unmarshal(body, &c)
		if c.ID == nil {
			c.ID = json.RawMessage("null")
		}
		rpcError := func(code int, msg string) {
			writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": c.ID, "error": map[string]any{"code": code, "message": msg}})
		}
		switch {
		case o.SloppyErrors:
		case perr != nil:
			rpcError(-32700, "Invalid JSON payload")
			return
		case c.Method == "":
			rpcError(-32600, "Request payload validation error")
			return
		}
		if o.V10 && c.Method == "GetTask" {
			c.Method = "tasks/get"
		}
		switch c.Method {
		case "tasks/get":
			var p struct {
				ID string `json:"id"`
			}
			if err := json.Unmarshal(c.Params, &p); err != nil {
				if o.SloppyErrors {
					http.Error(w, "internal error", http.StatusInternalServerError)
					return
				}
				rpcError(-32602, "Invalid parameters")
				return
			}
			if p.ID != TaskID {
				rpcError(-32001, "Task not found")
				return
			}
			if o.ForgetfulGet {
				result(w, c.ID, task("completed", artifact("answer", "Hello")))
				return
			}
			result(w, c.ID, task("completed", artifact("answer", Answer)))
		case "message/send":
			var p struct {
				Configuration struct {
					Push struct {
						URL   string `json:"url"`
						Token string `json:"token"`
					} `json:"pushNotificationConfig"`
				} `json:"configuration"`
			}
			_ = json.Unmarshal(c.Params, &p)
			if o.PushFlood && p.Configuration.Push.URL != "" {
				go func(url, token string) {
					floodPush(url, 64)
					push(url, token, Answer)
				}(p.Configuration.Push.URL, p.Configuration.Push.Token)
			} else if o.Push && p.Configuration.Push.URL != "" {
				go push(p.Configuration.Push.URL, p.Configuration.Push.Token, Answer)
			}
			result(w, c.ID, task("completed", artifact("answer", Answer)))
		case "tasks/pushNotificationConfig/set":
			if !o.Push && !o.PushFlood {
				rpcError(-32003, "Push Notification is not supported")
				return
			}
			var p struct {
				TaskID string `json:"taskId"`
				Config struct {
					ID  string `json:"id"`
					URL string `json:"url"`
				} `json:"pushNotificationConfig"`
			}
			_ = json.Unmarshal(c.Params, &p)
			result(w, c.ID, map[string]any{"taskId": p.TaskID, "pushNotificationConfig": map[string]any{"id": "cfg-1", "url": p.Config.URL}})
		case "tasks/pushNotificationConfig/delete":
			result(w, c.ID, nil)
		case "message/stream":
			if o.RefuseStreaming {
				rpcError(-32004, "This operation is not supported")
				return
			}
			events(w, c.ID, streamed()...)
		default:
			rpcError(-32601, "Method not found")
		}
	}
	mux.HandleFunc("/rest/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/rest/v1/tasks/") {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"error":{"code":404,"status":"NOT_FOUND","message":"Task not found","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND","domain":"a2a-protocol.org"}]}}`)
			return
		}
		http.Error(w, "oops", http.StatusInternalServerError)
	})
	mux.HandleFunc("POST /rpc", rpc)
	mux.HandleFunc("POST /other", func(w http.ResponseWriter, r *http.Request) {
		// The same agent, but task-1 is task-2 both ways.
		body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		body = swapTask(swapTask(body, TaskID, "task-unknown"), "task-2", TaskID)
		r.Body = io.NopCloser(bytes.NewReader(body))
		rpc(swapWriter{w}, r)
	})
	srv = httptest.NewServer(mux)
	return srv
}

func doctorCard(o DoctorOptions, base string) map[string]any {
	card := map[string]any{
		"name": "doctor", "description": "An agent for parley doctor's tests.", "version": "1",
		"protocolVersion": "0.3.0", "url": base + "/rpc", "preferredTransport": "JSONRPC",
		"capabilities":      map[string]any{"streaming": true},
		"defaultInputModes": []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"},
		"skills": []any{map[string]any{"id": "s", "name": "answer", "description": "d", "tags": []string{"t"}}},
	}
	if o.AbsentInterface {
		card["additionalInterfaces"] = []any{
			map[string]any{"url": base + "/rpc", "transport": "JSONRPC"},
			map[string]any{"url": base + "/missing", "transport": "HTTP+JSON"},
		}
	}
	if o.DeclareV10 || o.V10 {
		delete(card, "url")
		delete(card, "preferredTransport")
		delete(card, "protocolVersion")
		card["supportedInterfaces"] = []any{map[string]any{"url": base + "/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}}
	}
	if o.SloppyREST {
		card["additionalInterfaces"] = []any{
			map[string]any{"url": base + "/rpc", "transport": "JSONRPC"},
			map[string]any{"url": base + "/rest", "transport": "HTTP+JSON"},
		}
	}
	if o.SecondAgent {
		card["additionalInterfaces"] = []any{
			map[string]any{"url": base + "/rpc", "transport": "JSONRPC"},
			map[string]any{"url": base + "/other", "transport": "JSONRPC"},
		}
	}
	if o.ManyInterfaces > 0 {
		more := []any{map[string]any{"url": base + "/rpc", "transport": "JSONRPC"}}
		for i := range o.ManyInterfaces {
			more = append(more, map[string]any{"url": fmt.Sprintf("%s/rpc?i=%d", base, i), "transport": "JSONRPC"})
		}
		card["additionalInterfaces"] = more
	}
	if o.Push || o.PushRefused || o.PushFlood {
		card["capabilities"] = map[string]any{"streaming": true, "pushNotifications": true}
	}
	if o.MissingFields {
		delete(card, "name")
		delete(card, "description")
	}
	if o.Secured {
		card["securitySchemes"] = map[string]any{"bearer": map[string]any{"type": "http", "scheme": "bearer"}}
		card["security"] = []any{map[string]any{"bearer": []string{}}}
	}
	return card
}

// swapTask is b with task id from replaced by to.
func swapTask(b []byte, from, to string) []byte {
	return bytes.ReplaceAll(b, []byte(`"`+from+`"`), []byte(`"`+to+`"`))
}

// swapWriter writes task-1 as task-2 (each write is whole JSON or SSE
// events, so an id is never split).
type swapWriter struct{ http.ResponseWriter }

func (s swapWriter) Write(b []byte) (int, error) {
	_, err := s.ResponseWriter.Write(swapTask(b, TaskID, "task-2"))
	return len(b), err
}

func (s swapWriter) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// floodPush posts n notifications without a token to url, as another
// process on the machine could: a task of its own, completed.
func floodPush(url string, n int) {
	body, _ := json.Marshal(map[string]any{"kind": "task", "id": "spoofed-task", "contextId": "spoofed", "status": map[string]any{"state": "completed"}})
	client := &http.Client{Timeout: 5 * time.Second}
	for range n {
		resp, err := client.Post(url, "application/json", bytes.NewReader(body))
		if err != nil {
			return
		}
		_ = resp.Body.Close()
	}
}
