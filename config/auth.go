package config

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/adrg/xdg"

	"github.com/parley-a2a/parley/internal/credname"
)

// OAuth are an agent's OAuth 2.0 / OpenID Connect settings. Endpoints
// and scopes usually come from the agent's card; these override it, and
// the client id (which no card carries) must be given here.
type OAuth struct {
	// OAuthFlow picks the grant: "client_credentials", "device_code" or
	// "authorization_code". Left out, parley picks from the card.
	OAuthFlow string `toml:"oauth_flow,omitempty"`
	// ClientID is the OAuth client parley signs in as (not a secret).
	ClientID string `toml:"client_id,omitempty"`
	// ClientSecret is "env:VAR" or "cmd:COMMAND"; left out, it is read
	// from the credentials file when the flow needs one.
	ClientSecret string   `toml:"client_secret,omitempty"`
	Scopes       []string `toml:"scopes,omitempty"`
	// Issuer is an OpenID Connect issuer (or its discovery document's
	// URL), from which the endpoints are discovered.
	Issuer    string `toml:"issuer,omitempty"`
	TokenURL  string `toml:"token_url,omitempty"`
	AuthURL   string `toml:"auth_url,omitempty"`
	DeviceURL string `toml:"device_url,omitempty"`
	// RedirectPort fixes the loopback port of the authorization-code
	// flow, for servers that register one exact redirect URI; 0 picks a
	// free port.
	RedirectPort int `toml:"redirect_port,omitempty"`
}

// TLS are an agent's mutual-TLS and trust settings: file paths, not
// secrets, so they may be written literally.
type TLS struct {
	// TLSCert and TLSKey are the client certificate and its private key
	// (PEM), sent when the agent asks for one.
	TLSCert string `toml:"tls_cert,omitempty"`
	TLSKey  string `toml:"tls_key,omitempty"`
	// TLSCA is a PEM bundle of certificate authorities to trust for this
	// agent, in addition to the system's.
	TLSCA string `toml:"tls_ca,omitempty"`
}

// OAuth flows an agent entry may name.
const (
	FlowClientCredentials = "client_credentials"
	FlowDeviceCode        = "device_code"
	FlowAuthorizationCode = "authorization_code"
)

// CredentialsPath is the credentials file: secrets typed into parley and
// saved on request, and OAuth tokens, keyed by agent name. It lives next
// to the settings file and must be private to the user (mode 0600).
func CredentialsPath() string {
	return filepath.Join(xdg.ConfigHome, "parley", "credentials.toml")
}

// CredentialsPathFor is the credentials file kept next to the config file
// at configPath, so that a --config elsewhere (or a test) has its own;
// CredentialsPath when configPath is "".
func CredentialsPathFor(configPath string) string {
	if configPath == "" {
		return CredentialsPath()
	}
	return filepath.Join(filepath.Dir(configPath), "credentials.toml")
}

// IsSecretRef reports whether s names where a secret comes from (env:VAR
// or cmd:COMMAND) rather than being the secret itself.
func IsSecretRef(s string) bool {
	return IsEnvRef(s) || IsCmdRef(s)
}

// IsCredentialHeader reports whether a header usually carries a
// credential (Authorization, Cookie, X-Api-Key, X-Session, …), which must
// then come from the environment or a command (internal/credname).
func IsCredentialHeader(name string) bool { return credname.Is(name) }

// IsCmdRef reports whether s is a cmd:COMMAND reference.
func IsCmdRef(s string) bool {
	return strings.HasPrefix(s, "cmd:") && strings.TrimSpace(strings.TrimPrefix(s, "cmd:")) != ""
}

