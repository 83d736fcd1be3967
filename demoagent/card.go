package demoagent

// Agent cards, one per dialect. Each is a plain map built for the request's
// base URL; field names follow the spec of that dialect's version.

const (
	prefixV01     = "/v0.1"
	prefixV02     = "/v0.2"
	prefixV03     = "/v0.3"
	prefixV10     = "/v1.0"
	prefixGateway = "/gateway"
	prefixSecure  = "/secure"

	agentVersion = "1.0.0"
	providerURL  = "https://github.com/parley-a2a/parley"
	description  = "A scripted demo agent built into parley: it streams Markdown, returns data and files, asks questions, asks you to sign in, runs slow tasks and fails on request. Pick a behaviour with a keyword (see the skills)."
)

var (
	inputModes  = []string{"text/plain"}
	outputModes = []string{"text/plain", "text/markdown", "application/json", "text/csv"}
)

type skill struct {
	id, name, desc string
	tags           []string
	examples       []string
	out            []string
}

var skills = []skill{
	{"markdown-answer", "Markdown answer", "Streams a Markdown answer (heading, list, code, table) that echoes your text. Any text without a keyword.",
		[]string{"demo", "markdown", "streaming"}, []string{"Write some markdown", "Hello"}, []string{"text/markdown"}},
	{"itinerary-data", "Itinerary data", "Returns a data artifact (a list of flights) and a CSV file. Keywords: data, itinerary.",
		[]string{"demo", "data", "file"}, []string{"Show me the itinerary data"}, []string{"application/json", "text/csv"}},
	{"book-flight", "Book a flight", "Asks where you fly from (input-required), then books with your answer. Keywords: book, flight, input.",
		[]string{"demo", "multi-turn", "input-required"}, []string{"Book a flight to Lisbon"}, []string{"text/plain"}},
	{"book-table", "Book a table (form)", "Answers with a booking form (A2UI) to fill in and send back, to a client that renders A2UI, as parley does; other clients get the flight question. Keywords: table, form.",
		[]string{"demo", "a2ui", "form", "input-required"}, []string{"Book a table"}, []string{"application/json", "text/plain"}},
	{"sign-in", "Sign in", "Asks you to sign in (auth-required) with a link; any next message continues. Keywords: auth, secret, sign in, login.",
		[]string{"demo", "auth-required"}, []string{"Sign in first"}, []string{"text/plain"}},
	{"slow-task", "Slow task", "Works for about a minute with a progress update every second; cancel it. Keywords: slow, long.",
		[]string{"demo", "cancel", "progress"}, []string{"Try a slow task"}, []string{"text/plain"}},
	{"fail", "Fail on purpose", "Fails with an explanation. Keyword: fail. (\"reject\" makes the agent reject the task instead.)",
		[]string{"demo", "errors"}, []string{"Fail on purpose", "Reject this"}, []string{"text/plain"}},
	{"quick-reply", "Quick reply", "Answers with a single message and no task, where the protocol allows it. Keywords: message, ping.",
		[]string{"demo", "message"}, []string{"ping"}, []string{"text/plain"}},
}

// skillList encodes the skills; tagged with the field names every version
// shares (id, name, description, tags, examples, inputModes, outputModes).
func skillList(extended bool) []map[string]any {
	out := make([]map[string]any, 0, len(skills)+1)
	for _, s := range skills {
		out = append(out, map[string]any{
			"id": s.id, "name": s.name, "description": s.desc, "tags": s.tags,
			"examples": s.examples, "inputModes": inputModes, "outputModes": s.out,
		})
	}
	if extended {
		out = append(out, map[string]any{
			"id": "extended-hello", "name": "Extended hello",
			"description": "Only listed on the extended (authenticated) card, so clients can tell the cards apart.",
			"tags":        []string{"demo", "extended-card"},
			"examples":    []string{"Hello again"},
			"inputModes":  inputModes,
			"outputModes": []string{"text/markdown"},
		})
	}
	return out
}

func (a *Agent) baseCard(desc string) map[string]any {
	return map[string]any{
		"name":               a.opts.Name,
		"description":        desc,
		"version":            agentVersion,
		"provider":           map[string]any{"organization": "parley", "url": providerURL},
		"documentationUrl":   providerURL,
		"defaultInputModes":  inputModes,
		"defaultOutputModes": outputModes,
		"skills":             skillList(false),
	}
}

// v01Card: endpoint in "url", v0.1 "authentication" object (no scheme
// needed), stateTransitionHistory as v0.1 names it.
func (a *Agent) v01Card(base string) any {
	c := a.baseCard(description + " This card speaks A2A v0.1.")
	c["url"] = base + prefixV01 + "/"
	c["capabilities"] = map[string]any{"streaming": true, "pushNotifications": true, "stateTransitionHistory": true}
	c["authentication"] = map[string]any{"schemes": []string{}}
	return c
}

// optionalBearer is declared without a "security" requirement: the demo
// accepts any request, but v0.2 clients see the securitySchemes shape.
var optionalBearer = map[string]any{
	"bearer": map[string]any{"type": "http", "scheme": "bearer", "description": "Optional: this endpoint accepts requests without credentials."},
}

