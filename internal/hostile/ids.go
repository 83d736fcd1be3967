package hostile

import "net/http"

// contextOne is the ContextOne fault: a reply in context "1", whatever
// context the message named.
func contextOne(w http.ResponseWriter, c rpcCall) {
	msg := map[string]any{"kind": "message", "role": "agent", "messageId": "m-one", "contextId": "1",
		"parts": []any{map[string]any{"kind": "text", "text": "one here"}}}
	if isStream(c.Method) {
		events(w, c.ID, msg)
		return
	}
	result(w, c.ID, msg)
}
