package session

// tracing is whether agent a's turns carry trace context: on when the
// config says trace = true at its top or in a's entry (by the name it is
// saved under, or the ref it was named by), under the environment's
// parent.
func (w *Workspace) tracing(a *Agent) Tracing {
	on := w.cfg != nil && w.cfg.Trace
	for _, ref := range []string{a.Saved, a.Ref} {
		if e := w.ConfigEntry(ref); ref != "" && e != nil && e.Trace {
			on = true
		}
	}
	return Tracing{On: on, Parent: w.o.TraceParent, State: w.o.TraceState}
}