func (a *Agent) v02Card(base string) any {
	c := a.baseCard(description + " This card speaks A2A v0.2.5.")
	c["protocolVersion"] = "0.2.5"
	c["url"] = base + prefixV02 + "/"
	c["preferredTransport"] = "JSONRPC"
	c["capabilities"] = map[string]any{"streaming": true, "pushNotifications": true, "stateTransitionHistory": true, "extensions": demoExtensions}
	c["securitySchemes"] = optionalBearer
	return c
}

// v03Fields are the v0.3 endpoint fields for a JSON-RPC url and a REST url.
func v03Fields(c map[string]any, rpcURL, restURL string) {
	c["protocolVersion"] = "0.3.0"
	c["url"] = rpcURL
	c["preferredTransport"] = "JSONRPC"
	ifaces := []map[string]any{{"url": rpcURL, "transport": "JSONRPC"}}
	if restURL != "" {
		ifaces = append(ifaces, map[string]any{"url": restURL, "transport": "HTTP+JSON"})
	}
	c["additionalInterfaces"] = ifaces
}

func (a *Agent) v03Card(base string, extended bool) map[string]any {
	c := a.baseCard(description + " This card speaks A2A v0.3 (JSON-RPC and HTTP+JSON).")
	v03Fields(c, base+prefixV03+"/jsonrpc", base+prefixV03+"/rest")
	c["capabilities"] = map[string]any{"streaming": true, "pushNotifications": true, "stateTransitionHistory": true, "extensions": demoExtensions}
	c["supportsAuthenticatedExtendedCard"] = true
	c["skills"] = skillList(extended)
	return c
}

// demoExtensions is what the v0.3 and v1.0 cards declare (sign.go).
var demoExtensions = []map[string]any{{
	"uri":         demoExtension,
	"description": "Echo: ask for it (parley --extension URI) and the demo confirms it in its reply's A2A-Extensions header.",
	"required":    false,
}, {
	// "required" is left out (false): a test makes the echo extension
	// required by rewriting the card's one "required":false.
	"uri":         a2uiExtV09,
	"description": "A2UI v0.9: ask to book a table and get a form.",
	"params":      map[string]any{"supportedCatalogIds": []any{a2uiCatV09}},
}, {
	"uri":         a2uiExtV08,
	"description": "A2UI v0.8: ask to book a table and get a form.",
	"params":      map[string]any{"supportedCatalogIds": []any{a2uiCatV08}},
}}

func (a *Agent) secureCard(base string, extended bool) map[string]any {
	c := a.baseCard(description + " This copy speaks A2A v0.3 JSON-RPC and requires credentials: Authorization: Bearer demo-token, or X-API-Key: demo-key.")
	v03Fields(c, base+prefixSecure+"/", "")
	c["capabilities"] = map[string]any{"streaming": true, "pushNotifications": true, "stateTransitionHistory": true}
	c["securitySchemes"] = map[string]any{
		"bearer": map[string]any{"type": "http", "scheme": "bearer", "description": "Use the token demo-token."},
		"apiKey": map[string]any{"type": "apiKey", "in": "header", "name": "X-API-Key", "description": "Use the key demo-key."},
	}
	// Either scheme suffices: the list is an OR of requirement objects.
	c["security"] = []map[string][]string{{"bearer": {}}, {"apiKey": {}}}
	c["supportsAuthenticatedExtendedCard"] = true
	c["skills"] = skillList(extended)
	return c
}

func v10Interface(url, binding, version string) map[string]any {
	return map[string]any{"url": url, "protocolBinding": binding, "protocolVersion": version}
}

func (a *Agent) v10Card(base string, extended bool) map[string]any {
	c := a.baseCard(description + " This card speaks A2A v1.0 (JSON-RPC and HTTP+JSON).")
	c["supportedInterfaces"] = []map[string]any{
		v10Interface(base+prefixV10+"/jsonrpc", "JSONRPC", "1.0"),
		v10Interface(base+prefixV10+"/rest", "HTTP+JSON", "1.0"),
	}
	c["capabilities"] = map[string]any{"streaming": true, "pushNotifications": true, "extendedAgentCard": true, "extensions": demoExtensions}
	c["skills"] = skillList(extended)
	return c
}

// rootCard is a v1.0 card listing every standard binding in preference
// order. It also carries the v0.3 top-level fields (a hybrid card), so a
// v0.3-only client pointed at the root still finds the v0.3 JSON-RPC
// endpoint; v1.0 clients must prefer supportedInterfaces.
func (a *Agent) rootCard(base string) map[string]any {
	c := a.v10Card(base, false)
	c["description"] = description
	c["supportedInterfaces"] = []map[string]any{
		v10Interface(base+prefixV10+"/jsonrpc", "JSONRPC", "1.0"),
		v10Interface(base+prefixV10+"/rest", "HTTP+JSON", "1.0"),
		v10Interface(base+prefixV03+"/jsonrpc", "JSONRPC", "0.3"),
		v10Interface(base+prefixV03+"/rest", "HTTP+JSON", "0.3"),
	}
	if a.servesGRPC.Load() {
		// Last: a client that speaks JSON-RPC or REST keeps choosing
		// them; one that speaks only gRPC finds it on the same port.
		c["supportedInterfaces"] = append(c["supportedInterfaces"].([]map[string]any), v10Interface(base, "GRPC", "1.0"))
	}
	v03Fields(c, base+prefixV03+"/jsonrpc", base+prefixV03+"/rest")
	c["supportsAuthenticatedExtendedCard"] = true
	return c
}
