package session

import (
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
)

// headerLog is a loopback agent (the demo agent) that logs the
// traceparent of every request it gets, HTTP or gRPC.
type headerLog struct {
	mu   sync.Mutex
	seen []string
}

func (l *headerLog) serve(t *testing.T) *httptest.Server {
	h := demoagent.New(demoagent.Options{}).Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		l.seen = append(l.seen, r.Header.Get("traceparent"))
		l.mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func (l *headerLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.seen
	l.seen = nil
	return out
}

var traceparentForm = regexp.MustCompile(`^00-([0-9a-f]{32})-([0-9a-f]{16})-01$`)

// checkOneTurn checks that every request of a turn carried a well-formed
// traceparent, all with one trace id and each its own span id, and
// returns the trace id.
func checkOneTurn(t *testing.T, seen []string, least int) string {
	t.Helper()
	if len(seen) < least {
		t.Fatalf("the agent saw %d requests, want %d at least: %q", len(seen), least, seen)
	}
	trace, spans := "", map[string]bool{}
	for _, h := range seen {
		m := traceparentForm.FindStringSubmatch(h)
		if m == nil {
			t.Fatalf("traceparent %q is not 00-<32 hex>-<16 hex>-01 (all: %q)", h, seen)
		}
		if trace == "" {
			trace = m[1]
		}
		if m[1] != trace {
			t.Errorf("one turn's requests carry two trace ids: %q", seen)
		}
		if spans[m[2]] {
			t.Errorf("span id %s sent twice: %q", m[2], seen)
		}
		spans[m[2]] = true
	}
	return trace
}

// With tracing on, every request of a turn — resolving the card, the
// send, whatever follows it — carries a traceparent with the turn's
// trace id and a span id of its own, over HTTP and as gRPC metadata; the
// summary names the trace id.
func TestTraceparentOnEveryRequestOfATurn(t *testing.T) {
	var log headerLog
	srv := log.serve(t)
	// gRPC: the same hooks go as metadata (a2aclient's
	// TestRequestHooksReachGRPCMetadata); the demo serves gRPC only on a
	// port of its own, which this logging server is not.
	for _, path := range []string{"/v0.1/", "/v0.3/", "/"} {
		t.Run(path, func(t *testing.T) {
			log.take()
			tt := Tracing{On: true}.Begin()
			ctx := WithTrace(context.Background(), tt)
			c, err := a2aclient.Resolve(ctx, srv.URL+path, a2aclient.Options{PollInterval: 10 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			s, err := Exchange(ctx, c, hello(), FollowOptions{})
			if err != nil {
				t.Fatal(err)
			}
			trace := checkOneTurn(t, log.take(), 2) // the card and the send at least
			if s.TraceID != trace || tt.TraceID() != trace {
				t.Errorf("summary's trace id %q, the turn's %q; the agent saw %q", s.TraceID, tt.TraceID(), trace)
			}
		})
	}
}

// A TRACEPARENT from the environment is the parent: the turn's requests
// carry its trace id, each with a span id of their own, and its flags.
func TestTraceparentFollowsTheParent(t *testing.T) {
	var log headerLog
	srv := log.serve(t)
	parent := "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
	ctx := WithTrace(context.Background(), Tracing{On: true, Parent: parent}.Begin())
	c, err := a2aclient.Resolve(ctx, srv.URL+"/v0.3/", a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Exchange(ctx, c, hello(), FollowOptions{}); err != nil {
		t.Fatal(err)
	}
	seen := log.take()
	if trace := checkOneTurn(t, seen, 2); trace != "4bf92f3577b34da6a3ce929d0e0e4736" {
		t.Errorf("trace id %s, want the parent's", trace)
	}
	for _, h := range seen {
		if h == parent {
			t.Errorf("the parent's own span id was sent: %q", seen)
		}
	}
	// A malformed parent starts a trace of parley's own.
	tt := Tracing{On: true, Parent: "00-garbage"}.Begin()
	if tt.TraceID() == "" || tt.TraceID() == "4bf92f3577b34da6a3ce929d0e0e4736" {
		t.Errorf("trace id %q after a malformed parent", tt.TraceID())
	}
}

// Tracing off sends no traceparent, and a conversation with tracing on
// gives each turn its own trace id, kept with the turn.
func TestConversationTracesEachTurn(t *testing.T) {
	var log headerLog
	srv := log.serve(t)
	c, err := a2aclient.Resolve(context.Background(), srv.URL+"/v0.3/", a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	conv := NewConversation(c, "demo", nil)
	conv.Send("untraced")
	waitIdle(t, conv)
	for _, h := range log.take() {
		if h != "" {
			t.Fatalf("traceparent %q sent with tracing off", h)
		}
	}
	conv.SetTracing(Tracing{On: true})
	conv.Send("one")
	waitIdle(t, conv)
	first := checkOneTurn(t, log.take(), 1)
	conv.Send("two")
	waitIdle(t, conv)
	_ = log.take()
	var traces []string
	for _, it := range conv.Items() {
		if it.Kind == ItemUser && it.Turn != nil {
			traces = append(traces, it.Turn.TraceID)
		}
	}
	if len(traces) != 3 || traces[0] != "" || traces[1] != first || traces[2] == "" || traces[2] == first {
		t.Errorf("turns' trace ids = %q, want none, %s, and a new one", traces, first)
	}
}

// TRACESTATE goes along only with a valid parent, and only when it is
// what the spec allows a header to hold: printable ASCII, 512 characters
// at most.
func TestTracestateIsCheckedBeforeItGoes(t *testing.T) {
	parent := "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
	for state, want := range map[string]string{
		"congo=t61rcWkgMzE,rojo=00f067aa0ba902b7": "congo=t61rcWkgMzE,rojo=00f067aa0ba902b7",
		"evil=1\r\nX-Injected: yes":               "",
		"x=" + strings.Repeat("a", 600):           "",
	} {
		tt := Tracing{On: true, Parent: parent, State: state}.Begin()
		h := http.Header{}
		tt.header(h)
		if got := h.Get("tracestate"); got != want {
			t.Errorf("TRACESTATE %.20q sent as %q, want %q", state, got, want)
		}
	}
	tt := Tracing{On: true, Parent: "garbage", State: "congo=t61rcWkgMzE"}.Begin()
	h := http.Header{}
	tt.header(h)
	if got := h.Get("tracestate"); got != "" {
		t.Errorf("tracestate %q sent without a valid parent", got)
	}
}
