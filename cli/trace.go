package cli

import (
	"context"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// traced is ctx for a command that talks to the agent ref names: with
// tracing on (--trace, or trace = true in the config, at the top or in
// the agent's entry) every request under it carries the command's one
// trace id (docs/tracing.md), joined to TRACEPARENT (and TRACESTATE)
// from the environment when set. It returns the trace id, "" when off.
func (r *runner) traced(ctx context.Context, ref string, f *agentFlags) (context.Context, string) {
	if !f.trace && !r.traceConfigured(ref) {
		return ctx, ""
	}
	tt := r.tracing().Begin()
	return session.WithTrace(ctx, tt), tt.TraceID()
}

// tracing is tracing on, under TRACEPARENT and TRACESTATE from the
// environment when set.
func (r *runner) tracing() session.Tracing {
	t := session.Tracing{On: true}
	if r.env.Getenv != nil {
		t.Parent, t.State = r.env.Getenv("TRACEPARENT"), r.env.Getenv("TRACESTATE")
	}
	return t
}

// traceConfigured reports whether the config turns tracing on for the
// agent ref names: by its entry's name, or its URL.
func (r *runner) traceConfigured(ref string) bool {
	if _, err := r.directory(); err != nil || r.cfg == nil {
		return false // the command reports a broken config itself
	}
	if r.cfg.Trace {
		return true
	}
	if a, ok := r.cfg.Agent(ref); ok {
		return a.Trace
	}
	id, ok := a2aclient.IdentityOf(ref, "")
	for i := range r.cfg.Agents {
		a := &r.cfg.Agents[i]
		if aid, aok := a2aclient.IdentityOf(a.URL, a.Tenant); ok && aok && aid == id && a.Trace {
			return true
		}
	}
	return false
}