func (a *Agent) checkAuth(bad func(key, format string, args ...any) error, who string) error {
	if err := a.checkSecretRef(bad, who, "token", a.Token); err != nil {
		return err
	}
	if err := a.checkSecretRef(bad, who, "client_secret", a.ClientSecret); err != nil {
		return err
	}
	if err := a.checkOAuth(bad, who); err != nil {
		return err
	}
	if err := a.checkTLS(bad, who); err != nil {
		return err
	}
	auth := NormalizeAuth(a.Auth)
	switch auth {
	case "":
		if a.Token != "" {
			return bad("token", "%s: token is set but auth is not; add auth = \"bearer\", \"basic\" or \"apikey\"", who)
		}
		return nil
	case AuthBearer, AuthBasic, AuthAPIKey:
	case AuthOAuth2, AuthOIDC:
		if a.ClientID == "" {
			return bad("auth", "%s: auth = %q needs client_id, the OAuth client parley signs in as (the agent's operator gives you one)", who, a.Auth)
		}
		return nil
	default:
		return bad("auth", "%s: unknown auth %q (want bearer, basic, apikey, oauth2 or oidc)", who, a.Auth)
	}
	if auth == AuthBasic && a.Username == "" {
		return bad("auth", "%s: basic auth needs a username", who)
	}
	if auth == AuthAPIKey {
		if a.APIKeyName == "" {
			return bad("auth", "%s: apikey auth needs api_key_name (the header, query parameter or cookie name)", who)
		}
		switch strings.ToLower(a.APIKeyIn) {
		case "", "header", "query", "cookie":
		default:
			return bad("api_key_in", "%s: api_key_in must be header, query or cookie, got %q", who, a.APIKeyIn)
		}
	}
	return nil
}

// checkSecretRef refuses a secret written into the file: a value must
// say where the secret comes from, or be left out (credentials file).
func (a *Agent) checkSecretRef(bad func(key, format string, args ...any) error, who, key, v string) error {
	switch {
	case v == "" || IsSecretRef(v):
		return nil
	case strings.HasPrefix(v, "env:"):
		return bad(key, "%s: %s: %q is not a valid env:VAR reference", who, key, v)
	case strings.HasPrefix(v, "cmd:"):
		return bad(key, "%s: %s: cmd: needs a command after it, such as cmd:pass show agents/%s", who, key, a.Name)
	}
	return bad(key, "%s: %s must be an env:VAR reference to an environment variable or a cmd:COMMAND that prints it, or be left out to use the credentials file; parley refuses secrets written into the config file", who, key)
}

func (a *Agent) checkOAuth(bad func(key, format string, args ...any) error, who string) error {
	switch a.OAuthFlow {
	case "", FlowClientCredentials, FlowDeviceCode, FlowAuthorizationCode:
	default:
		return bad("oauth_flow", "%s: oauth_flow must be client_credentials, device_code or authorization_code, got %q", who, a.OAuthFlow)
	}
	for _, f := range []struct{ key, v string }{{"issuer", a.Issuer}, {"token_url", a.TokenURL}, {"auth_url", a.AuthURL}, {"device_url", a.DeviceURL}} {
		if f.v == "" {
			continue
		}
		if u, err := url.Parse(f.v); err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			return bad(f.key, "%s: %s must be an http:// or https:// URL, got %q", who, f.key, credname.RedactURL(f.v))
		}
	}
	if a.RedirectPort < 0 || a.RedirectPort > 65535 {
		return bad("redirect_port", "%s: redirect_port must be a port number (1-65535), or 0 for any free port", who)
	}
	return nil
}

func (a *Agent) checkTLS(bad func(key, format string, args ...any) error, who string) error {
	if (a.TLSCert == "") != (a.TLSKey == "") {
		return bad("tls_cert", "%s: tls_cert and tls_key go together: give both the client certificate and its private key", who)
	}
	return nil
}

// DescribeSecretRef says where a secret comes from, for messages.
func DescribeSecretRef(v string) string {
	switch {
	case IsEnvRef(v):
		return "environment variable " + strings.TrimPrefix(v, "env:")
	case IsCmdRef(v):
		return "command " + fmt.Sprintf("%q", strings.TrimSpace(strings.TrimPrefix(v, "cmd:")))
	}
	return "the credentials file"
}
