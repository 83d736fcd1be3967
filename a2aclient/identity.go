package a2aclient

import (
	"net/url"
	"strings"

	"github.com/parley-a2a/parley/internal/credname"
)

// AgentID is an agent's identity: the URL the user named it by (typed,
// or a config entry's url), normalised. Task ids, context ids, push
// config ids and artifact ids are the agent's choice and unique only
// within one agent, so parley never looks one up without the AgentID of
// the agent that chose it.
//
// The normal form is what parley contacts: the scheme and host as
// Origin writes them (lower case, the host as it is dialled, the port
// only when it is not the scheme's default), the path as it is requested
// (dot segments are not resolved: the server decides what they mean),
// without a trailing slash and without a well-known card file at its
// end, so an agent's base URL and its card's URL are one agent, and the
// query as it is sent, with the value of any parameter that names a
// credential replaced (the identity is stored; a key never is). User
// info and fragment are dropped. A tenant, when the user set one, is
// part of the identity: one server, two tenants, two agents. Two URLs
// that may reach two agents are two identities; the rule never merges.
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
	for _, card := range wellKnownCards {
		if strings.EqualFold(p, card) || strings.HasSuffix(strings.ToLower(p), card) {
			p = p[:len(p)-len(card)]
			break
		}
	}
	p = strings.TrimRight(p, "/")
	if q := identityQuery(u.RawQuery); q != "" {
		p += "?" + q
	}
	return withTenant(origin+p, tenant), true
}

// identityQuery is a query as it is sent, in its order, with the values
// of credential parameters replaced.
func identityQuery(raw string) string {
	if raw == "" {
		return ""
	}
	params := strings.Split(raw, "&")
	for i, kv := range params {
		k, _, _ := strings.Cut(kv, "=")
		if name, err := url.QueryUnescape(k); err == nil && credname.Is(name) || err != nil && credname.Is(k) {
			params[i] = k + "=" + credname.Redacted
		}
	}
	return strings.Join(params, "&")
}

func withTenant(id, tenant string) AgentID {
	if tenant = strings.TrimSpace(tenant); tenant != "" {
		id += "#tenant=" + url.QueryEscape(tenant)
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
