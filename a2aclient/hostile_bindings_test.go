package a2aclient

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Every binding parley speaks is held to the same rules, whichever code
// it shares with another since the bindings were folded together (REST
// v0.3 and v1.0 share restEndpoint, JSON-RPC v0.1 to v0.3 share kwTasks,
// v1.0 JSON-RPC and gRPC share v10Ops): a task id or tenant an agent or
// a user gives cannot move a request to another path, and credentials go
// to no origin the user did not trust, whether a card or a redirect
// names it. gRPC has no URL path: its tenant and ids travel as fields.

// httpBindings are the dialects that speak over HTTP, each with the URL
// its interface has on a server at base.
var httpBindings = []struct {
	d    Dialect
	b    Binding
	path string // the interface's path on the server
}{
	{DialectV01, BindingJSONRPC, "/rpc"},
	{DialectV02, BindingJSONRPC, "/rpc"},
	{DialectV03, BindingJSONRPC, "/rpc"},
	{DialectV10, BindingJSONRPC, "/rpc"},
	{DialectV03REST, BindingREST, "/rest"},
	{DialectV10REST, BindingREST, "/rest"},
	{DialectGateway, BindingREST, "/v1/a2a/agents/a1"},
}

// hostileIDs are task ids, config ids and tenants that would move a
// request if they were pasted into its path unescaped or unchecked.
var hostileIDs = []string{"../x", "..", ".", "a/../../x", "%2e%2e/x", "%2F", "a%2Fb", "?a=b", "#frag", "x?a=b#c", "", "a//b"}

// pathRecorder is an agent that answers every request with 404 and
// keeps the path and query each one asked for.
type pathRecorder struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []*http.Request
}

func startPathRecorder(t *testing.T) *pathRecorder {
	r := &pathRecorder{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		r.reqs = append(r.reqs, req.Clone(context.Background()))
		r.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"error":{"code":404,"message":"no"}}`))
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *pathRecorder) take() []*http.Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.reqs
	r.reqs = nil
	return out
}

// dotSegment says whether a path, as the server reads it (decoded), has
// a segment that moves it (".", "..") or an empty one ("a//b", a
// trailing "/"): a server, a proxy or Go's own ServeMux cleans those
// away and routes the request somewhere else.
func dotSegment(p string) bool {
	for _, s := range strings.Split(strings.TrimPrefix(p, "/"), "/") {
		if s == "." || s == ".." || s == "" {
			return true
		}
	}
	return false
}

func TestHostileIDsNeverMoveTheRequest(t *testing.T) {
	srv := startPathRecorder(t)
	for _, hb := range httpBindings {
		for _, id := range hostileIDs {
			t.Run(string(hb.d)+"/"+id, func(t *testing.T) {
				ag := &Agent{Name: "a", CardURL: srv.URL + "/.well-known/agent-card.json",
					Interfaces: []Interface{{URL: srv.URL + hb.path, Binding: hb.b, Dialect: hb.d}}}
				c, err := NewClient(ag, Options{Tenant: id})
				if err != nil {
					t.Fatal(err)
				}
				ctx := hostileCtx(t)
				srv.take()
				msg := Message{Parts: []Part{TextPart("hi")}, TaskID: id, ContextID: id}
				_, _ = c.Send(ctx, SendRequest{Message: msg})
				if st, err := c.Stream(ctx, SendRequest{Message: msg}); err == nil {
					st.Close()
				}
				_, _ = c.Get(ctx, id, nil)
				_, _ = c.Cancel(ctx, id)
				if st, err := c.Resubscribe(ctx, id); err == nil {
					st.Close()
				}
				_, _ = c.ListTasks(ctx, ListTasksRequest{ContextID: id, PageToken: id})
				_, _ = c.SetPushConfig(ctx, PushConfig{ID: id, TaskID: id, URL: "http://127.0.0.1:1/push"})
				_, _ = c.GetPushConfig(ctx, id, id)
				_, _ = c.ListPushConfigs(ctx, id)
				_ = c.DeletePushConfig(ctx, id, id)
				_, _ = c.ExtendedCard(ctx)
				for _, r := range srv.take() {
					where := r.Method + " " + r.RequestURI
					if hb.b == BindingJSONRPC && r.Method == http.MethodGet {
						continue // the v0.2/v0.3 extended card, at a fixed path of the card's origin
					}
					if !strings.HasPrefix(r.URL.Path, hb.path) {
						t.Errorf("%s: left the interface's path %s", where, hb.path)
					}
					if hb.b == BindingJSONRPC && r.RequestURI != hb.path {
						t.Errorf("%s: a JSON-RPC call goes to %s and nowhere else", where, hb.path)
					}
					if dotSegment(r.URL.Path) {
						t.Errorf("%s: the path %q has a segment a server would clean away", where, r.URL.Path)
					}
					if r.URL.Query().Has("a") || strings.Contains(r.URL.RawQuery, "#") {
						t.Errorf("%s: the id became part of the query", where)
					}
				}
			})
		}
	}
}
