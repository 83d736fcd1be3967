package session

import (
	"context"
	"net/http"

	"github.com/parley-a2a/parley/a2aclient"
)

// Tracing says whether a turn's requests carry W3C Trace Context
// (docs/tracing.md), and under which parent.
type Tracing struct {
	On bool
	// Parent is a traceparent to continue (TRACEPARENT from the
	// environment): the turn joins its trace. Empty, or not a valid
	// traceparent, the turn starts a trace of its own.
	Parent string
	// State is a tracestate to send along unchanged (TRACESTATE from the
	// environment), with a Parent only.
	State string
}

// TurnTrace is the trace context of one turn: one trace id for all its
// requests, a new span id for each.
type TurnTrace struct {
	id    [16]byte
	flags byte
	state string
}

// Begin starts the trace of one turn; nil when tracing is off.
func (t Tracing) Begin() *TurnTrace {
	if !t.On {
		return nil
	}
	if p, ok := a2aclient.ParseTraceParent(t.Parent); ok {
		tt := &TurnTrace{id: p.TraceID, flags: p.Flags}
		if validTraceState(t.State) {
			tt.state = t.State
		}
		return tt
	}
	return &TurnTrace{id: a2aclient.NewTraceID(), flags: 1} // sampled
}

// validTraceState reports whether s may go on as a tracestate header:
// at most 512 characters of printable ASCII (W3C Trace Context, 3.3),
// so that nothing from the environment can split or stretch a header.
func validTraceState(s string) bool {
	if len(s) > 512 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// TraceID is the turn's trace id in 32 lower-case hex digits; "" for nil.
func (tt *TurnTrace) TraceID() string {
	if tt == nil {
		return ""
	}
	return a2aclient.TraceParent{TraceID: tt.id}.TraceIDString()
}

// header puts the turn's trace context on one request, with a span id of
// its own.
func (tt *TurnTrace) header(h http.Header) {
	h.Set(a2aclient.TraceParentHeader, a2aclient.TraceParent{TraceID: tt.id, SpanID: a2aclient.NewSpanID(), Flags: tt.flags}.String())
	if tt.state != "" {
		h.Set(a2aclient.TraceStateHeader, tt.state)
	}
}

type turnTraceKey struct{}

// WithTrace returns ctx whose every request, resolving the card as much
// as sending and following, carries tt's trace context; an Exchange
// under it names tt's trace id. A nil tt leaves ctx as it is.
func WithTrace(ctx context.Context, tt *TurnTrace) context.Context {
	if tt == nil {
		return ctx
	}
	ctx = context.WithValue(ctx, turnTraceKey{}, tt)
	return a2aclient.WithRequestHooks(ctx, &a2aclient.RequestHooks{Header: tt.header})
}

// traceOf is the turn trace ctx carries, nil if none.
func traceOf(ctx context.Context) *TurnTrace {
	tt, _ := ctx.Value(turnTraceKey{}).(*TurnTrace)
	return tt
}

// SetTracing says whether the conversation's turns from now on carry
// trace context, each turn a trace id of its own.
func (c *Conversation) SetTracing(t Tracing) { c.tracing.Store(&t) }

// traced is ctx for one turn of c: as it is when it already carries a
// turn's trace (the command line begins one for the whole command) or
// tracing is off, else under a new trace.
func (c *Conversation) traced(ctx context.Context) context.Context {
	t := c.tracing.Load()
	if t == nil || traceOf(ctx) != nil {
		return ctx
	}
	return WithTrace(ctx, t.Begin())
}
