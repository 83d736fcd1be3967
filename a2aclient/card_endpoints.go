package a2aclient

import (
	"fmt"
	"net"
	"net/url"
	"strings"
)

// endpoints fills Agent.Interfaces in the card's order of preference,
// read the way the card's version names them (dialectFacts.card).
func (p *cardParser) endpoints() {
	switch facts(p.a.CardDialect).card {
	case cardGatewayURL:
		p.gatewayEndpoint()
	case cardSupportedInterfaces:
		p.v10Interfaces()
		// A hybrid card (a v1.0 server with v0.3 compatibility) also
		// carries the v0.3 fields; they come after the v1.0 interfaces.
		version := p.o.str("protocolVersion")
		if version == "" {
			version = "0.3"
		}
		if p.o.present("supportedInterfaces") {
			p.legacyInterfaces(version, DialectV03, false)
		} else {
			p.legacyInterfaces(version, DialectV10, true)
		}
		if p.a.ProtocolVersion == "" && len(p.a.Interfaces) > 0 {
			p.a.ProtocolVersion = p.a.Interfaces[0].ProtocolVersion
		}
	default:
		p.legacyInterfaces(p.o.str("protocolVersion"), p.a.CardDialect, true)
	}
	if len(p.a.Interfaces) == 0 {
		p.warn("The card lists no endpoint parley could use.")
	}
}

func (p *cardParser) v10Interfaces() {
	for i, raw := range p.o.items("supportedInterfaces") {
		it, ok := asObj(raw)
		if !ok {
			p.warn("Interface %d in supportedInterfaces is not an object and was skipped.", i+1)
			continue
		}
		version := it.str("protocolVersion")
		if version == "" {
			p.warn("Interface %d in supportedInterfaces has no protocolVersion; parley assumes 1.0.", i+1)
			version = "1.0"
		}
		where := fmt.Sprintf("interface %d", i+1)
		u := it.str("url")
		if u == "" {
			p.warn("Interface %d in supportedInterfaces has no url and was skipped.", i+1)
			continue
		}
		p.addInterface(where, u, it.firstStr("protocolBinding", "transport"), version, it.str("tenant"), DialectV10)
	}
}

// legacyInterfaces reads the pre-v1.0 endpoint fields: url with
// preferredTransport (JSON-RPC when absent), then additionalInterfaces.
// needURL says whether a missing url falls back to the card's origin
// (it does when the url is the card's only endpoint).
func (p *cardParser) legacyInterfaces(version string, fallback Dialect, needURL bool) {
	main := p.o.str("url")
	if main == "" && needURL {
		if origin := p.origin(); origin != "" {
			p.warn("The card has no url; parley uses the card's own origin %s.", origin)
			main = origin
		}
	}
	oneURL := facts(fallback).card == cardURL // v0.1: JSON-RPC at url, nothing else
	if main != "" {
		transport := p.o.str("preferredTransport")
		if oneURL {
			transport = ""
		}
		p.addInterface("url", main, transport, version, "", fallback)
	}
	if oneURL {
		return
	}
	for i, raw := range p.o.items("additionalInterfaces") {
		it, ok := asObj(raw)
		if !ok || it.str("url") == "" {
			p.warn("Additional interface %d has no url and was skipped.", i+1)
			continue
		}
		p.addInterface(fmt.Sprintf("additional interface %d", i+1), it.str("url"), it.firstStr("transport", "protocolBinding"), version, "", fallback)
	}
}

// addInterface appends one endpoint unless the same one is listed already
// (v0.3 cards often repeat the main url in additionalInterfaces).
func (p *cardParser) addInterface(where, rawURL, rawBinding, version, tenant string, fallback Dialect) {
	b, known := parseBinding(rawBinding)
	iface := Interface{
		URL:             p.resolve(rawURL),
		Binding:         b,
		ProtocolVersion: version,
		Tenant:          tenant,
		Dialect:         interfaceDialect(b, version, fallback),
	}
	for _, have := range p.a.Interfaces {
		if have.URL == iface.URL && have.Binding == iface.Binding && have.Dialect == iface.Dialect {
			return
		}
	}
	p.a.Interfaces = append(p.a.Interfaces, iface)
	switch {
	case !known:
		p.warn("The card's %s uses transport %q, which parley does not speak.", where, truncate(rawBinding, 40))
	case iface.Dialect == DialectUnknown:
		p.warn("The card's %s speaks %s version %q, which parley does not speak.", where, b, truncate(version, 20))
	case b == BindingGRPC:
		p.checkGRPC(where, iface.URL)
	default:
		p.checkScheme(where, iface.URL)
	}
}

