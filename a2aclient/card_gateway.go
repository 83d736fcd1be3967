package a2aclient

import (
	"net/url"
	"strings"
)

// isGateway recognizes a gateway card: no v1.0 interfaces, a url under
// /v1/a2a/agents, and either the gateway's capability flags or, without
// them, a url only a gateway uses (the agent list or a message:send
// action) on a card that declares no A2A protocol version.
func (p *cardParser) isGateway() bool {
	if p.o.present("supportedInterfaces") {
		return false
	}
	u, err := url.Parse(p.resolve(p.o.str("url")))
	if err != nil {
		return false
	}
	_, multi, action, ok := gatewayBase(u)
	if !ok {
		return false
	}
	c := p.o.obj("capabilities")
	if c.boolean("taskManagement") || c.boolean("agentDiscovery") {
		return true
	}
	return (multi || action) && !p.o.present("protocolVersion")
}

// gatewayEndpoint sets the one interface of a gateway card. For a single
// agent it is the agent's base URL, …/v1/a2a/agents/<id>. A multi-agent
// gateway's card points at the agent list instead; the interface keeps
// that URL and the gateway binding picks the first listed agent on first
// use (ListGatewayAgents lists them all for a UI that wants to choose).
func (p *cardParser) gatewayEndpoint() {
	raw := p.resolve(p.o.str("url"))
	u, _ := url.Parse(raw)
	base, _, _, _ := gatewayBase(u)
	iface := Interface{URL: base, Binding: BindingREST, Dialect: DialectGateway}
	p.a.Interfaces = append(p.a.Interfaces, iface)
	p.checkScheme("url", base)
}

// gatewayBase reads a URL under /v1/a2a/agents. It returns the agent's
// base URL (or the list URL when no agent is named), whether the URL is
// the list, and whether it named the message:send action.
func gatewayBase(u *url.URL) (base string, multi, action, ok bool) {
	if u == nil {
		return "", false, false, false
	}
	path := u.EscapedPath()
	i := strings.LastIndex(path, gatewayAgentsPath)
	if i < 0 {
		return "", false, false, false
	}
	prefix := path[:i+len(gatewayAgentsPath)]
	rest := strings.Trim(path[i+len(gatewayAgentsPath):], "/")
	if rest != "" {
		id, tail, _ := strings.Cut(rest, "/")
		switch tail {
		case "":
		case "message:send":
			action = true
		case "agent-card":
		default:
			return "", false, false, false
		}
		prefix += "/" + id
	} else {
		multi = true
	}
	b := url.URL{Scheme: u.Scheme, Host: u.Host}
	if err := setEscapedPath(&b, prefix); err != nil {
		return "", false, false, false
	}
	return b.String(), multi, action, true
}

// setEscapedPath sets a URL's path from its escaped form, so agent ids
// with reserved characters survive the round trip.
func setEscapedPath(u *url.URL, escaped string) error {
	p, err := url.PathUnescape(escaped)
	if err != nil {
		return err
	}
	u.Path = p
	if u.EscapedPath() != escaped {
		u.RawPath = escaped
	}
	return nil
}

// ListsAgents reports whether interface i is a gateway's list of the
// agents behind it rather than one agent: a client on it talks to the
// first one listed, and ListGatewayAgents lists them all.
func ListsAgents(i Interface) bool {
	return i.Dialect == DialectGateway && isGatewayList(i.URL)
}

// isGatewayList reports whether an interface URL is a multi-agent
// gateway's agent list rather than one agent.
func isGatewayList(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	_, multi, _, ok := gatewayBase(u)
	return ok && multi
}
