package a2aclient

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/parley-a2a/parley/internal/hostile"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// Every binding parley speaks is held to the same rules, whichever code
// it shares with another since the bindings were folded together (REST
// v0.3 and v1.0 share restEndpoint, JSON-RPC v0.1 to v0.3 share taggedTasks,
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

// grpcSink is a gRPC server on loopback that keeps the metadata of every
// call, whatever the service, and answers each with Unimplemented.
type grpcSink struct {
	addr string
	mu   sync.Mutex
	md   []metadata.MD
}

func startGRPCSink(t *testing.T) *grpcSink {
	t.Helper()
	g := &grpcSink{}
	s := grpc.NewServer(grpc.UnknownServiceHandler(func(_ any, st grpc.ServerStream) error {
		md, _ := metadata.FromIncomingContext(st.Context())
		g.mu.Lock()
		g.md = append(g.md, md.Copy())
		g.mu.Unlock()
		return status.Error(codes.Unimplemented, "no")
	}))
	g.addr = serveGRPC(t, s)
	return g
}

func (g *grpcSink) leaks(secret string) (calls int, leaks []string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, md := range g.md {
		for k, vs := range md {
			for _, v := range vs {
				if strings.Contains(v, secret) {
					leaks = append(leaks, k+": "+v)
				}
			}
		}
	}
	return len(g.md), leaks
}

// everyCall makes the calls that carry credentials: a send, a stream, a
// task read and the extended card that is fetched after sign-in.
func everyCall(t *testing.T, c *Client) {
	ctx := hostileCtx(t)
	msg := Message{Parts: []Part{TextPart("hi")}}
	_, _ = c.Send(ctx, SendRequest{Message: msg})
	if st, err := c.Stream(ctx, SendRequest{Message: msg}); err == nil {
		_, _ = followAll(st)
	}
	_, _ = c.Get(ctx, "task-1", nil)
	_, _ = c.ExtendedCard(ctx)
}

// A card on the origin the user named whose endpoint, in any binding, is
// on another loopback port: that origin gets every call and no secret.
func TestHostileEveryBindingKeepsCredentialsFromAForeignEndpoint(t *testing.T) {
	for _, bc := range hostile.BindingCards {
		want := Dialect(bc.Binding)
		t.Run(bc.Binding, func(t *testing.T) {
			a, b := site(t), site(t)
			grpcB := startGRPCSink(t)
			ep := b.URL + "/rpc"
			if bc.IsGRPC() {
				ep = grpcB.addr
			}
			if want == DialectGateway {
				ep = b.URL
			}
			a.Set("/.well-known/agent-card.json", hostile.Doc{Body: bc.Card(ep)})
			c, err := Resolve(hostileCtx(t), a.URL, originOptions())
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { c.Close() })
			if c.Dialect() != want {
				t.Fatalf("the card was read as %s, want %s; the test proves nothing", c.Dialect(), want)
			}
			if c.Trusts(ep) || c.Trusts("http://"+grpcB.addr) {
				t.Fatalf("the foreign endpoint %s is trusted: %v", ep, c.TrustedOrigins())
			}
			everyCall(t, c)
			calls, leaks := grpcB.leaks(originSecret)
			calls += len(b.Requests())
			leaks = append(leaks, b.Leaks(originSecret)...)
			if calls == 0 {
				t.Fatal("the foreign endpoint was never called; the test proves nothing")
			}
			if len(leaks) > 0 {
				t.Errorf("credentials reached the foreign origin:\n%s", strings.Join(leaks, "\n"))
			}
			if len(a.Leaks(originSecret)) == 0 {
				t.Error("the card's own origin got no credential; the test proves nothing")
			}
		})
	}
}

// A 30x from the agent's own endpoint, in any HTTP binding, to another
// loopback port: the request may follow it, its credentials may not.
func TestHostileEveryBindingRedirectKeepsCredentialsHome(t *testing.T) {
	for _, bc := range hostile.BindingCards {
		if bc.IsGRPC() {
			continue // gRPC has no redirects
		}
		want := Dialect(bc.Binding)
		for _, code := range []int{http.StatusFound, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
			t.Run(fmt.Sprintf("%s/%d", bc.Binding, code), func(t *testing.T) {
				b := site(t)
				var self string
				var mu sync.Mutex
				var homeLeaks int
				a := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if strings.Contains(r.Header.Get("Authorization"), originSecret) {
						mu.Lock()
						homeLeaks++
						mu.Unlock()
					}
					if r.URL.Path == "/.well-known/agent-card.json" {
						w.Header().Set("Content-Type", "application/json")
						ep := self + "/rpc"
						if want == DialectGateway {
							ep = self
						}
						_, _ = io.WriteString(w, bc.Card(ep))
						return
					}
					http.Redirect(w, r, b.URL+r.URL.RequestURI(), code)
				}))
				t.Cleanup(a.Close)
				self = a.URL
				o := originOptions()
				c, err := Resolve(hostileCtx(t), a.URL, o)
				if err != nil {
					t.Fatal(err)
				}
				if c.Dialect() != want {
					t.Fatalf("the card was read as %s, want %s; the test proves nothing", c.Dialect(), want)
				}
				everyCall(t, c)
				if len(b.Requests()) == 0 {
					t.Fatal("no redirect was followed; the test proves nothing")
				}
				if leaks := b.Leaks(originSecret); len(leaks) > 0 {
					t.Errorf("credentials followed the redirect:\n%s", strings.Join(leaks, "\n"))
				}
				mu.Lock()
				defer mu.Unlock()
				if homeLeaks == 0 {
					t.Error("the agent's own origin got no credential; the test proves nothing")
				}
			})
		}
	}
}

// An endpoint that writes the trusted origin where a reader might take
// it for the host (userinfo, a path, a query) is on the origin after the
// "@", the "/" or the "?": that one gets nothing.
func TestHostileEndpointDressedAsTheTrustedOrigin(t *testing.T) {
	a, b := site(t), site(t)
	aHost, bHost := strings.TrimPrefix(a.URL, "http://"), strings.TrimPrefix(b.URL, "http://")
	for _, ep := range []string{
		"http://" + aHost + "@" + bHost + "/rpc",
		"http://" + bHost + "/" + aHost + "/rpc",
		"http://" + bHost + "/rpc?" + aHost,
		"http://" + bHost + "#" + aHost,
	} {
		t.Run(ep, func(t *testing.T) {
			a.SetCard("/.well-known/agent-card.json", "A", ep)
			before := len(b.Requests())
			c, err := Resolve(hostileCtx(t), a.URL, originOptions())
			if err != nil {
				t.Fatal(err)
			}
			everyCall(t, c)
			if len(b.Requests()) == before {
				t.Fatal("the endpoint's real origin was never called; the test proves nothing")
			}
			if leaks := b.Leaks(originSecret); len(leaks) > 0 {
				t.Errorf("credentials reached %s:\n%s", bHost, strings.Join(leaks, "\n"))
			}
		})
	}
}
