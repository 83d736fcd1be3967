package config

import (
	"strings"
	"testing"
)

// trusted_origins holds origins only, so that what the user trusts is
// plain; anything else is refused with its line.
func TestTrustedOriginsAreOrigins(t *testing.T) {
	good := "[[agents]]\nname = \"w\"\nurl = \"https://a.example/a2a\"\ntrusted_origins = [\"https://api.example.net\", \"http://127.0.0.1:8080/\"]\n"
	cfg, err := Parse("config.toml", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Agents[0].TrustedOrigins; len(got) != 2 || got[0] != "https://api.example.net" {
		t.Errorf("trusted_origins %q", got)
	}
	for _, bad := range []string{"https://api.example.net/v1", "api.example.net", "ftp://api.example.net", "https://u:p@api.example.net", "https://api.example.net?x=1"} {
		src := "[[agents]]\nname = \"w\"\nurl = \"https://a.example\"\ntrusted_origins = [\"" + bad + "\"]\n"
		_, err := Parse("config.toml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), "trusted_origins wants origins") || !strings.Contains(err.Error(), "config.toml:4: ") {
			t.Errorf("%q: %v", bad, err)
		}
	}
	a := Agent{TrustedOrigins: []string{"https://api.example.net"}}
	if a.TrustOrigin("https://API.example.net/") || !a.TrustOrigin("https://other.example") || len(a.TrustedOrigins) != 2 {
		t.Errorf("TrustOrigin adds each origin once: %q", a.TrustedOrigins)
	}
}
