package config

import (
	"net/url"
	"strings"

	"github.com/parley-a2a/parley/internal/credname"
)

// checkTrust insists that trusted_origins are origins: scheme, host and
// optional port, nothing more, so that what the user trusts is plain.
func (a *Agent) checkTrust(bad func(key, format string, args ...any) error, who string) error {
	for _, o := range a.TrustedOrigins {
		if !IsOrigin(o) {
			return bad("trusted_origins", "%s: trusted_origins wants origins such as \"https://api.example.com\" (scheme, host and port, no path), got %q", who, credname.RedactURL(o))
		}
	}
	return nil
}

// IsOrigin reports whether s is an http(s) origin: a URL with a host and
// no path (beyond "/"), query, fragment or user.
func IsOrigin(s string) bool {
	u, err := url.Parse(strings.TrimSpace(s))
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && (u.Path == "" || u.Path == "/") &&
		u.RawQuery == "" && u.Fragment == "" && u.User == nil
}

// TrustOrigin adds origin to the agent's trusted origins unless it is
// there already, and reports whether it added it.
func (a *Agent) TrustOrigin(origin string) bool {
	for _, o := range a.TrustedOrigins {
		if strings.EqualFold(strings.TrimSuffix(o, "/"), strings.TrimSuffix(origin, "/")) {
			return false
		}
	}
	a.TrustedOrigins = append(a.TrustedOrigins, origin)
	return true
}
