package a2aclient

import "slices"

// dialectTable holds what parley knows of each dialect, one row a
// dialect. Code that depends on the dialect reads its row (facts) rather
// than switching on the dialect, so a new dialect is a constant in
// dialect.go, a row here and its binding's file; TestEveryDialectHasARow
// fails when a constant has no row or no binding.
var dialectTable = map[Dialect]dialectFacts{
	DialectV01: {
		label: "v0.1 JSON-RPC", version: "0.1", since: "0.0", binding: BindingJSONRPC,
		wire: wireTagged, card: cardURL, cardPath: "/.well-known/agent.json",
		objectData: true,
		alternate:  true,
		lacks:      opListTasks | opDeletePush | opExtendedCard,
		rpcCodes: map[int]error{
			-32006: ErrStreamingNotSupported,
			-32007: ErrAuthenticationRequired,
			-32008: ErrForbidden, // AuthorizationFailedError
			-32009: ErrInvalidTaskState,
		},
	},
	DialectV02: {
		label: "v0.2 JSON-RPC", version: "0.2", since: "0.2", binding: BindingJSONRPC,
		wire: wireTagged, card: cardURLAndAdditional, cardPath: "/.well-known/agent.json",
		objectData:      true,
		extensionHeader: "X-A2A-Extensions",
		lacks:           opListTasks,
	},
	DialectV03: {
		label: "v0.3 JSON-RPC", version: "0.3", since: "0.3", binding: BindingJSONRPC,
		wire: wireTagged, card: cardURLAndAdditional, cardPath: "/.well-known/agent-card.json",
		objectData:      true,
		extensionHeader: "X-A2A-Extensions",
		alternate:       true,
		lacks:           opListTasks,
	},
	// HTTP+JSON and gRPC came in v0.2.5, which v0.3 defined: a card of
	// v0.2 naming them means v0.3's.
	DialectV03REST: {
		label: "v0.3 REST", version: "0.3", since: "0.2", binding: BindingREST,
		wire: wireProto, card: cardURLAndAdditional, cardPath: "/.well-known/agent-card.json",
		objectData:      true,
		extensionHeader: "X-A2A-Extensions",
	},
	DialectV03GRPC: {
		label: "v0.3 gRPC", version: "0.3", since: "0.2", binding: BindingGRPC,
		wire: wireProto, card: cardURLAndAdditional, cardPath: "/.well-known/agent-card.json",
		objectData:      true,
		extensionHeader: "X-A2A-Extensions",
		alternate:       true,
	},
	DialectV10: {
		label: "v1.0 JSON-RPC", version: "1.0", since: "1.0", binding: BindingJSONRPC,
		wire: wireProto, card: cardSupportedInterfaces, cardPath: "/.well-known/agent-card.json",
		extensionHeader: "A2A-Extensions", versionHeader: "1.0",
		alternate: true,
		rpcCodes:  v10RPCCodes,
	},
	DialectV10REST: {
		label: "v1.0 REST", version: "1.0", since: "1.0", binding: BindingREST,
		wire: wireProto, card: cardSupportedInterfaces, cardPath: "/.well-known/agent-card.json",
		extensionHeader: "A2A-Extensions", versionHeader: "1.0",
		rpcCodes: v10RPCCodes,
	},
	DialectV10GRPC: {
		label: "v1.0 gRPC", version: "1.0", since: "1.0", binding: BindingGRPC,
		wire: wireProto, card: cardSupportedInterfaces, cardPath: "/.well-known/agent-card.json",
		extensionHeader: "A2A-Extensions", versionHeader: "1.0",
		alternate: true,
		rpcCodes:  v10RPCCodes,
	},
	// The gateway dialect (seed 004) has no A2A version: its cards are
	// told by their URL, never by a version they name.
	DialectGateway: {
		label: "gateway REST", binding: BindingREST,
		wire: wireGateway, card: cardGatewayURL, agentsPath: "/v1/a2a/agents",
		lacks: opStream | opResubscribe | opListTasks | opPushConfigs | opDeletePush | opExtendedCard,
	},
}

