package config

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/parley-a2a/parley/internal/credname"
)

// problem is a validation failure tied to a place in the file: the agent
// (by index, -1 for top level) and the key, so Parse can find its line.
type problem struct {
	agent int
	key   string
	msg   string
}

func (p *problem) Error() string { return p.msg }

func (c *Config) check() error {
	if err := c.Network.check(); err != nil {
		return err
	}
	if err := c.Cards.checkCards(func(key, format string, args ...any) error {
		return &problem{agent: -1, key: key, msg: fmt.Sprintf(format, args...)}
	}, ""); err != nil {
		return err
	}
	if err := c.Push.check(); err != nil {
		return err
	}
	// An empty list of keys is allowed: it disables the binding.
	for action := range c.Keys {
		if strings.TrimSpace(action) == "" {
			return &problem{agent: -1, key: "keys", msg: "a key binding has an empty action name"}
		}
	}
	seen := map[string]bool{}
	for i := range c.Agents {
		a := &c.Agents[i]
		if err := a.check(i); err != nil {
			return err
		}
		if seen[a.Name] {
			return &problem{agent: i, key: "name", msg: fmt.Sprintf("two agents are named %q; names must be unique", a.Name)}
		}
		seen[a.Name] = true
	}
	return nil
}

func (a *Agent) check(i int) error {
	bad := func(key, format string, args ...any) error {
		return &problem{agent: i, key: key, msg: fmt.Sprintf(format, args...)}
	}
	who := fmt.Sprintf("agent %q", a.Name)
	switch {
	case strings.TrimSpace(a.Name) == "":
		return bad("name", "an [[agents]] entry has no name")
	case strings.Contains(a.Name, "://") || strings.ContainsAny(a.Name, "\t\r\n") || strings.TrimSpace(a.Name) != a.Name:
		return bad("name", "%s: a name must be on one line, without spaces at its ends, and not a URL", who)
	}
	if u, err := url.Parse(a.URL); a.URL == "" || err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return bad("url", "%s: url must be an http:// or https:// URL, got %q", who, credname.RedactURL(a.URL))
	}
	for name, value := range a.Headers {
		if !headerNameRE.MatchString(name) {
			return bad(name, "%s: %q is not a valid HTTP header name", who, name)
		}
		if IsEnvRef(value) {
			continue
		}
		if strings.HasPrefix(value, "env:") {
			return bad(name, "%s: header %s: %q is not a valid env:VAR reference", who, name, value)
		}
		if IsCredentialHeader(name) {
			return bad(name, "%s: header %s carries a credential, so write it as env:VAR and set that environment variable; parley keeps secrets out of the config file", who, name)
		}
	}
	if a.MaxEventSize < 0 {
		return bad("max_event_size", "%s: max_event_size cannot be negative", who)
	}
	if err := a.checkTrust(bad, who); err != nil {
		return err
	}
	if err := a.Cards.checkCards(bad, who+": "); err != nil {
		return err
	}
	if a.Tenant != "" {
		if err := CheckTenant(a.Tenant); err != nil {
			return bad("tenant", "%s: %v", who, err)
		}
	}
	return a.checkAuth(bad, who)
}

// NormalizeAuth folds the spellings people write ("Bearer", "api-key")
// into the canonical auth names.
func NormalizeAuth(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer("-", "", "_", "").Replace(s)
	if s == "openidconnect" {
		return AuthOIDC
	}
	return s
}

var (
	headerNameRE = regexp.MustCompile("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
	envRefRE     = regexp.MustCompile(`^env:[A-Za-z_][A-Za-z0-9_]*$`)
)

// IsEnvRef reports whether s is an env:VAR reference.
func IsEnvRef(s string) bool { return envRefRE.MatchString(s) }
