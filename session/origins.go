package session

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/termsafe"
)

// The trust rule, decided here for every path that talks to an agent:
// an agent's credentials go to the origins it is trusted on, which are
// the origin of the URL the user typed or configured, its config entry's
// trusted_origins, origins given with --trust-origin, and those the user
// trusted during this run. A card from a trusted origin may name
// endpoints on that origin; an endpoint anywhere else gets no credential
// until the user trusts it. The a2aclient transport enforces the same
// set on every request, as the last line of defence.

// origins returns the shared set of trusted origins for an agent, made
// on first use from its URL and config entry; the clients built for the
// agent all consult it, so an origin trusted later counts for them all.
func (d *Directory) origins(key, url string, entry *config.Agent) *a2aclient.Origins {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.trust == nil {
		d.trust = map[string]*a2aclient.Origins{}
	}
	o := d.trust[key]
	if o == nil {
		o = a2aclient.NewOrigins(url)
		if entry != nil {
			for _, t := range entry.TrustedOrigins {
				o.Add(t)
			}
		}
		d.trust[key] = o
	}
	return o
}

// TrustOrigin trusts origin with ref's credentials for the rest of this
// run (the TUI's "once"; saving it in the config makes it "always").
func (d *Directory) TrustOrigin(ref, origin string) {
	entry, key := d.Entry(ref)
	url := strings.TrimSpace(ref)
	if entry != nil {
		url = entry.URL
	}
	d.origins(key, url, entry).Add(origin)
}

// checkOrigin refuses a client whose endpoint is on an origin the agent's
// credentials may not go to, when the agent has credentials to protect.
// The client comes back too, so that a caller that asks the user can go
// on once the origin is trusted.
func checkOrigin(c *a2aclient.Client, t *Target, label string) error {
	return checkEndpoint(c, c.Endpoint(), t, label)
}

// checkEndpoint is the same rule for one endpoint. The client asks it
// before every call too (a2aclient.Options.CheckEndpoint), so that the
// dialect fallback, which moves to the card's next endpoint when one does
// not take a call, never carries a message to an untrusted origin.
func checkEndpoint(c *a2aclient.Client, ep a2aclient.Interface, t *Target, label string) error {
	if c.Trusts(ep.URL) || !t.hasCredentials() {
		return nil
	}
	origin, _ := a2aclient.Origin(ep.URL)
	if label == "" {
		label = t.URL
	}
	return &a2aclient.ForeignOriginError{Agent: label, CardURL: c.Agent().CardURL, Endpoint: ep.URL, Origin: origin, Trusted: c.TrustedOrigins()}
}

// guardEndpoints installs checkEndpoint in the options of t's clients.
func (t *Target) guardEndpoints(label string) {
	t.Options.CheckEndpoint = func(c *a2aclient.Client, ep a2aclient.Interface) error {
		return checkEndpoint(c, ep, t, label)
	}
}

// hasCredentials reports whether parley adds anything secret to this
// agent's requests: an authenticator (config, credentials file, OAuth,
// typed in), a header that carries a credential, or a client certificate.
func (t *Target) hasCredentials() bool {
	return len(t.Options.Auth) > 0 || hasSecretHeader(t.Options.Headers) || t.clientCert
}

// hasSecretHeader says whether h carries a header that usually holds a
// credential (config.IsCredentialHeader).
func hasSecretHeader(h http.Header) bool {
	for name := range h {
		if config.IsCredentialHeader(name) {
			return true
		}
	}
	return false
}

// foreignWarnings says, for parley card, which of the card's endpoints
// are on an origin the agent's credentials do not go to.
func foreignWarnings(c *a2aclient.Client) []string {
	var out []string
	seen := map[string]bool{}
	for _, i := range c.Agent().Interfaces {
		origin, ok := a2aclient.Origin(i.URL)
		if !ok || seen[origin] || c.Trusts(i.URL) {
			continue
		}
		seen[origin] = true
		out = append(out, fmt.Sprintf("The endpoint %s is on another origin (%s) than the agent you named (%s); parley sends it no credential. If you trust it: --trust-origin %s, or trusted_origins in the config file.",
			i.URL, origin, strings.Join(c.TrustedOrigins(), ", "), termsafe.ShellWord(origin)))
	}
	return out
}
