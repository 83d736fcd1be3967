package auth

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

func card(t *testing.T, name string) *a2aclient.Agent {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "a2aclient", "testdata", "cards", name))
	if err != nil {
		t.Fatal(err)
	}
	a, err := a2aclient.ParseCard(raw, "https://agent.example.com/.well-known/agent-card.json")
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func labels(cs []Choice) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Label
	}
	return out
}

// Every dialect's way of declaring security becomes the same choices.
func TestChoicesPerDialect(t *testing.T) {
	cases := []struct {
		card, challenge string
		want            []string
		preferred       string
	}{
		{"v01_card.json", "", []string{"HTTP bearer token", "API key (the card does not say where; sent in header X-API-Key)"}, "HTTP bearer token"},
		{"v020_card.json", "", []string{"HTTP basic (user name and password)"}, "HTTP basic (user name and password)"},
		{"v025_card.json", "", []string{"API key in header X-API-Key"}, "API key in header X-API-Key"},
		{"v03_georoute.json", "", []string{
			"OpenID Connect browser sign-in (accounts.google.com)", "OpenID Connect device code (accounts.google.com)",
			"OAuth 2.0 browser sign-in (partners.example.com)", "OAuth 2.0 client credentials (partners.example.com)",
			"mutual TLS (set tls_cert and tls_key in the agent's config)"}, "OpenID Connect browser sign-in"},
		{"v10_secure.json", "", []string{
			"OAuth 2.0 device code (auth.example.com)", "API key in header X-Ledger-Key",
			"HTTP bearer token (JWT)", "mutual TLS"}, "OAuth 2.0 device code"},
		// A challenge that names Bearer puts the bearer token first.
		{"v10_secure.json", `Bearer realm="ledger"`, nil, "HTTP bearer token (JWT)"},
	}
	for _, c := range cases {
		a := card(t, c.card)
		cs, pref := Choices(a, c.challenge)
		got := labels(cs)
		if c.want != nil {
			if len(got) != len(c.want) {
				t.Errorf("%s: choices %q", c.card, got)
				continue
			}
			for i := range c.want {
				if !strings.HasPrefix(got[i], c.want[i]) {
					t.Errorf("%s: choice %d = %q, want %q", c.card, i, got[i], c.want[i])
				}
			}
		}
		if !strings.HasPrefix(cs[pref].Label, c.preferred) {
			t.Errorf("%s with %q: preferred %q, want %q", c.card, c.challenge, cs[pref].Label, c.preferred)
		}
	}
}

func TestChoiceDisplay(t *testing.T) {
	cs, _ := Choices(card(t, "v025_card.json"), "")
	if got := cs[0].Display(); got != "API key in header X-API-Key — Key from the dashboard." {
		t.Errorf("Display = %q", got)
	}
}

func TestChoicesWithoutCard(t *testing.T) {
	cs, pref := Choices(nil, `Basic realm="x", Bearer error="invalid_token"`)
	if got := labels(cs); len(got) != 2 || cs[pref].Kind != KindBasic {
		t.Errorf("challenge only: %q, preferred %d", got, pref)
	}
	cs, pref = Choices(&a2aclient.Agent{}, "")
	if len(cs) != 1 || cs[pref].Kind != KindBearer {
		t.Errorf("nothing known: %+v", cs)
	}
	if cs[0].What() != "bearer token" || (Choice{Kind: KindAPIKey}).What() != "API key" {
		t.Error("What")
	}
}

func TestChoiceAuthenticators(t *testing.T) {
	a := card(t, "v10_secure.json")
	cs, _ := Choices(a, "")
	key := cs[1]
	if key.Authenticator("", "k") != (a2aclient.APIKey{In: "header", Name: "X-Ledger-Key", Value: "k"}) {
		t.Errorf("API key choice = %+v", key.Authenticator("", "k"))
	}
	if e := TypedEntry(key, "", "k"); e.Auth != "apikey" || e.APIKeyName != "X-Ledger-Key" || e.Token != "k" {
		t.Errorf("entry = %+v", e)
	}
	if (Choice{Kind: KindBasic}).Authenticator("ann", "pw") != (a2aclient.BasicAuth{Username: "ann", Password: "pw"}) {
		t.Error("basic")
	}
	// Scopes come from the card's requirements, skills included.
	if got := cs[0].Scopes; len(got) != 2 || got[0] != "ledger:read" || got[1] != "ledger:write" {
		t.Errorf("device scopes = %v", got)
	}
}

func TestNeedsNamesSchemes(t *testing.T) {
	got := Needs(card(t, "v10_secure.json"), `Bearer realm="ledger"`)
	for _, want := range []string{
		`OAuth 2.0 device code (auth.example.com)`, `(scheme "device") with scopes ledger:read`,
		`API key in header X-Ledger-Key (scheme "key") together with mutual TLS`, ", or ", "its reply asks for Bearer",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Needs = %q\nmissing %q", got, want)
		}
	}
	if Needs(&a2aclient.Agent{}, "") != "" {
		t.Error("Needs with nothing known should be empty")
	}
	if got := Needs(card(t, "v01_card.json"), ""); !strings.Contains(got, `HTTP bearer token (scheme "Bearer"), or API key`) {
		t.Errorf("v0.1 Needs = %q", got)
	}
}
