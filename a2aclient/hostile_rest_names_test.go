package a2aclient

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// The v0.3 HTTP+JSON binding names a task twice: escaped in the URL
// path (checked by checkPathID, TestHostileIDsNeverMoveTheRequest) and
// as a resource name in the body, "tasks/{id}" or
// "tasks/{id}/pushNotificationConfigs/{config}", where nothing is
// escaped (cancel, resubscribe, push config create). A server that reads
// the body's name rather than the path splits it at "/" as a2a-go's v0.3
// layer does, so an id that changes which resource the name names is
// refused before anything is sent, like the v0.3 gRPC binding's
// (TestHostileGRPCIDsNeverChangeTheResource).

// restBody is one request a restNameSink received.
type restBody struct {
	method, path string
	body         []byte
}

// restNameSink is an agent on loopback that keeps every request's body
// and answers 404, echoing the body's name into its error as a careless
// server does.
type restNameSink struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []restBody
}

func startRESTNameSink(t *testing.T) *restNameSink {
	t.Helper()
	s := &restNameSink{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		s.reqs = append(s.reqs, restBody{r.Method, r.URL.Path, body})
		s.mu.Unlock()
		echo := ""
		for _, n := range bodyNames(body) {
			echo = n
			break
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"code": 404, "message": "no such thing: " + echo}})
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *restNameSink) take() []restBody {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.reqs
	s.reqs = nil
	return out
}

// bodyNames is every "name" and "parent" string anywhere in a JSON body:
// the members a v0.3 server reads as resource names.
func bodyNames(body []byte) []string {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return nil
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, m := range v {
				if s, ok := m.(string); ok && (k == "name" || k == "parent") {
					out = append(out, s)
				}
				walk(m)
			}
		case []any:
			for _, m := range v {
				walk(m)
			}
		}
	}
	walk(v)
	return out
}

// badNameID says whether an id would change what a v0.3 name names (an
// empty config id names none: the agent picks one).
func badNameID(id string) bool {
	return id == "" || id == "." || id == ".." || strings.Contains(id, "/")
}

func TestHostileV03RESTBodyNamesNeverChangeTheResource(t *testing.T) {
	sink := startRESTNameSink(t)
	const good = "task-1"
	for _, id := range grpcHostileIDs {
		t.Run(truncate(id, 20), func(t *testing.T) {
			ag := &Agent{Name: "a", CardURL: sink.URL + "/.well-known/agent-card.json",
				Interfaces: []Interface{{URL: sink.URL + "/rest", Binding: BindingREST, Dialect: DialectV03REST}}}
			// The sink answers resubscribe 404, so Resubscribe polls the
			// task instead (Watch), and the first poll waits PollInterval:
			// a second by default, for every id the client accepts.
			c, err := NewClient(ag, Options{PollInterval: time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			ctx := hostileCtx(t)
			sink.take()
			// Each call names the hostile id in a body, alone or beside a
			// good one, with what it names.
			type named struct {
				what       string
				task, conf string
				err        error
			}
			var calls []named
			try := func(what, task, conf string, err error) {
				calls = append(calls, named{what, task, conf, err})
			}
			_, err = c.Cancel(ctx, id)
			try("cancel", id, "", err)
			if st, err := c.Resubscribe(ctx, id); err == nil {
				_, err = followAll(st)
				try("resubscribe", id, "", err)
			} else {
				try("resubscribe", id, "", err)
			}
			_, err = c.SetPushConfig(ctx, PushConfig{ID: id, TaskID: id, URL: "http://127.0.0.1:1/push"})
			try("set push config", id, id, err)
			_, err = c.SetPushConfig(ctx, PushConfig{ID: id, TaskID: good, URL: "http://127.0.0.1:1/push"})
			try("set push config of a good task", good, id, err)
			if id != "" {
				_, err = c.SetPushConfig(ctx, PushConfig{ID: good, TaskID: id, URL: "http://127.0.0.1:1/push"})
				try("set a good push config", id, good, err)
			}
			// The calls whose bodies carry ids as fields, not names.
			msg := Message{Parts: []Part{TextPart("hi")}, TaskID: id, ContextID: id}
			_, _ = c.Send(ctx, SendRequest{Message: msg})
			if st, err := c.Stream(ctx, SendRequest{Message: msg}); err == nil {
				_, _ = followAll(st)
			}
			_, _ = c.Get(ctx, id, nil)
			_, _ = c.GetPushConfig(ctx, id, id)
			_, _ = c.ListPushConfigs(ctx, id)
			_ = c.DeletePushConfig(ctx, id, id)

			reqs := sink.take()
			for _, r := range reqs {
				for _, n := range bodyNames(r.body) {
					where := r.method + " " + r.path + " with " + idShown(id)
					task, conf, ok := readV03Name(n)
					switch {
					case !ok:
						t.Errorf("%s: the body's name %s is no resource name of one task or config", where, idShown(n))
					case task == "" || task == "." || task == ".." || conf == "." || conf == "..",
						task != id && task != good, conf != "" && conf != id && conf != good:
						t.Errorf("%s: the body's name %s names task %s, config %s", where, idShown(n), idShown(task), idShown(conf))
					}
				}
			}
			for _, call := range calls {
				if !badNameID(call.task) && (call.conf == "" || !badNameID(call.conf)) {
					continue
				}
				if call.err == nil {
					t.Errorf("%s with %s: no error; want it refused", call.what, idShown(id))
					continue
				}
				msg := call.err.Error()
				if strings.ContainsAny(msg, "\x00\n\r\x1b\x07\u202e\u200b") || len(msg) > 300 || strings.Count(msg, ". ") > 0 {
					t.Errorf("%s with %s: the error is not one clean sentence: %q", call.what, idShown(id), truncate(msg, 200))
				}
				if !strings.Contains(msg, "check the ") && !strings.Contains(msg, "give the ") {
					t.Errorf("%s with %s: the error does not say what to do: %q", call.what, idShown(id), truncate(msg, 200))
				}
			}
			if !badNameID(id) && len(reqs) == 0 {
				t.Error("no request reached the agent; the test proves nothing")
			}
		})
	}
}
