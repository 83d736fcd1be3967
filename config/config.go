// Package config reads and writes parley's settings file,
// $XDG_CONFIG_HOME/parley/config.toml: the agents a person talks to, the
// theme and key overrides. Secrets never live in the file: credentials
// are written as env:VAR references and read from the environment.
package config

import (
	"path/filepath"

	"github.com/adrg/xdg"
)

// Config is the whole settings file. The zero value is a valid, empty
// configuration, which is what a missing file means.
type Config struct {
	// Theme names the colour theme the TUI uses.
	Theme string `toml:"theme,omitempty"`
	// Keys overrides key bindings: action name to the keys that trigger it.
	Keys KeyMap `toml:"keys,omitempty"`
	// Downloads is the folder the TUI saves agents' files into ("~/"
	// allowed); empty: the XDG user directory (XDG_DOWNLOAD_DIR), else
	// ~/Downloads.
	Downloads string `toml:"downloads,omitempty"`
	// Network: timeouts and retries (network.go).
	Network
	// Cards: signed cards and extensions for every agent (cards.go).
	Cards
	// Push: the push-notification receiver (push.go).
	Push
	// Agents are the agents known by name.
	Agents []Agent `toml:"agents,omitempty"`
}

// Agent is one [[agents]] entry.
type Agent struct {
	Name string `toml:"name"`
	URL  string `toml:"url"`
	// Dialect forces a wire dialect ("v0.3", "v1.0-rest", …) instead of
	// detecting one from the card.
	Dialect string `toml:"dialect,omitempty"`
	// Headers are sent with every request. A value may be an env:VAR
	// reference; headers that carry credentials must be.
	Headers Headers `toml:"headers,omitempty"`
	// Auth is the credential scheme: "bearer", "basic", "apikey",
	// "oauth2" or "oidc" (OpenID Connect).
	Auth string `toml:"auth,omitempty"`
	// Token is where the bearer token, the API key, or the basic-auth
	// password comes from: "env:VAR" or "cmd:COMMAND". Left out, it is
	// read from the credentials file (see CredentialsPath).
	Token string `toml:"token,omitempty"`
	// Username is the basic-auth user name (not a secret).
	Username string `toml:"username,omitempty"`
	// APIKeyName and APIKeyIn say where an API key goes: the header,
	// query parameter or cookie name, and "header" (default), "query" or
	// "cookie".
	APIKeyName string `toml:"api_key_name,omitempty"`
	APIKeyIn   string `toml:"api_key_in,omitempty"`
	// MaxEventSize caps one streamed event or reply from this agent, in
	// bytes; 0 means parley's default.
	MaxEventSize ByteSize `toml:"max_event_size,omitempty"`
	// TrustedOrigins are origins besides the url's own that may receive
	// this agent's credentials: endpoints its card names elsewhere,
	// which the user chose to trust (trust.go).
	TrustedOrigins []string `toml:"trusted_origins,omitempty"`
	// Tenant is sent with every request: the v1.0 REST path prefix and
	// the RPC requests' tenant field, in place of the card's.
	Tenant string `toml:"tenant,omitempty"`
	// Cards: require_signed and extensions for this agent, on top of the
	// top-level ones (cards.go).
	Cards
	// OAuth and TLS settings, in their own file (auth.go).
	OAuth
	TLS
}

// Auth schemes an agent entry may name.
const (
	AuthBearer = "bearer"
	AuthBasic  = "basic"
	AuthAPIKey = "apikey"
	AuthOAuth2 = "oauth2"
	AuthOIDC   = "oidc"
)

// Path is where the settings file lives, following the XDG base
// directory rules ($XDG_CONFIG_HOME/parley/config.toml).
func Path() string {
	return filepath.Join(xdg.ConfigHome, "parley", "config.toml")
}

// Agent returns the agent entry with this name.
func (c *Config) Agent(name string) (*Agent, bool) {
	for i := range c.Agents {
		if c.Agents[i].Name == name {
			return &c.Agents[i], true
		}
	}
	return nil, false
}
