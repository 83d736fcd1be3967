package a2aclient

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
)

// A reply over max_event_size is not read past the limit and not
// parsed, so no record of it reached the wire log: the f2 Wire view
// showed the request and then nothing. As for gRPC
// (TestWireLogSaysAGRPCReplyOverTheLimitWasParleys), parley adds one note
// of its own that the reply was over its limit and was not read, without
// the body, which may hold anything. Every HTTP binding, for a plain
// reply, a stream answered with one body, and an event of a stream.
func TestWireLogSaysAnHTTPReplyOverTheLimitWasNotRead(t *testing.T) {
	const limit = 64 << 10
	const mark = "UNREAD-BODY"
	big := mark + strings.Repeat("x", limit)
	for _, iface := range []struct {
		name    string
		binding Binding
		dialect Dialect
		path    string
	}{
		{"v1.0 JSON-RPC", BindingJSONRPC, DialectV10, "/rpc"},
		{"v0.3 JSON-RPC", BindingJSONRPC, DialectV03, "/rpc"},
		{"v1.0 REST", BindingREST, DialectV10REST, "/rest"},
		{"v0.3 REST", BindingREST, DialectV03REST, "/rest"},
	} {
		for _, reply := range []struct {
			name   string
			stream bool // the stream answers SSE, its one event over the limit
			size   int
		}{
			{"a body over the limit", false, limit},
			{"an event over the limit", true, limit},
			{"a reply under the limit", true, 0},
		} {
			t.Run(iface.name+"/"+reply.name, func(t *testing.T) {
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					body := `{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"` + big[:len(mark)+reply.size] + `"}}`
					if reply.stream && strings.Contains(r.Header.Get("Accept"), "event-stream") {
						w.Header().Set("Content-Type", "text/event-stream")
						fmt.Fprintf(w, "data: %s\n\n", body)
						return
					}
					w.Header().Set("Content-Type", "application/json")
					_, _ = w.Write([]byte(body))
				}))
				defer srv.Close()
				var tap wireTap
				ag := &Agent{Name: "a", CardURL: srv.URL + "/.well-known/agent-card.json", Capabilities: Capabilities{Streaming: true},
					Interfaces: []Interface{{URL: srv.URL + iface.path, Binding: iface.binding, Dialect: iface.dialect}}}
				c, err := NewClient(ag, Options{MaxEventSize: limit, Wire: tap.record})
				if err != nil {
					t.Fatal(err)
				}
				defer c.Close()
				ctx := hostileCtx(t)
				msg := Message{Parts: []Part{TextPart("hi")}}
				_, sendErr := c.Send(ctx, SendRequest{Message: msg, NonBlocking: true})
				var streamErr error
				if st, err := c.Stream(ctx, SendRequest{Message: msg}); err == nil {
					_, streamErr = followAll(st)
				} else {
					streamErr = err
				}
				_, getErr := c.Get(ctx, "t1", nil)
				over := reply.size > 0
				for what, err := range map[string]error{"send": sendErr, "stream": streamErr, "get": getErr} {
					if isOver := err != nil && strings.Contains(err.Error(), "max_event_size"); isOver != over {
						t.Fatalf("%s: got %v; the test's reply is not what it means to be", what, err)
					}
				}
				recs := tap.records()
				requests, notes := 0, 0
				for _, r := range recs {
					body := string(r.Body)
					switch r.Kind {
					case WireRequest:
						requests++
					case WireNote:
						notes++
						if !strings.HasPrefix(r.URL, srv.URL+iface.path) {
							t.Errorf("the note is not on the call's URL: %q", r.URL)
						}
						if !strings.Contains(body, "over parley's 64 KiB limit (max_event_size)") || !strings.Contains(body, "did not read it") ||
							!strings.Contains(body, srv.URL) || strings.Count(body, ". ") > 0 || !strings.HasSuffix(body, ".") {
							t.Errorf("the note does not say, in one sentence, that parley's limit kept it from reading the reply: %q", body)
						}
					}
					if over && strings.Contains(body, mark) {
						t.Errorf("the wire log holds the unread reply: %s %q", r.Kind, truncate(body, 120))
					}
				}
				want := 0
				if over {
					want = requests // one note for each call's reply
				}
				if requests < 3 || notes != want {
					t.Errorf("%d requests, %d notes that a reply was over the limit; want %d:\n%s", requests, notes, want, wireKinds(recs))
				}
			})
		}
	}
}

func wireKinds(recs []WireRecord) string {
	var b strings.Builder
	for _, r := range recs {
		fmt.Fprintf(&b, "  %s %s %s %d %q\n", r.Kind, r.Method, r.URL, r.Status, truncate(string(r.Body), 100))
	}
	return b.String()
}

// wireTap keeps every wire record a client hands it (Options.Wire), its
// body copied, for a test to read once the calls are done.
type wireTap struct {
	mu   sync.Mutex
	recs []WireRecord
}

func (w *wireTap) record(r WireRecord) {
	r.Body = append([]byte(nil), r.Body...)
	w.mu.Lock()
	w.recs = append(w.recs, r)
	w.mu.Unlock()
}

func (w *wireTap) records() []WireRecord {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.recs)
}