// dialectFacts is one row of dialectTable.
type dialectFacts struct {
	label string // as a person reads it
	// version is the protocol version, "" for the gateway. since is the
	// lowest version a card may name for an endpoint of this binding to
	// be this dialect (of a binding's dialects, the one with the highest
	// since at or below the card's version); "" for a dialect no card
	// names by version.
	version, since string
	binding        Binding
	wire           wireFamily
	card           cardForm
	// cardPath is the well-known path its servers serve their card at;
	// agentsPath where it lists the agents behind one URL.
	cardPath, agentsPath string
	// extensionHeader carries the extensions a request activates and the
	// agent confirms; "" for a dialect without extensions.
	extensionHeader string
	// objectData: a data part's data must be a JSON object (every
	// version before 1.0, whose DataPart holds a map).
	objectData bool
	// versionHeader is the A2A-Version every request says (as metadata
	// over gRPC): a v1.0 server without it takes a request for v0.3's.
	// "" for a dialect that sends none.
	versionHeader string
	// alternate: at an endpoint of its binding that the card names in
	// another version, this dialect is tried too, since servers often
	// speak another version than their card says (candidates).
	alternate bool
	// lacks are the operations the dialect does not have: the client
	// answers them with ErrUnsupportedOperation (streaming ones with
	// ErrStreamingNotSupported) without asking, and its binding need not
	// implement them.
	lacks operation
	// rpcCodes are the JSON-RPC error codes that mean something else in
	// this dialect than in commonRPCCodes.
	rpcCodes map[int]error
}

// facts is d's row; the zero row for DialectUnknown or an unknown name.
func facts(d Dialect) dialectFacts { return dialectTable[d] }

// wireFamily is the JSON a dialect's messages are written in.
type wireFamily int

const (
	// wireTagged: kind- or type-tagged JSON (taggedjson.go).
	wireTagged wireFamily = iota + 1
	// wireProto: ProtoJSON of the A2A .proto (protojson.go).
	wireProto
	// wireGateway: the gateway's own JSON (gateway.go).
	wireGateway
)

// cardForm is how a version's cards name their endpoints (card_endpoints.go).
type cardForm int

const (
	// cardURL: one JSON-RPC url.
	cardURL cardForm = iota + 1
	// cardURLAndAdditional: url with preferredTransport, then additionalInterfaces.
	cardURLAndAdditional
	// cardSupportedInterfaces: supportedInterfaces, each with its binding and
	// version; a hybrid card carries the older fields too.
	cardSupportedInterfaces
	// cardGatewayURL: one url under the gateway's agentsPath.
	cardGatewayURL
)

// commonRPCCodes maps JSON-RPC error codes to named errors in every
// dialect but where a row's rpcCodes says otherwise.
var commonRPCCodes = map[int]error{
	-32700: ErrParse,
	-32600: ErrInvalidRequest,
	-32601: ErrMethodNotFound,
	-32602: ErrInvalidParams,
	-32603: ErrInternal,
	-32001: ErrTaskNotFound,
	-32002: ErrTaskNotCancelable,
	-32003: ErrPushNotSupported,
	-32004: ErrUnsupportedOperation,
	-32005: ErrContentTypeNotSupported,
	-32006: ErrInvalidAgentResponse,
	-32007: ErrExtendedCardUnavailable,
}

// v10RPCCodes are v1.0's own codes.
var v10RPCCodes = map[int]error{-32009: ErrVersionNotSupported}

// rpcCodeKind maps a JSON-RPC error code to a named error for a dialect;
// nil for a code it does not define.
func rpcCodeKind(d Dialect, code int) error {
	if k, ok := facts(d).rpcCodes[code]; ok {
		return k
	}
	return commonRPCCodes[code]
}

// wellKnownCards are the well-known card paths, newest first (the order
// of Dialects).
var wellKnownCards = func() []string {
	var out []string
	for _, d := range Dialects {
		if p := facts(d).cardPath; p != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}()

// extensionHeaders are the header names any dialect carries extensions in.
var extensionHeaders = func() []string {
	var out []string
	for _, d := range Dialects {
		if h := facts(d).extensionHeader; h != "" && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	return out
}()

// gatewayAgentsPath is where the gateway lists its agents; each agent
// lives under it at /<id>.
var gatewayAgentsPath = facts(DialectGateway).agentsPath
