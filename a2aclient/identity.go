package a2aclient

import (
	"net/url"
	"path"
	"strings"
)

// AgentID is an agent's identity: the URL the user named it by (typed,
// or a config entry's url), normalised. Task ids, context ids, push
// config ids and artifact ids are the agent's choice and unique only
// within one agent, so parley never looks one up without the AgentID of
// the agent that chose it.
//
// The normal form is the scheme and host in lower case, the port only
// when it is not the scheme's default (as Origin writes it), and the
// path cleaned, without a trailing slash and without a well-known card
// file at its end, so an agent's base URL and its card's URL are one
// agent. User info, query and fragment are dropped. A tenant, when the
// user set one, is part of the identity: one server, two tenants, two
// agents.
type AgentID string

// IdentityOf is the AgentID of an agent named by rawURL (with tenant,
// if any). ok is false for anything that is not an absolute http(s) URL
// or a gRPC endpoint, which identifies no agent.
func IdentityOf(rawURL, tenant string) (AgentID, bool) {
	raw := strings.TrimSpace(rawURL)
	u, err := url.Parse(raw)
	origin, ok := "", false
	if err == nil {
		origin, ok = originOf(u)
	}
	if !ok {
		// A gRPC endpoint (host:port, grpc://, grpcs://) is named by
		// its origin alone: gRPC has no path.
		if o, ok := grpcOrigin(raw); ok {
			return withTenant(o, tenant), true
		}
		return "", false
	}
	p := u.EscapedPath()
	if p != "" {
		p = path.Clean("/" + p)
	}
	for _, card := range wellKnownCards {
		if strings.EqualFold(p, card) || strings.HasSuffix(strings.ToLower(p), card) {
			p = p[:len(p)-len(card)]
			break
		}
	}
	p = strings.TrimRight(p, "/")
	return withTenant(origin+p, tenant), true
}

func withTenant(id, tenant string) AgentID {
	if tenant = strings.TrimSpace(tenant); tenant != "" {
		id += "?tenant=" + url.QueryEscape(tenant)
	}
	return AgentID(id)
}

// ID is the identity of the agent this client talks to: Options.Identity
// when set, else that of the URL Resolve was given (or of the card
// NewClient was given).
func (c *Client) ID() AgentID { return c.opts.Identity }

// identityFor fills opts.Identity from the URL the client is made for,
// when the caller did not set it.
func identityFor(opts *Options, target string) {
	if opts.Identity != "" {
		return
	}
	if id, ok := IdentityOf(target, opts.Tenant); ok {
		opts.Identity = id
	}
}
