package a2aclient

import (
	"encoding/json"
	"strings"
)

// v1.0 wraps each security scheme in an object named for its type;
// v0.2 and v0.3 tag a flat object with "type". Both are accepted in any
// card, since hybrid and hand-written cards mix them.
var schemeWrappers = []struct {
	key string
	typ SchemeType
}{
	{"apiKeySecurityScheme", SchemeAPIKey},
	{"httpAuthSecurityScheme", SchemeHTTP},
	{"oauth2SecurityScheme", SchemeOAuth2},
	{"openIdConnectSecurityScheme", SchemeOpenIDConnect},
	{"mtlsSecurityScheme", SchemeMutualTLS},
}

// security fills the agent's schemes and top-level requirements.
func (p *cardParser) security() {
	for _, e := range p.o.entries("securitySchemes") {
		p.a.SecuritySchemes = append(p.a.SecuritySchemes, p.scheme(e.key, e.val))
	}
	if _, ok := p.o["authentication"]; ok {
		p.v01Authentication()
	}
	p.a.Security = append(p.a.Security, p.requirements(p.o)...)
	p.checkRequirementNames(p.a.Security)
}

func (p *cardParser) scheme(name string, raw json.RawMessage) SecurityScheme {
	s := SecurityScheme{Name: name}
	o, ok := asObj(raw)
	if !ok {
		p.warn("Security scheme %q is not an object.", truncate(name, 40))
		return s
	}
	body := o
	for _, w := range schemeWrappers {
		if inner := o.obj(w.key); inner != nil {
			s.Type, body = w.typ, inner
			break
		}
	}
	if s.Type == "" {
		t := o.str("type")
		s.Type = schemeType(t)
		if s.Type == "" {
			s.Type = SchemeType(t)
			p.warn("Security scheme %q has an unknown type %q.", truncate(name, 40), truncate(t, 40))
		}
	}
	s.Description = body.str("description")
	s.Scheme = body.str("scheme")
	s.BearerFormat = body.str("bearerFormat")
	s.In = body.firstStr("location", "in") // v1.0 renamed "in" to "location"
	s.ParamName = body.str("name")
	s.OpenIDConnectURL = body.str("openIdConnectUrl")
	s.OAuth2MetadataURL = body.str("oauth2MetadataUrl")
	if f := body.obj("flows"); f != nil {
		s.Flows = OAuthFlows{
			AuthorizationCode: oauthFlow(f.obj("authorizationCode")),
			ClientCredentials: oauthFlow(f.obj("clientCredentials")),
			DeviceCode:        oauthFlow(f.obj("deviceCode")),
			Implicit:          oauthFlow(f.obj("implicit")),
			Password:          oauthFlow(f.obj("password")),
		}
	}
	return s
}

func schemeType(t string) SchemeType {
	switch strings.ToLower(strings.TrimSpace(t)) {
	case "apikey":
		return SchemeAPIKey
	case "http":
		return SchemeHTTP
	case "oauth2":
		return SchemeOAuth2
	case "openidconnect":
		return SchemeOpenIDConnect
	case "mutualtls", "mtls":
		return SchemeMutualTLS
	}
	return ""
}

func oauthFlow(o jobj) *OAuthFlow {
	if o == nil {
		return nil
	}
	return &OAuthFlow{
		AuthorizationURL:       o.str("authorizationUrl"),
		TokenURL:               o.str("tokenUrl"),
		RefreshURL:             o.str("refreshUrl"),
		DeviceAuthorizationURL: o.str("deviceAuthorizationUrl"),
		Scopes:                 o.stringMap("scopes"),
		PKCERequired:           o.boolean("pkceRequired"),
	}
}

// v01Authentication maps v0.1's list of scheme names. Any one scheme
// suffices, so each becomes its own requirement. Bearer and Basic are
// plain HTTP auth; other names stay named, for the user to supply.
func (p *cardParser) v01Authentication() {
	auth := p.o.obj("authentication")
	credentials := auth.str("credentials")
	for _, name := range auth.strs("schemes") {
		if name == "" || p.hasScheme(name) {
			continue
		}
		s := SecurityScheme{Name: name, Type: SchemeNamed, Description: credentials}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "bearer":
			s.Type, s.Scheme = SchemeHTTP, "bearer"
		case "basic":
			s.Type, s.Scheme = SchemeHTTP, "basic"
		}
		p.a.SecuritySchemes = append(p.a.SecuritySchemes, s)
		p.a.Security = append(p.a.Security, SecurityRequirement{name: {}})
	}
}

func (p *cardParser) hasScheme(name string) bool {
	for _, s := range p.a.SecuritySchemes {
		if s.Name == name {
			return true
		}
	}
	return false
}

// requirements reads an object's security requirements in either form:
// v1.0 `securityRequirements: [{schemes: {name: {list: [scopes]}}}]`
// (a2a-go writes the scopes as a bare list) or v0.2/v0.3
// `security: [{name: [scopes]}]`.
func (p *cardParser) requirements(o jobj) []SecurityRequirement {
	key := "securityRequirements"
	if !o.present(key) {
		key = "security"
	}
	var out []SecurityRequirement
	for _, raw := range o.items(key) {
		item, ok := asObj(raw)
		if !ok {
			continue
		}
		schemes := item
		if inner := item.obj("schemes"); inner != nil {
			schemes = inner
		}
		req := SecurityRequirement{}
		for name, val := range schemes {
			req[name] = scopeList(val)
		}
		out = append(out, req)
	}
	return out
}

// scopeList reads scopes as a list of strings or as {"list": [...]}.
func scopeList(raw json.RawMessage) []string {
	if o, ok := asObj(raw); ok {
		raw = o["list"]
	}
	s := rawStrs(raw)
	if s == nil {
		s = []string{}
	}
	return s
}

func (p *cardParser) checkRequirementNames(reqs []SecurityRequirement) {
	for _, r := range reqs {
		for name := range r {
			if !p.hasScheme(name) {
				p.warn("A security requirement names scheme %q, which the card does not define.", truncate(name, 40))
			}
		}
	}
}
