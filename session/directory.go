// Package session holds parley's domain state between the wire client
// (a2aclient) and the user interfaces (the command line and the TUI):
// which agents are known and how to reach them, and how one exchange
// with an agent is followed to its end. It has no UI code.
package session

import (
	"context"
	"errors"
	"fmt"
	"github.com/parley-a2a/parley/frameworks"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/internal/credname"
	"github.com/parley-a2a/parley/signin"
)

// ErrUnknownAgent is returned for a name that is neither a URL nor an
// agent in the config file.
var ErrUnknownAgent = errors.New("unknown agent")

// DirectoryOptions configure a Directory.
type DirectoryOptions struct {
	Config *config.Config
	// ConfigPath is where Config came from, for error messages.
	ConfigPath string
	// Getenv resolves env:VAR credentials; os.Getenv when nil.
	Getenv config.Getenv
	// Client holds the options every client shares (HTTP client, wire
	// observer, user agent, poll interval). Per-agent settings are
	// added on top.
	Client a2aclient.Options
	// Auth builds each agent's credentials, keeps sign-ins and opens the
	// browser for them: auth.ForSession over a Manager whose credentials
	// file is next to the config file (cli.Credentials). Required:
	// session has no machinery of its own to fall back on.
	Auth Credentials
	// Memory recalls the agents parley talked to before (the store);
	// nil learns nothing.
	Memory AgentMemory
	// WithoutA2UI makes no A2UI offer to any agent, whatever the config
	// says: for a front end that cannot draw surfaces, so that agents
	// answer it in words instead of with forms it would show as JSON.
	WithoutA2UI bool
}

// Overrides are per-call settings, from command-line flags, that take
// precedence over the agent's config entry.
type Overrides struct {
	Headers http.Header
	Dialect a2aclient.Dialect
	// TrustOrigins are more origins the agent's credentials may go to
	// (--trust-origin), for this run.
	TrustOrigins []string
	// Inspect says the caller only reads the card and probes the
	// endpoint (parley card): a foreign endpoint is no error then, it
	// just gets no credential.
	Inspect bool
	// RequireSigned refuses an agent whose card does not verify
	// (--require-signed), on top of the config's require_signed.
	RequireSigned bool
	// Extensions are more extension URIs to activate (--extension), on
	// top of the config's.
	Extensions []string
	// Tenant replaces the agent's tenant (--tenant).
	Tenant string
}

// Directory resolves agents named by config name or URL to clients,
// applying each agent's headers, credentials, dialect and size limit. It
// caches one client per agent and overrides, so the card is fetched once.
// It is safe for concurrent use.
type Directory struct {
	o DirectoryOptions

	mu      sync.Mutex
	clients map[string]*a2aclient.Client
	trust   map[string]*a2aclient.Origins // by credential key (origins.go)
}

// NewDirectory returns a directory over the given config. It panics when
// o.Auth is nil: that is a program put together wrongly, not something a
// person can do, and a directory without credentials would fail later,
// further from the cause.
func NewDirectory(o DirectoryOptions) *Directory {
	if o.Config == nil {
		o.Config = &config.Config{}
	}
	if o.Auth == nil {
		panic("session.NewDirectory: DirectoryOptions.Auth is nil; pass the credentials machinery (cli.Credentials, auth.ForSession)")
	}
	return &Directory{o: o, clients: map[string]*a2aclient.Client{}}
}

// Agents lists the agents in the config file.
func (d *Directory) Agents() []config.Agent { return d.o.Config.Agents }

// Auth is the directory's sign-in manager.
func (d *Directory) Auth() Credentials { return d.o.Auth }

// Entry returns ref's config entry and the key its credentials are kept
// under (the entry's name, or the URL for an agent not in the config).
func (d *Directory) Entry(ref string) (*config.Agent, string) {
	ref = d.typed(ref)
	entry, err := d.lookup(ref)
	if err != nil || entry == nil {
		return nil, signin.Key(ref)
	}
	return entry, signin.Key(entry.URL)
}

// Target is an agent as the directory understood a reference to it,
// before any network call.
type Target struct {
	// Name is the config entry's name, "" for a URL not in the config.
	Name    string
	URL     string
	Options a2aclient.Options
	setup   signin.Setup
	// clientCert says requests present a client certificate.
	clientCert bool
	// RequireSigned says the agent's card must verify (cardsig.go).
	RequireSigned bool
}

