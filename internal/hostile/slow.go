package hostile

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"
)

// Trickle sends its reply one byte every Fault.Pause (default 2 s): the
// card for a GET, a healthy JSON reply (never an event stream) for a
// JSON-RPC call, or, with Fault.Status, that status and Fault.Body (a
// long page by default). Headers go at once; the body never seems to end.
const Trickle Mode = "trickle"

// trickle writes what the request would get, slowly, until the client
// hangs up or the reply is out.
func (s *Server) trickle(w http.ResponseWriter, r *http.Request, c rpcCall, f *Fault) {
	pause := f.Pause
	if pause <= 0 {
		pause = 2 * time.Second
	}
	var body []byte
	switch {
	case f.Status != 0:
		body = []byte(f.Body)
		if len(body) == 0 {
			body = []byte("<html><body><h1>Slow error</h1>" + strings.Repeat("<p>more</p>", 1000) + "</body></html>")
		}
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(f.Status)
	case r.Method == http.MethodGet:
		rec := httptest.NewRecorder()
		s.card(rec, r)
		body = rec.Body.Bytes()
		w.Header().Set("Content-Type", "application/json")
	default:
		body, _ = json.Marshal(map[string]any{"jsonrpc": "2.0", "id": c.ID, "result": task("completed", artifact("answer", Answer))})
		w.Header().Set("Content-Type", "application/json")
	}
	flush(w)
	for b := range bytes.SplitSeq(body, nil) {
		if _, err := w.Write(b); err != nil {
			return
		}
		flush(w)
		select {
		case <-time.After(pause):
		case <-r.Context().Done():
			return
		}
	}
}
