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
