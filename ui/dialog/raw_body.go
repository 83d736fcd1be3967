package dialog

import (
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// The body the console offers for a send (SendMessage and its streaming
// twin, in each dialect's names) when the body field is empty: the
// smallest request the binding accepts, a user message with one text
// part, written in the dialect's own shape as a2aclient encodes it
// (taggedjson for the JSON-RPC dialects before v1.0, protojson for v1.0,
// REST and gRPC).

// rawSendText is the offered message's text.
const rawSendText = "Hello"

// rawSendMethods are the send requests by their JSON-RPC and gRPC names;
// a REST send is the POST whose path ends in message:send or
// message:stream.
var rawSendMethods = map[string]bool{
	"tasks/send": true, "tasks/sendSubscribe": true,
	"message/send": true, "message/stream": true,
	"SendMessage": true, "SendStreamingMessage": true,
}

// rawSendBody is the body offered for method on dialect d, "" when
// method sends no message.
func rawSendBody(d a2aclient.Dialect, method string) string {
	method = strings.TrimSpace(method)
	if d.Binding() == a2aclient.BindingREST {
		verb, path, _ := strings.Cut(method, " ")
		path = strings.TrimSpace(path)
		if !strings.EqualFold(verb, "POST") || !(strings.HasSuffix(path, "/message:send") || strings.HasSuffix(path, "/message:stream")) {
			return ""
		}
	} else if !rawSendMethods[method] {
		return ""
	}
	id := a2aclient.NewID()
	switch d {
	case a2aclient.DialectGateway, a2aclient.DialectUnknown:
		return ""
	case a2aclient.DialectV01:
		return `{"id":"` + a2aclient.NewID() + `","sessionId":"` + a2aclient.NewID() + `","message":{"role":"user","parts":[{"type":"text","text":"` + rawSendText + `"}]}}`
	case a2aclient.DialectV02, a2aclient.DialectV03:
		return `{"message":{"kind":"message","messageId":"` + id + `","role":"user","parts":[{"kind":"text","text":"` + rawSendText + `"}]}}`
	case a2aclient.DialectV03REST:
		return `{"message":{"messageId":"` + id + `","role":"ROLE_USER","content":[{"text":"` + rawSendText + `"}]}}`
	}
	// v1.0 (JSON-RPC, REST, gRPC) and v0.3's gRPC, whose binding writes
	// the parts under "parts" (a2aclient/grpc_v03.go).
	return `{"message":{"messageId":"` + id + `","role":"ROLE_USER","parts":[{"text":"` + rawSendText + `"}]}}`
}
