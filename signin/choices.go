package signin

import (
	"fmt"
	"net/url"
	"sort"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
)

// Kind is how a person supplies a credential for one way of signing in.
type Kind int

const (
	KindBearer Kind = iota // a token typed or pasted
	KindBasic              // user name and password
	KindAPIKey             // a key sent in a header, query parameter or cookie
	KindOAuth              // an OAuth 2.0 / OpenID Connect flow
	KindMTLS               // a client certificate: config only
)

// Choice is one way to sign in to an agent, as offered to a person.
type Choice struct {
	Kind  Kind
	Label string // "OAuth 2.0 device code (auth.example.com)"
	// Description is the card's words about the scheme, cleaned.
	Description string
	// Scheme is the card's scheme this choice satisfies; nil when it
	// comes from a WWW-Authenticate challenge alone.
	Scheme *a2aclient.SecurityScheme
	// Grant is the OAuth flow for KindOAuth.
	Grant Grant
	// APIKeyIn and APIKeyName say where an API key goes.
	APIKeyIn, APIKeyName string
	// Scopes are what the card's requirements ask of this scheme.
	Scopes []string
}

// Display is the label with the card's description, for a list.
func (c Choice) Display() string {
	if c.Description == "" {
		return c.Label
	}
	return c.Label + " — " + c.Description
}

// Typed reports whether the person types the credential in.
func (c Choice) Typed() bool {
	return c.Kind == KindBearer || c.Kind == KindBasic || c.Kind == KindAPIKey
}

// Authenticator makes the typed secret into request credentials.
func (c Choice) Authenticator(username, secret string) a2aclient.Authenticator {
	switch c.Kind {
	case KindBasic:
		return a2aclient.BasicAuth{Username: username, Password: secret}
	case KindAPIKey:
		return a2aclient.APIKey{In: c.APIKeyIn, Name: c.APIKeyName, Value: secret}
	}
	return a2aclient.BearerToken{Token: secret}
}

// What names the secret to type: "bearer token", "API key", "password".
func (c Choice) What() string {
	switch c.Kind {
	case KindBasic:
		return "password"
	case KindAPIKey:
		return "API key"
	}
	return "bearer token"
}

// Choices lists the ways to sign in to agent a, from its card's schemes
// (in the card's order) and the challenge of a 401, and picks the one to
// offer first: the kind the challenge names, else the first the card's
// requirements list. A card with no schemes and no challenge gets a
// bearer token, the most common case.
func Choices(a *a2aclient.Agent, challenge string) (list []Choice, preferred int) {
	scopes := RequiredScopes(a)
	if a != nil {
		for i := range a.SecuritySchemes {
			list = append(list, schemeChoices(&a.SecuritySchemes[i], scopes[a.SecuritySchemes[i].Name])...)
		}
	}
	asked := challengeSchemes(challenge)
	for _, name := range asked {
		switch name {
		case "bearer":
			if !hasKind(list, KindBearer) && !hasKind(list, KindOAuth) {
				list = append(list, Choice{Kind: KindBearer, Label: "HTTP bearer token"})
			}
		case "basic":
			if !hasKind(list, KindBasic) {
				list = append(list, Choice{Kind: KindBasic, Label: "HTTP basic (user name and password)"})
			}
		}
	}
	if len(list) == 0 || onlyMTLS(list) {
		list = append(list, Choice{Kind: KindBearer, Label: "a bearer token (the card names no scheme)"})
	}
	return list, preferredChoice(a, list, asked)
}

func schemeChoices(s *a2aclient.SecurityScheme, scopes []string) []Choice {
	c := Choice{Scheme: s, Scopes: scopes, Description: clip(termsafe.Line(s.Description), 80)}
	switch s.Type {
	case a2aclient.SchemeHTTP:
		switch strings.ToLower(s.Scheme) {
		case "basic":
			c.Kind, c.Label = KindBasic, "HTTP basic (user name and password)"
		default:
			c.Kind, c.Label = KindBearer, "HTTP bearer token"
			if s.BearerFormat != "" {
				c.Label += " (" + termsafe.Line(s.BearerFormat) + ")"
			}
		}
	case a2aclient.SchemeAPIKey:
		in := strings.ToLower(s.In)
		if in == "" {
			in = "header"
		}
		c.Kind, c.APIKeyIn, c.APIKeyName = KindAPIKey, in, s.ParamName
		c.Label = fmt.Sprintf("API key in %s %s", in, termsafe.Line(s.ParamName))
	case a2aclient.SchemeOAuth2:
		var out []Choice
		for _, g := range []struct {
			grant Grant
			flow  *a2aclient.OAuthFlow
		}{{GrantDeviceCode, s.Flows.DeviceCode}, {GrantAuthorizationCode, s.Flows.AuthorizationCode}, {GrantClientCredentials, s.Flows.ClientCredentials}} {
			if g.flow == nil {
				continue
			}
			o := c
			o.Kind, o.Grant = KindOAuth, g.grant
			o.Label = fmt.Sprintf("OAuth 2.0 %s%s", g.grant.Label(), hostNote(g.flow.TokenURL, g.flow.AuthorizationURL, g.flow.DeviceAuthorizationURL))
			out = append(out, o)
		}
		if len(out) == 0 && s.OAuth2MetadataURL != "" {
			c.Kind, c.Grant = KindOAuth, GrantAuthorizationCode
			c.Label = "OAuth 2.0 browser sign-in" + hostNote(s.OAuth2MetadataURL)
			out = append(out, c)
		}
		return out
	case a2aclient.SchemeOpenIDConnect:
		c.Kind, c.Grant = KindOAuth, GrantAuthorizationCode
		c.Label = "OpenID Connect browser sign-in" + hostNote(s.OpenIDConnectURL)
		d := c
		d.Grant = GrantDeviceCode
		d.Label = "OpenID Connect device code" + hostNote(s.OpenIDConnectURL)
		return []Choice{c, d}
	case a2aclient.SchemeMutualTLS:
		c.Kind, c.Label = KindMTLS, "mutual TLS (set tls_cert and tls_key in the agent's config)"
	default:
		// A v0.1 scheme known only by name: most are tokens.
		c.Kind = KindBearer
		c.Label = termsafe.Line(s.Name) + " (sent as a bearer token)"
		if strings.EqualFold(s.Name, "apikey") || strings.EqualFold(s.Name, "api_key") {
			c.Kind, c.APIKeyIn, c.APIKeyName = KindAPIKey, "header", "X-API-Key"
			c.Label = "API key (the card does not say where; sent in header X-API-Key)"
		}
	}
	return []Choice{c}
}

