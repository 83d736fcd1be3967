package panes

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// schemeLabel names a security scheme in a few words for the agents
// pane: "HTTP bearer", "API key in header X-API-Key", "OAuth 2.0 device
// code, browser sign-in (auth.example.com)".
func schemeLabel(s a2aclient.SecurityScheme) string {
	switch s.Type {
	case a2aclient.SchemeHTTP:
		return "HTTP " + termsafe.Line(s.Scheme)
	case a2aclient.SchemeAPIKey:
		return fmt.Sprintf("API key in %s %s", termsafe.Line(s.In), termsafe.Line(s.ParamName))
	case a2aclient.SchemeOAuth2:
		var flows []string
		host := ""
		for _, f := range []struct {
			name string
			flow *a2aclient.OAuthFlow
		}{{"device code", s.Flows.DeviceCode}, {"browser sign-in", s.Flows.AuthorizationCode}, {"client credentials", s.Flows.ClientCredentials}} {
			if f.flow != nil {
				flows = append(flows, f.name)
				if host == "" {
					host = hostOf(f.flow.TokenURL)
				}
			}
		}
		label := "OAuth 2.0"
		if len(flows) > 0 {
			label += " " + strings.Join(flows, ", ")
		}
		if host == "" {
			host = hostOf(s.OAuth2MetadataURL)
		}
		if host != "" {
			label += " (" + host + ")"
		}
		return label
	case a2aclient.SchemeOpenIDConnect:
		if h := hostOf(s.OpenIDConnectURL); h != "" {
			return "OpenID Connect (" + h + ")"
		}
		return "OpenID Connect"
	case a2aclient.SchemeMutualTLS:
		return "mutual TLS"
	}
	return termsafe.Line(s.Name)
}

func hostOf(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return termsafe.Line(u.Host)
	}
	return ""
}

// requirementLine says which schemes a requirement list asks for, with
// scopes. The card is the agent's to write, so only the first few
// alternatives are read; the line is clipped when drawn.
func requirementLine(reqs []a2aclient.SecurityRequirement) string {
	if len(reqs) == 0 {
		return ""
	}
	more := ""
	if len(reqs) > 4 {
		reqs, more = reqs[:4], ", …"
	}
	small := make([]a2aclient.SecurityRequirement, 0, len(reqs))
	for _, r := range reqs {
		t := a2aclient.SecurityRequirement{}
		for name, scopes := range r {
			if len(t) == 6 {
				break
			}
			t[clipKey(name, 40)] = scopes[:min(len(scopes), 6)]
		}
		small = append(small, t)
	}
	return termsafe.Line(session.RequirementText(small)) + more
}

func clipKey(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
