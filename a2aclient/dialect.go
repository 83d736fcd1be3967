package a2aclient

import "strings"

// Dialect is one of the A2A wire dialects parley speaks. A dialect fixes
// both the protocol version and the binding (JSON-RPC, HTTP+JSON or
// gRPC); what parley knows of each is its row in dialectTable.
type Dialect string

const (
	DialectV01     Dialect = "v0.1"      // JSON-RPC tasks/send …, `type` parts
	DialectV02     Dialect = "v0.2"      // JSON-RPC message/send …, `kind` parts
	DialectV03     Dialect = "v0.3"      // JSON-RPC, as v0.2 plus v0.3 additions
	DialectV03REST Dialect = "v0.3-rest" // HTTP+JSON under /v1/…
	DialectV10     Dialect = "v1.0"      // JSON-RPC SendMessage …
	DialectV10REST Dialect = "v1.0-rest" // HTTP+JSON /message:send …
	DialectGateway Dialect = "gateway"   // 202-then-poll gateway REST
	DialectV10GRPC Dialect = "v1.0-grpc" // gRPC lf.a2a.v1.A2AService
	DialectV03GRPC Dialect = "v0.3-grpc" // gRPC a2a.v1.A2AService
	DialectUnknown Dialect = ""
)

// Label is the dialect as a person reads it, e.g. "v0.3 JSON-RPC".
func (d Dialect) Label() string {
	if l := facts(d).label; l != "" {
		return l
	}
	return "unknown dialect"
}

// Dialects lists every dialect, in the order parley prefers them when a
// card does not say.
var Dialects = []Dialect{DialectV10, DialectV10REST, DialectV10GRPC, DialectV03, DialectV03REST, DialectV03GRPC, DialectV02, DialectV01, DialectGateway}

// ParseDialect accepts a dialect name as written in config or on the
// command line ("v0.3", "0.3-rest", "v1.0 REST", …).
func ParseDialect(s string) (Dialect, bool) {
	norm := normalizeDialectName(s)
	for _, d := range Dialects {
		if normalizeDialectName(string(d)) == norm || normalizeDialectName(d.Label()) == norm {
			return d, true
		}
	}
	return DialectUnknown, false
}

// normalizeDialectName spells a dialect name one way for ParseDialect.
func normalizeDialectName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimPrefix(s, "v")
	for _, drop := range []string{"json-rpc", "jsonrpc"} {
		s = strings.ReplaceAll(s, drop, "")
	}
	s = strings.ReplaceAll(s, "http+json", "rest")
	s = strings.Trim(strings.NewReplacer(" ", "-", "_", "-").Replace(s), "-")
	if s == "1" {
		s = "1.0"
	}
	if s == "0.3.0" || s == "0.2.0" || s == "0.1.0" {
		s = s[:3]
	}
	return s
}
