package a2aclient

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

// The request hooks reach a gRPC call: the header hook's headers go as
// metadata, the configured headers still go, and the first reply counts
// as the first byte.
func TestRequestHooksReachGRPCMetadata(t *testing.T) {
	rec := startGRPCRecorder(t)
	c, err := Resolve(hostileCtx(t), serveGRPCCard(t, rec.addr), Options{Headers: http.Header{"X-Team": {"parley"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var firstBytes atomic.Int32
	const tp = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
	ctx := WithRequestHooks(hostileCtx(t), &RequestHooks{
		Header:    func(h http.Header) { h.Set(TraceParentHeader, tp) },
		FirstByte: func() { firstBytes.Add(1) },
	})
	if _, err := c.Send(ctx, SendRequest{Message: Message{Role: RoleUser, Parts: []Part{TextPart("hi")}}}); err != nil {
		t.Fatal(err)
	}
	calls := rec.calls()
	if len(calls) != 1 {
		t.Fatalf("%d calls", len(calls))
	}
	if got := calls[0].Get("traceparent"); len(got) != 1 || got[0] != tp {
		t.Errorf("traceparent metadata = %q, want %q", got, tp)
	}
	if got := calls[0].Get("x-team"); len(got) != 1 || got[0] != "parley" {
		t.Errorf("configured header as metadata = %q", got)
	}
	if firstBytes.Load() != 1 {
		t.Errorf("first byte hook ran %d times, want once", firstBytes.Load())
	}
}

// Over HTTP the header hook's headers reach the agent and the wire view,
// and the first byte of each response is heard.
func TestRequestHooksReachHTTPAndTheWireView(t *testing.T) {
	var seen []string
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Get(TraceParentHeader))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodGet {
			fmt.Fprintf(w, `{"name":"h","description":"d","version":"1","url":%q,"protocolVersion":"0.3.0","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}`, "http://"+r.Host+"/")
			return
		}
		var req struct {
			ID json.RawMessage `json:"id"`
		}
		body, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(body, &req)
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"hi"}]}}`, req.ID)
	}))
	defer srv.Close()
	var wireMu sync.Mutex
	var wire []string
	o := Options{Wire: func(r WireRecord) {
		if r.Kind == WireRequest {
			wireMu.Lock()
			wire = append(wire, r.Header.Get(TraceParentHeader))
			wireMu.Unlock()
		}
	}}
	var firstBytes atomic.Int32
	const tp = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
	ctx := WithRequestHooks(context.Background(), &RequestHooks{
		Header:    func(h http.Header) { h.Set(TraceParentHeader, tp) },
		FirstByte: func() { firstBytes.Add(1) },
	})
	c, err := Resolve(ctx, srv.URL+"/", o)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Send(ctx, SendRequest{Message: Message{Role: RoleUser, Parts: []Part{TextPart("hi")}}}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) < 2 || slices.ContainsFunc(seen, func(h string) bool { return h != tp }) {
		t.Errorf("the agent saw traceparent %q, want %q on every request", seen, tp)
	}
	wireMu.Lock()
	defer wireMu.Unlock()
	if len(wire) != len(seen) || slices.ContainsFunc(wire, func(h string) bool { return h != tp }) {
		t.Errorf("the wire view shows %q", wire)
	}
	if int(firstBytes.Load()) != len(seen) {
		t.Errorf("first byte heard %d times for %d responses", firstBytes.Load(), len(seen))
	}
}
