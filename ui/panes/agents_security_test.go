package panes

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

func TestSchemeLabelsAndRequirements(t *testing.T) {
	dev := a2aclient.SecurityScheme{Name: "device", Type: a2aclient.SchemeOAuth2, Flows: a2aclient.OAuthFlows{
		DeviceCode:        &a2aclient.OAuthFlow{TokenURL: "https://auth.example.com/token"},
		AuthorizationCode: &a2aclient.OAuthFlow{TokenURL: "https://auth.example.com/token"}}}
	if got := schemeLabel(dev); got != "OAuth 2.0 device code, browser sign-in (auth.example.com)" {
		t.Errorf("oauth2 label %q", got)
	}
	oidc := a2aclient.SecurityScheme{Type: a2aclient.SchemeOpenIDConnect, OpenIDConnectURL: "https://accounts.example.com/.well-known/openid-configuration"}
	if got := schemeLabel(oidc); got != "OpenID Connect (accounts.example.com)" {
		t.Errorf("oidc label %q", got)
	}
	reqs := []a2aclient.SecurityRequirement{{"device": {"ledger:read"}}, {"key": {}, "mtls": {}}}
	if got := requirementLine(reqs); got != "device [ledger:read], or key + mtls" {
		t.Errorf("requirements %q", got)
	}
	// A hostile card's requirement list is read only so far.
	huge := make([]a2aclient.SecurityRequirement, 1000)
	for i := range huge {
		huge[i] = a2aclient.SecurityRequirement{strings.Repeat("x", 500): make([]string, 5000)}
	}
	if got := requirementLine(huge); len(got) > 2000 || !strings.HasSuffix(got, ", …") {
		t.Errorf("huge requirements: %d bytes", len(got))
	}
}
