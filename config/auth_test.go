package config

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const authFile = `[[agents]]
name = "vault"
url = "https://vault.example.com"
auth = "bearer"
token = "cmd:pass show agents/vault"

[[agents]]
name = "saved"
url = "https://saved.example.com"
auth = "apikey"
api_key_name = "X-API-Key"

[[agents]]
name = "corp"
url = "https://corp.example.com/a2a"
auth = "oauth2"
oauth_flow = "client_credentials"
client_id = "parley-cli"
client_secret = "env:CORP_SECRET"
scopes = ["agents:read", "agents:write"]
token_url = "https://id.corp.example.com/token"
tls_cert = "~/.config/parley/corp.crt"
tls_key = "~/.config/parley/corp.key"
tls_ca = "/etc/corp/ca.pem"

[[agents]]
name = "google"
url = "https://maps.example.com"
auth = "OpenIDConnect"
client_id = "abc.apps.example"
issuer = "https://accounts.example.com"
redirect_port = 8765
`

func TestLoadAuthSettings(t *testing.T) {
	cfg, err := Load(writeFile(t, authFile))
	if err != nil {
		t.Fatal(err)
	}
	v, _ := cfg.Agent("vault")
	if !IsCmdRef(v.Token) || IsEnvRef(v.Token) {
		t.Errorf("vault token %q should be a cmd: reference", v.Token)
	}
	if s, err := v.Secret(func(string) string { return "x" }); s != "" || err != nil {
		t.Errorf("Secret of a cmd: token = %q, %v; the environment has nothing to do with it", s, err)
	}
	c, _ := cfg.Agent("corp")
	want := OAuth{OAuthFlow: FlowClientCredentials, ClientID: "parley-cli", ClientSecret: "env:CORP_SECRET",
		Scopes: []string{"agents:read", "agents:write"}, TokenURL: "https://id.corp.example.com/token"}
	if !reflect.DeepEqual(c.OAuth, want) {
		t.Errorf("corp oauth = %+v", c.OAuth)
	}
	if c.TLSCert == "" || c.TLSKey == "" || c.TLSCA != "/etc/corp/ca.pem" {
		t.Errorf("corp tls = %+v", c.TLS)
	}
	g, _ := cfg.Agent("google")
	if NormalizeAuth(g.Auth) != AuthOIDC || g.Issuer == "" || g.RedirectPort != 8765 {
		t.Errorf("google = %+v", g)
	}

	// The settings survive a save (embedded tables are flattened).
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := Save(p, cfg); err != nil {
		t.Fatal(err)
	}
	again, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again.Agents, cfg.Agents) {
		t.Errorf("round trip changed the agents:\n%+v\n%+v", again.Agents, cfg.Agents)
	}
}

func TestAuthSettingsRefused(t *testing.T) {
	head := "[[agents]]\nname = \"a\"\nurl = \"http://a.example\"\n"
	wantError(t, head+"auth = \"oauth2\"\nclient_id = \"id\"\nclient_secret = \"hunter2\"\n", 6, "client_secret", "refuses secrets")
	wantError(t, head+"auth = \"oauth2\"\n", 4, "client_id")
	wantError(t, head+"auth = \"bearer\"\ntoken = \"cmd:\"\n", 5, "cmd: needs a command")
	wantError(t, head+"auth = \"bearer\"\ntoken = \"env:1X\"\n", 5, "not a valid env:VAR")
	wantError(t, head+"auth = \"oauth2\"\nclient_id = \"id\"\noauth_flow = \"implicit\"\n", 6, "oauth_flow")
	wantError(t, head+"auth = \"oidc\"\nclient_id = \"id\"\nissuer = \"accounts.example.com\"\n", 6, "issuer", "https://")
	wantError(t, head+"tls_cert = \"c.pem\"\n", 4, "tls_key")
	wantError(t, head+"auth = \"oauth\"\n", 4, "unknown auth", "oauth2")
}

func TestDescribeSecretRef(t *testing.T) {
	for in, want := range map[string]string{
		"env:TOKEN":         "environment variable TOKEN",
		"cmd:pass show x":   `command "pass show x"`,
		"":                  "the credentials file",
		"cmd:  op read x  ": `command "op read x"`,
	} {
		if got := DescribeSecretRef(in); got != want {
			t.Errorf("DescribeSecretRef(%q) = %q, want %q", in, got, want)
		}
	}
	if !strings.HasSuffix(CredentialsPath(), filepath.Join("parley", "credentials.toml")) {
		t.Errorf("CredentialsPath = %s", CredentialsPath())
	}
}

// A --config elsewhere (or a test's) has its own credentials file beside
// it; no config path means the default one.
func TestCredentialsPathForIsNextToTheConfig(t *testing.T) {
	p := filepath.Join("some", "where", "config.toml")
	if got, want := CredentialsPathFor(p), filepath.Join("some", "where", "credentials.toml"); got != want {
		t.Errorf("CredentialsPathFor(%s) = %s, want %s", p, got, want)
	}
	if got := CredentialsPathFor(""); got != CredentialsPath() {
		t.Errorf("CredentialsPathFor(\"\") = %s, want %s", got, CredentialsPath())
	}
}
