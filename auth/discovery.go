package auth

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
)

// Metadata is what an authorization server says about itself, from an
// OpenID Connect discovery document or RFC 8414 server metadata.
type Metadata struct {
	Issuer                      string   `json:"issuer"`
	AuthorizationEndpoint       string   `json:"authorization_endpoint"`
	TokenEndpoint               string   `json:"token_endpoint"`
	DeviceAuthorizationEndpoint string   `json:"device_authorization_endpoint"`
	ScopesSupported             []string `json:"scopes_supported"`
	GrantTypesSupported         []string `json:"grant_types_supported"`
	CodeChallengeMethods        []string `json:"code_challenge_methods_supported"`
}

// maxMetadata caps a discovery document; real ones are a few KiB.
const maxMetadata = 1 << 20

// DiscoveryURL turns an issuer into its OpenID Connect discovery URL; a
// URL that already names a .well-known document is kept.
func DiscoveryURL(issuer string) string {
	if strings.Contains(issuer, "/.well-known/") {
		return issuer
	}
	return strings.TrimSuffix(issuer, "/") + "/.well-known/openid-configuration"
}

// Discover fetches and checks an authorization server's metadata. The
// request carries no agent credentials: it goes to another server. It
// follows no redirect to another origin, and the document must name an
// issuer on the origin it came from (OpenID Connect Discovery 4.3, RFC
// 8414 3.3): otherwise a trusted origin could hand parley another
// server's token endpoint, and the client secret would go there.
func Discover(ctx context.Context, hc *http.Client, docURL string) (*Metadata, error) {
	u, err := url.Parse(docURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("the sign-in discovery address %q is not an http(s) URL", docURL)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, docURL, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := tokenClient(hc).Do(req)
	if err != nil {
		return nil, fmt.Errorf("could not read the sign-in settings at %s: %w", docURL, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("could not read the sign-in settings at %s: HTTP %d", docURL, resp.StatusCode)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxMetadata+1))
	if err != nil {
		return nil, fmt.Errorf("could not read the sign-in settings at %s: %w", docURL, err)
	}
	if len(body) > maxMetadata {
		return nil, fmt.Errorf("the sign-in settings at %s are larger than 1 MiB", docURL)
	}
	var md Metadata
	if err := json.Unmarshal(body, &md); err != nil {
		return nil, fmt.Errorf("the sign-in settings at %s are not valid JSON: %w", docURL, err)
	}
	if md.TokenEndpoint == "" {
		return nil, fmt.Errorf("the sign-in settings at %s name no token endpoint", docURL)
	}
	for _, e := range []string{md.TokenEndpoint, md.AuthorizationEndpoint, md.DeviceAuthorizationEndpoint} {
		if e == "" {
			continue
		}
		if eu, err := url.Parse(e); err != nil || (eu.Scheme != "https" && eu.Scheme != "http") || eu.Host == "" {
			return nil, fmt.Errorf("the sign-in settings at %s name an endpoint that is not an http(s) URL", docURL)
		}
	}
	from, _ := a2aclient.Origin(docURL)
	if md.Issuer == "" {
		return nil, fmt.Errorf("the sign-in settings at %s name no issuer; ask the server's operator to fix its discovery document, or set token_url in the agent's config", docURL)
	}
	if iss, ok := a2aclient.Origin(md.Issuer); !ok || iss != from {
		return nil, fmt.Errorf("the sign-in settings at %s claim another issuer, %q, and parley does not trust them; if you trust that issuer, set issuer in the agent's config to it", docURL, termsafe.Line(clip(md.Issuer, 200)))
	}
	return &md, nil
}