// checkGRPC warns about a gRPC endpoint parley cannot read or that
// travels in the clear.
func (p *cardParser) checkGRPC(where, raw string) {
	g, err := parseGRPCTarget(raw)
	if err != nil {
		p.warn("The card's %s: %s.", where, err)
		return
	}
	if host, _, _ := net.SplitHostPort(g.host); !g.tls && !isLoopback(host) {
		p.warn("The card's %s is gRPC without TLS to %s; messages and credentials travel unencrypted.", where, truncate(g.host, 80))
	}
}

// checkScheme warns about endpoints parley cannot reach or should not
// trust with credentials.
func (p *cardParser) checkScheme(where, raw string) {
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Host == "" {
		p.warn("The card's %s URL %q is not a valid absolute URL.", where, truncate(raw, 80))
		return
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
	case "http":
		if !isLoopback(u.Hostname()) {
			p.warn("The card's %s uses plain http:// to %s; messages and credentials travel unencrypted.", where, truncate(u.Host, 80))
		}
	default:
		p.warn("The card's %s URL uses %s://, but parley speaks only http and https.", where, truncate(u.Scheme, 20))
	}
}

func isLoopback(host string) bool {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// parseBinding reads a transport name as cards write it. Empty means the
// v0.3 default, JSON-RPC.
func parseBinding(s string) (Binding, bool) {
	k := strings.ToUpper(strings.TrimSpace(s))
	k = strings.NewReplacer("-", "", "_", "", " ", "").Replace(k)
	switch k {
	case "", "JSONRPC", "JSONRPC2.0", "JSONRPC2":
		return BindingJSONRPC, true
	case "HTTP+JSON", "HTTPJSON", "REST", "HTTP":
		return BindingREST, true
	case "GRPC":
		return BindingGRPC, true
	}
	return Binding(s), false
}

// interfaceDialect is parley's dialect for a binding at a protocol
// version: of the binding's dialects, the one whose row's since is the
// highest at or below the version. A missing or unreadable version is
// read as the fallback dialect's own.
func interfaceDialect(b Binding, version string, fallback Dialect) Dialect {
	major, minor, ok := parseVersion(version)
	if !ok {
		if major, minor, ok = parseVersion(facts(fallback).version); !ok {
			return DialectUnknown
		}
	}
	out, outMajor, outMinor := DialectUnknown, -1, -1
	for _, d := range Dialects {
		f := facts(d)
		if f.binding != b || f.since == "" {
			continue
		}
		sMajor, sMinor, _ := parseVersion(f.since)
		atOrBelow := sMajor < major || sMajor == major && sMinor <= minor
		higher := sMajor > outMajor || sMajor == outMajor && sMinor > outMinor
		if atOrBelow && higher {
			out, outMajor, outMinor = d, sMajor, sMinor
		}
	}
	return out
}

// resolve makes a card URL absolute against the card's own URL. A URL
// that will not parse is kept as written; checkScheme reports it.
func (p *cardParser) resolve(raw string) string {
	s := strings.TrimSpace(raw)
	if s == "" || p.base == nil {
		return s
	}
	u, err := url.Parse(s)
	if err != nil || u.IsAbs() {
		return s
	}
	return p.base.ResolveReference(u).String()
}

// origin is the card's own scheme and host, the last-resort endpoint.
func (p *cardParser) origin() string {
	if p.base == nil || p.base.Host == "" {
		return ""
	}
	return (&url.URL{Scheme: p.base.Scheme, Host: p.base.Host, Path: "/"}).String()
}