func hostNote(urls ...string) string {
	for _, raw := range urls {
		if u, err := url.Parse(raw); err == nil && u.Host != "" {
			return " (" + termsafe.Line(u.Host) + ")"
		}
	}
	return ""
}

// RequiredScopes collects, per scheme name, the scopes the card's
// requirements ask for, at the top level and per skill.
func RequiredScopes(a *a2aclient.Agent) map[string][]string {
	out := map[string][]string{}
	if a == nil {
		return out
	}
	add := func(reqs []a2aclient.SecurityRequirement) {
		for _, r := range reqs {
			for name, scopes := range r {
				for _, s := range scopes {
					if !contains(out[name], s) {
						out[name] = append(out[name], s)
					}
				}
			}
		}
	}
	add(a.Security)
	for _, sk := range a.Skills {
		add(sk.Security)
	}
	return out
}

func preferredChoice(a *a2aclient.Agent, list []Choice, asked []string) int {
	for _, name := range asked {
		for i, c := range list {
			if name == "bearer" && c.Kind == KindBearer || name == "basic" && c.Kind == KindBasic {
				return i
			}
		}
	}
	if a != nil && len(a.Security) > 0 {
		names := make([]string, 0, len(a.Security[0]))
		for n := range a.Security[0] {
			names = append(names, n)
		}
		sort.Strings(names)
		for i, c := range list {
			if c.Scheme != nil && c.Kind != KindMTLS && contains(names, c.Scheme.Name) {
				return i
			}
		}
	}
	for i, c := range list {
		if c.Kind != KindMTLS {
			return i
		}
	}
	return 0
}

// challengeSchemes lists the auth schemes of a WWW-Authenticate value,
// lower-cased.
func challengeSchemes(challenge string) []string {
	if strings.TrimSpace(challenge) == "" {
		return nil
	}
	var out []string
	for _, s := range (&a2aclient.AuthError{Challenge: challenge}).Schemes() {
		out = append(out, strings.ToLower(s))
	}
	return out
}

func hasKind(list []Choice, k Kind) bool {
	for _, c := range list {
		if c.Kind == k {
			return true
		}
	}
	return false
}

func onlyMTLS(list []Choice) bool {
	for _, c := range list {
		if c.Kind != KindMTLS {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Needs describes, for an error message, what the agent asks for: its
// card's schemes grouped by requirement, and the challenge's schemes.
// "" when neither says anything.
func Needs(a *a2aclient.Agent, challenge string) string {
	var parts []string
	if a != nil && len(a.SecuritySchemes) > 0 {
		byName := map[string]*a2aclient.SecurityScheme{}
		for i := range a.SecuritySchemes {
			byName[a.SecuritySchemes[i].Name] = &a.SecuritySchemes[i]
		}
		var alts []string
		for _, r := range a.Security {
			names := make([]string, 0, len(r))
			for n := range r {
				names = append(names, n)
			}
			sort.Strings(names)
			var all []string
			for _, n := range names {
				all = append(all, schemeWords(n, byName[n], r[n]))
			}
			alts = append(alts, strings.Join(all, " together with "))
		}
		if len(alts) == 0 {
			for _, s := range a.SecuritySchemes {
				alts = append(alts, schemeWords(s.Name, &s, nil))
			}
		}
		parts = append(parts, "its card asks for "+strings.Join(alts, ", or "))
	}
	if s := (&a2aclient.AuthError{Challenge: challenge}).Schemes(); len(s) > 0 {
		parts = append(parts, "its reply asks for "+termsafe.Line(strings.Join(s, " or ")))
	}
	return strings.Join(parts, "; ")
}

func schemeWords(name string, s *a2aclient.SecurityScheme, scopes []string) string {
	if s == nil {
		return fmt.Sprintf("%q", termsafe.Line(name))
	}
	cs := schemeChoices(s, nil)
	var kinds []string
	for _, c := range cs {
		kinds = append(kinds, c.Label)
	}
	w := fmt.Sprintf("%s (scheme %q)", strings.Join(kinds, " or "), termsafe.Line(name))
	if len(cs) == 0 {
		w = fmt.Sprintf("scheme %q", termsafe.Line(name))
	}
	if len(scopes) > 0 {
		w += " with scopes " + termsafe.Line(strings.Join(scopes, " "))
	}
	return w
}

// clip shortens s to n runes, marking the cut.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return strings.TrimSpace(s)
}