// Target resolves ref, a config name or an http(s) URL, into where and
// how to reach the agent. A URL that matches a config entry's url gets
// that entry's settings.
func (d *Directory) Target(ref string, o Overrides) (*Target, error) {
	ref = d.typed(ref)
	entry, err := d.lookup(ref)
	if err != nil {
		return nil, err
	}
	t := &Target{URL: ref, Options: d.o.Client}
	t.Options.Headers = d.o.Client.Headers.Clone()
	if t.Options.Reading == nil {
		// The frameworks parley knows, unless the front end chose.
		t.Options.Reading = frameworks.Reading{}
	}
	if t.Options.Headers == nil {
		t.Options.Headers = http.Header{}
	}
	if entry != nil {
		t.Name, t.URL = entry.Name, entry.URL
		t.clientCert = entry.TLSCert != ""
		if err := d.applyEntry(&t.Options, entry); err != nil {
			return nil, err
		}
		setup, err := d.o.Auth.ForAgent(context.Background(), entry, t.Options.HTTPClient)
		if err != nil {
			return nil, err
		}
		t.setup = setup
	} else {
		setup, err := d.o.Auth.ForURL(t.URL)
		if err != nil {
			return nil, err
		}
		t.setup = setup
	}
	// Credentials given by flag (--header) win over the configured ones,
	// which would otherwise be applied on top of them.
	if len(t.setup.Auth) > 0 && !hasSecretHeader(o.Headers) {
		t.Options.Auth = append(append([]a2aclient.Authenticator(nil), t.Options.Auth...), t.setup.Auth...)
	}
	if t.setup.HTTPClient != nil {
		t.Options.HTTPClient = t.setup.HTTPClient
	}
	for name, values := range o.Headers {
		t.Options.Headers.Del(name)
		for _, v := range values {
			t.Options.Headers.Add(name, v)
		}
	}
	if o.Dialect != a2aclient.DialectUnknown {
		t.Options.Dialect = o.Dialect
	}
	d.applyCards(t, entry, o)
	// The agent is who the user named: every id it chooses is kept
	// under this, whichever card or endpoint the URL leads to.
	t.Options.Identity, _ = a2aclient.IdentityOf(t.URL, t.Options.Tenant)
	_, key := d.Entry(ref)
	t.Options.Trust = d.origins(key, t.URL, entry)
	for _, origin := range o.TrustOrigins {
		t.Options.Trust.Add(origin)
	}
	// parley card (Inspect) probes the endpoint, foreign or not, with no
	// credential and no message; everything else is held to the rule.
	if !o.Inspect {
		label := t.Name
		if label == "" {
			label = strings.TrimSpace(ref)
		}
		t.guardEndpoints(label)
	}
	return t, nil
}

// Client returns a client for ref, fetching the agent's card the first
// time and reusing the client afterwards.
func (d *Directory) Client(ctx context.Context, ref string, o Overrides) (*a2aclient.Client, error) {
	t, err := d.Target(ref, o)
	if err != nil {
		return nil, err
	}
	key := cacheKey(t)
	d.mu.Lock()
	c := d.clients[key]
	d.mu.Unlock()
	if c != nil {
		return c, d.checkCard(c, t, ref, o)
	}
	c, err = d.resolve(ctx, t)
	if err != nil {
		return nil, err
	}
	// OAuth endpoints and scopes come from the card only when the card
	// came from an origin the agent is trusted on (not through a redirect
	// elsewhere): another origin's card must not pick where the client
	// secret and tokens go.
	if c.Trusts(c.Agent().CardURL) {
		t.setup.BindCard(c.Agent())
	}
	d.mu.Lock()
	if prev := d.clients[key]; prev != nil {
		c = prev // another caller won the race; share its client
	} else {
		d.clients[key] = c
	}
	d.mu.Unlock()
	return c, d.checkCard(c, t, ref, o)
}

// checkOrigin applies the trust rule (origins.go) unless the caller only
// inspects the card.
func (d *Directory) checkOrigin(c *a2aclient.Client, t *Target, ref string, o Overrides) error {
	if o.Inspect {
		return nil
	}
	label := t.Name
	if label == "" {
		label = strings.TrimSpace(ref)
	}
	return checkOrigin(c, t, label)
}

