package hostile

import "fmt"

// BindingCard is a card, in one binding parley speaks, whose only
// endpoint is ep (host:port for gRPC, a base URL for the gateway).
// Binding names the dialect as parley spells it: "v0.1", "v0.2",
// "v0.3", "v0.3-rest", "v0.3-grpc", "v1.0", "v1.0-rest", "v1.0-grpc",
// "gateway". The trust tests serve one per binding, so that a rule the
// bindings share is checked in each.
type BindingCard struct {
	Binding string
	Card    func(ep string) string
}

// BindingCards is one card per binding.
var BindingCards = []BindingCard{
	{"v0.1", func(ep string) string { return legacyCard("0.1.0", ep, "") }},
	{"v0.2", func(ep string) string { return legacyCard("0.2.0", ep, "") }},
	{"v0.3", func(ep string) string { return legacyCard("0.3.0", ep, "JSONRPC") }},
	{"v0.3-rest", func(ep string) string { return legacyCard("0.3.0", ep, "HTTP+JSON") }},
	{"v0.3-grpc", func(ep string) string { return legacyCard("0.3.0", ep, "GRPC") }},
	{"v1.0", func(ep string) string { return v10Card(ep, "JSONRPC") }},
	{"v1.0-rest", func(ep string) string { return v10Card(ep, "HTTP+JSON") }},
	{"v1.0-grpc", func(ep string) string { return v10Card(ep, "GRPC") }},
	{"gateway", func(ep string) string {
		return fmt.Sprintf(`{"name":"gw","url":%q,"capabilities":{"taskManagement":true}}`, ep+"/v1/a2a/agents/a1")
	}},
}

// IsGRPC says whether a binding's endpoint is host:port.
func (b BindingCard) IsGRPC() bool { return b.Binding == "v0.3-grpc" || b.Binding == "v1.0-grpc" }

func legacyCard(version, ep, transport string) string {
	return fmt.Sprintf(`{"name":"A","description":"d","version":"1","protocolVersion":%q,"url":%q,"preferredTransport":%q,
		"capabilities":{"streaming":true},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}`, version, ep, transport)
}

func v10Card(ep, binding string) string {
	return fmt.Sprintf(`{"name":"A","description":"d","version":"1","capabilities":{"streaming":true},
		"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],
		"supportedInterfaces":[{"url":%q,"protocolBinding":%q,"protocolVersion":"1.0"}]}`, ep, binding)
}
