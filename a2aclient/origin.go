package a2aclient

import (
	"context"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/parley-a2a/parley/termsafe"
)

// Origin is the scheme, host and port of an http(s) URL, written
// "https://host" or "http://host:8080": the unit a credential is bound
// to. The default port is left out, so "https://a:443" and "https://a"
// are one origin; hosts are compared without case. ok is false for
// anything that is neither an absolute http(s) URL nor a gRPC endpoint
// (host:port, grpc://, grpcs://), whose origin is that of the equivalent
// http(s) URL (see grpcTarget).
func Origin(raw string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err == nil {
		if o, ok := originOf(u); ok {
			return o, true
		}
	}
	return grpcOrigin(raw)
}

func originOf(u *url.URL) (string, bool) {
	if u == nil || u.Host == "" {
		return "", false
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", false
	}
	// Only ASCII letters fold: Unicode lower-casing makes "İ.test"
	// "i.test" and the Kelvin sign "k", yet net/http dials and names
	// those hosts otherwise, so they are other origins.
	host, port := asciiLower(u.Hostname()), u.Port()
	if port == "" || scheme == "http" && port == "80" || scheme == "https" && port == "443" {
		port = ""
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port != "" {
		host += ":" + port
	}
	return scheme + "://" + host, true
}

// asciiLower is s with its ASCII capitals in lower case and nothing
// else changed.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + ('a' - 'A')
		}
	}
	return string(b)
}

// Origins is the set of origins an agent's credentials may go to: the
// origin of the URL the user typed or configured, and those the user
// trusted since. The transport consults it on every request; a request
// to any other origin carries no credential. It is safe for concurrent
// use, and shared by the clients built for one agent, so an origin
// trusted during a run counts for all of them.
type Origins struct {
	mu  sync.RWMutex
	set map[string]bool
}

// NewOrigins trusts the origins of urls; what is not an http(s) URL is
// skipped.
func NewOrigins(urls ...string) *Origins {
	o := &Origins{set: map[string]bool{}}
	for _, u := range urls {
		o.Add(u)
	}
	return o
}

// Add trusts u's origin and reports whether u was an http(s) URL.
func (o *Origins) Add(u string) bool {
	origin, ok := Origin(u)
	if !ok {
		return false
	}
	o.mu.Lock()
	o.set[origin] = true
	o.mu.Unlock()
	return true
}

// Trusts reports whether credentials may go to u. A nil set trusts
// nothing.
func (o *Origins) Trusts(u string) bool {
	origin, ok := Origin(u)
	return ok && o.has(origin)
}

func (o *Origins) trustsURL(u *url.URL) bool {
	origin, ok := originOf(u)
	return ok && o.has(origin)
}

func (o *Origins) has(origin string) bool {
	if o == nil {
		return false
	}
	o.mu.RLock()
	defer o.mu.RUnlock()
	return o.set[origin]
}

// List is the trusted origins, sorted.
func (o *Origins) List() []string {
	if o == nil {
		return nil
	}
	o.mu.RLock()
	out := make([]string, 0, len(o.set))
	for k := range o.set {
		out = append(out, k)
	}
	o.mu.RUnlock()
	sort.Strings(out)
	return out
}

// ForeignOriginError is an agent whose card sends messages to an origin
// the user has not trusted with the agent's credentials. Nothing was
// sent there.
type ForeignOriginError struct {
	Agent    string // how the user named the agent
	CardURL  string // where the card came from (after redirects)
	Endpoint string // the endpoint the card names
	Origin   string // the endpoint's origin
	Trusted  []string
}

func (e *ForeignOriginError) Error() string {
	return fmt.Sprintf("the card of %s (from %s) sends your messages to %s, an origin you have not trusted with its credentials (trusted: %s); parley sent nothing there",
		sanitizeLine(e.Agent), redactURL(e.CardURL), sanitizeLine(e.Origin), sanitizeLine(strings.Join(e.Trusted, ", ")))
}

// Hint says how to trust the origin.
func (e *ForeignOriginError) Hint() string {
	return fmt.Sprintf("If you trust %s, pass --trust-origin %s or add it to the agent's trusted_origins in the config file.", sanitizeLine(e.Origin), termsafe.ShellWord(e.Origin))
}

// credGate says whether the request it rides on (in its context) may
// carry credentials, the client certificate included. A cross-origin
// redirect closes it.
type credGate struct {
	denied atomic.Bool
	// away is where a request that carried a body (a message) was
	// redirected on another origin, for the client's RedirectNote.
	away atomic.Pointer[string]
}

type credGateKey struct{}

// ClientCertAllowed reports whether a TLS handshake made for the request
// whose context this is may present the client certificate: not when
// parley's transport found the request's origin untrusted, nor after a
// redirect to another origin. Requests parley's transport did not make
// (OAuth token and discovery requests to endpoints the config or a
// trusted card named) may.
func ClientCertAllowed(ctx context.Context) bool {
	if ctx == nil {
		return true
	}
	g, ok := ctx.Value(credGateKey{}).(*credGate)
	return !ok || !g.denied.Load()
}

// Trusts reports whether this client sends the agent's credentials to
// u's origin.
func (c *Client) Trusts(u string) bool { return c.t.trust.Trusts(u) }

// TrustedOrigins lists the origins this client sends credentials to.
func (c *Client) TrustedOrigins() []string { return c.t.trust.List() }
