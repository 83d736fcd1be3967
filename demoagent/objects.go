package demoagent

// Every dialect writes a TaskStatus, an Artifact and (in the two ProtoJSON
// bindings, v0.3 HTTP+JSON and v1.0) a Message and a Task with the same keys
// and the same optional fields; what differs is the spelling of states, the
// encoding of parts and the key message parts go under. These builders hold
// the common object so each codec passes in only its own spellings.

// statusObject is a TaskStatus: state, timestamp, and the message if any.
func statusObject[M any](st status, stateName string, encodeMsg func(message) M) map[string]any {
	m := map[string]any{"state": stateName, "timestamp": timestamp(st.at)}
	if st.msg != nil {
		m["message"] = encodeMsg(*st.msg)
	}
	return m
}

// artifactObject is a v0.2+ Artifact (v0.1 addresses artifacts by index
// instead of artifactId); parts are already in the dialect's form.
func artifactObject(a artifact, parts []map[string]any) map[string]any {
	m := map[string]any{"artifactId": a.id, "name": a.name, "parts": parts}
	if a.description != "" {
		m["description"] = a.description
	}
	return m
}

// protoMessage is a ProtoJSON Message; partsKey is "content" in v0.3
// HTTP+JSON and "parts" in v1.0.
func protoMessage(m message, partsKey string, parts []map[string]any) map[string]any {
	out := map[string]any{"messageId": m.id, "role": protoRole(m.role), partsKey: parts}
	if m.taskID != "" {
		out["taskId"] = m.taskID
	}
	if m.contextID != "" {
		out["contextId"] = m.contextID
	}
	return out
}

// protoTask is a ProtoJSON Task. withArtifacts says whether the task carries
// the "artifacts" key: v1.0 writes it, even empty, unless a listing left
// artifacts out; v0.3 writes it only when there are some.
func protoTask(v taskView, status map[string]any, withArtifacts bool, encodeArtifact func(artifact) map[string]any, encodeMsg func(message) any) map[string]any {
	t := map[string]any{"id": v.id, "contextId": v.contextID, "status": status}
	if withArtifacts {
		arts := make([]map[string]any, 0, len(v.artifacts))
		for _, a := range v.artifacts {
			arts = append(arts, encodeArtifact(a))
		}
		t["artifacts"] = arts
	}
	if len(v.history) > 0 {
		hist := make([]any, 0, len(v.history))
		for _, m := range v.history {
			hist = append(hist, encodeMsg(m))
		}
		t["history"] = hist
	}
	return t
}

// protoForm writes the objects the two ProtoJSON codecs (v0.3 HTTP+JSON,
// v1.0) share, in one codec's words; each codec embeds its form
// (v03Form, v10Form) and adds what is its own (requests, push configs).
type protoForm struct {
	partsKey string                        // a message's parts: "content" (v0.3), "parts" (v1.0)
	parts    func([]part) []map[string]any // parts in the codec's form
	state    func(state) string            // a state's spelling
	// allArtifacts: a task writes "artifacts" even empty unless a listing
	// left them out (v1.0); otherwise only when there are some (v0.3).
	allArtifacts bool
	final        bool // a status update says whether it is the last (v0.3)
}

func (f protoForm) message(m message) any {
	return protoMessage(m, f.partsKey, f.parts(m.parts))
}

func (f protoForm) status(st status) map[string]any {
	return statusObject(st, f.state(st.state), f.message)
}

func (f protoForm) artifact(a artifact) map[string]any {
	return artifactObject(a, f.parts(a.parts))
}

func (f protoForm) task(v taskView) any {
	with := len(v.artifacts) > 0
	if f.allArtifacts {
		with = !v.omitArtifacts
	}
	return protoTask(v, f.status(v.status), with, f.artifact, f.message)
}

// event is a StreamResponse holding a status or an artifact update.
func (f protoForm) event(taskID, contextID string, e event) any {
	if e.status != nil {
		u := map[string]any{"taskId": taskID, "contextId": contextID, "status": f.status(*e.status)}
		if f.final {
			u["final"] = e.status.state.settled()
		}
		return map[string]any{"statusUpdate": u}
	}
	ch := e.artifact
	return map[string]any{"artifactUpdate": map[string]any{
		"taskId": taskID, "contextId": contextID, "artifact": f.artifact(ch.art), "append": ch.append, "lastChunk": ch.lastChunk,
	}}
}

// pushObjects is a task's push configs, each as push writes it.
func pushObjects(taskID string, cs []pushConfig, push func(string, pushConfig) any) []any {
	out := make([]any, 0, len(cs))
	for _, c := range cs {
		out = append(out, push(taskID, c))
	}
	return out
}
