package a2aclient

import (
	"context"
	"net/http"
	"net/http/httptrace"
)

// RequestHooks let the layer above see and add to every request a call
// makes, HTTP or gRPC, without the client knowing why: session adds the
// turn's traceparent and times the first byte of the answer.
type RequestHooks struct {
	// Header, when set, is called with the headers of every request (a
	// gRPC call's metadata is made from them) after the configured and
	// the call's own headers and before the credentials, and may set its
	// own. It runs on the calling goroutine.
	Header func(h http.Header)
	// FirstByte, when set, is called when the first byte of an HTTP
	// response arrives, or a gRPC call's first reply (its headers, or its
	// first message). It may be called from another goroutine, and once
	// per request.
	FirstByte func()
}

type requestHooksKey struct{}

// WithRequestHooks returns ctx carrying h: every request made with it
// runs h's hooks.
func WithRequestHooks(ctx context.Context, h *RequestHooks) context.Context {
	return context.WithValue(ctx, requestHooksKey{}, h)
}

func requestHooksOf(ctx context.Context) *RequestHooks {
	h, _ := ctx.Value(requestHooksKey{}).(*RequestHooks)
	return h
}

// traceFirstByte adds an httptrace that calls the hooks' FirstByte, when
// ctx has one.
func traceFirstByte(ctx context.Context) context.Context {
	h := requestHooksOf(ctx)
	if h == nil || h.FirstByte == nil {
		return ctx
	}
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{GotFirstResponseByte: h.FirstByte})
}

// hookHeader runs the hooks' Header on hreq, when its context has one.
func hookHeader(hreq *http.Request) {
	if h := requestHooksOf(hreq.Context()); h != nil && h.Header != nil {
		h.Header(hreq.Header)
	}
}

// grpcFirstByte runs the hooks' FirstByte for a gRPC call, whose first
// byte parley sees only as its reply or first event.
func grpcFirstByte(ctx context.Context) {
	if h := requestHooksOf(ctx); h != nil && h.FirstByte != nil {
		h.FirstByte()
	}
}
