package a2aclient

import (
	"net/http"
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