// typed is ref as the TUI's add prompt takes it (AgentURL): a config
// name first, else a URL without a scheme gets one (http on loopback).
func (d *Directory) typed(ref string) string {
	ref = strings.TrimSpace(ref)
	if _, ok := d.o.Config.Agent(ref); ok || strings.Contains(ref, "://") {
		return ref
	}
	if u, err := AgentURL(ref); err == nil && strings.ContainsAny(ref, ".:[") {
		return u
	}
	return ref
}

// lookup finds ref's config entry: by name, or by URL. A URL without an
// entry is fine (nil entry); a bare word without one is not.
func (d *Directory) lookup(ref string) (*config.Agent, error) {
	ref = strings.TrimSpace(ref)
	if a := configEntry(d.o.Config, ref); a != nil {
		return a, nil
	}
	if schemeTypo.MatchString(ref) {
		if _, err := AgentURL(ref); err != nil {
			return nil, typoError{err}
		}
	}
	if !strings.Contains(ref, "://") {
		where := "the config file"
		if d.o.ConfigPath != "" {
			where = "config file " + d.o.ConfigPath
		}
		return nil, fmt.Errorf("%w: %q is not a URL and no agent has that name in %s; pass an http:// or https:// URL or add an [[agents]] entry", ErrUnknownAgent, credname.RedactURL(ref), where)
	}
	return nil, nil
}

// typoError is a mistyped URL given as an agent: its own words, and an
// unknown agent (a usage error) to errors.Is.
type typoError struct{ err error }

func (e typoError) Error() string        { return e.err.Error() }
func (e typoError) Is(target error) bool { return target == ErrUnknownAgent }

// configEntry is the entry of cfg that ref names: by its name, else by
// its URL, a trailing slash aside; nil for none. It is the one matching
// of a ref to the config, the Directory's and the Workspace's.
func configEntry(cfg *config.Config, ref string) *config.Agent {
	ref = strings.TrimSpace(ref)
	if cfg == nil || ref == "" {
		return nil
	}
	if a, ok := cfg.Agent(ref); ok {
		return a
	}
	if !strings.Contains(ref, "://") {
		return nil
	}
	for i := range cfg.Agents {
		if a := &cfg.Agents[i]; a.Name != "" && strings.TrimSuffix(a.URL, "/") == strings.TrimSuffix(ref, "/") {
			return a
		}
	}
	return nil
}

// applyEntry adds a config entry's settings to client options; its
// credentials come from the auth manager.
func (d *Directory) applyEntry(opts *a2aclient.Options, a *config.Agent) error {
	getenv := d.o.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	where := fmt.Sprintf("agent %q", a.Name)
	if d.o.ConfigPath != "" {
		where += " in config file " + d.o.ConfigPath
	}
	if a.Dialect != "" {
		dl, ok := a2aclient.ParseDialect(a.Dialect)
		if !ok {
			return fmt.Errorf("%s: unknown dialect %q (known: %s)", where, a.Dialect, dialectNames())
		}
		opts.Dialect = dl
	}
	if a.MaxEventSize > 0 {
		opts.MaxEventSize = int(min(int64(a.MaxEventSize), int64(^uint(0)>>1)))
	}
	headers, err := a.ResolvedHeaders(getenv)
	if err != nil {
		return err
	}
	for _, h := range headers {
		opts.Headers.Set(h[0], h[1])
	}
	return nil
}

// cacheKey tells clients apart by URL, dialect and headers; credentials
// come from the config entry, which the URL (or name) already fixes.
func cacheKey(t *Target) string {
	var b strings.Builder
	b.WriteString(t.Name + "\x00" + t.URL + "\x00" + string(t.Options.Dialect) + "\x00" + t.Options.Tenant + "\x00" + strings.Join(t.Options.Extensions, ","))
	names := make([]string, 0, len(t.Options.Headers))
	for n := range t.Options.Headers {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		b.WriteString("\x00" + n + ":" + strings.Join(t.Options.Headers[n], ","))
	}
	return b.String()
}

func dialectNames() string {
	names := make([]string, len(a2aclient.Dialects))
	for i, d := range a2aclient.Dialects {
		names[i] = string(d)
	}
	return strings.Join(names, ", ")
}
