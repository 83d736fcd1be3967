package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// CardJSON is an agent card as parley understood it: the normalized card,
// the dialect and endpoint chosen, and warnings, with the card as served.
type CardJSON struct {
	Type               string                          `json:"type"` // "card"
	Name               string                          `json:"name"`
	Description        string                          `json:"description"`
	Version            string                          `json:"version"`
	Provider           *ProviderJSON                   `json:"provider,omitempty"`
	DocumentationURL   string                          `json:"documentationUrl,omitempty"`
	Dialect            string                          `json:"dialect"`
	DialectLabel       string                          `json:"dialectLabel"`
	Endpoint           InterfaceJSON                   `json:"endpoint"`
	OtherInterfaces    []InterfaceJSON                 `json:"otherInterfaces,omitempty"`
	CardURL            string                          `json:"cardUrl"`
	Capabilities       CapabilitiesJSON                `json:"capabilities"`
	DefaultInputModes  []string                        `json:"defaultInputModes,omitempty"`
	DefaultOutputModes []string                        `json:"defaultOutputModes,omitempty"`
	Skills             []SkillJSON                     `json:"skills"`
	SecuritySchemes    []SchemeJSON                    `json:"securitySchemes,omitempty"`
	Security           []a2aclient.SecurityRequirement `json:"security,omitempty"`
	Warnings           []string                        `json:"warnings"`
	// Signature is what checking the card's signatures found.
	Signature SignatureJSON `json:"signature"`
	// Extensions are the extension URIs parley activates for this agent
	// (--extension, extensions), and Confirmed the ones the agent said it
	// activated on the endpoint check.
	Extensions []string        `json:"activatedExtensions,omitempty"`
	Confirmed  []string        `json:"confirmedExtensions,omitempty"`
	Tenant     string          `json:"tenant,omitempty"`
	Card       json.RawMessage `json:"card,omitempty"`
}

// ProviderJSON is the organization behind an agent.
type ProviderJSON struct {
	Organization string `json:"organization"`
	URL          string `json:"url,omitempty"`
}

// InterfaceJSON is one endpoint.
type InterfaceJSON struct {
	URL             string `json:"url"`
	Transport       string `json:"transport"`
	ProtocolVersion string `json:"protocolVersion,omitempty"`
	Tenant          string `json:"tenant,omitempty"`
	Dialect         string `json:"dialect,omitempty"`
}

// CapabilitiesJSON lists optional features.
type CapabilitiesJSON struct {
	Streaming              bool            `json:"streaming"`
	PushNotifications      bool            `json:"pushNotifications"`
	StateTransitionHistory bool            `json:"stateTransitionHistory,omitempty"`
	ExtendedCard           bool            `json:"extendedAgentCard,omitempty"`
	TaskManagement         bool            `json:"taskManagement,omitempty"`
	AgentDiscovery         bool            `json:"agentDiscovery,omitempty"`
	Extensions             []ExtensionJSON `json:"extensions,omitempty"`
}

// ExtensionJSON is a protocol extension.
type ExtensionJSON struct {
	URI         string `json:"uri"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required,omitempty"`
	// Activated: parley asks for it on every request; Confirmed: the
	// agent said it activated it.
	Activated bool `json:"activated,omitempty"`
	Confirmed bool `json:"confirmed,omitempty"`
}

// List names the declared capabilities, for people.
func (c CapabilitiesJSON) List() []string {
	var out []string
	for _, f := range []struct {
		on   bool
		name string
	}{
		{c.Streaming, "streaming"}, {c.PushNotifications, "push notifications"},
		{c.StateTransitionHistory, "state history"}, {c.ExtendedCard, "extended card"},
		{c.TaskManagement, "task management"}, {c.AgentDiscovery, "agent discovery"},
	} {
		if f.on {
			out = append(out, f.name)
		}
	}
	// Extensions have a section of their own (parley card).
	return out
}

// SkillJSON is something the agent can do.
type SkillJSON struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Description string   `json:"description,omitempty"`
	Tags        []string `json:"tags,omitempty"`
	Examples    []string `json:"examples,omitempty"`
	InputModes  []string `json:"inputModes,omitempty"`
	OutputModes []string `json:"outputModes,omitempty"`
	// Security is what this skill needs beyond the agent's own.
	Security []a2aclient.SecurityRequirement `json:"security,omitempty"`
}

// SchemeJSON is a security scheme.
type SchemeJSON struct {
	Name              string   `json:"name"`
	Type              string   `json:"type"`
	Description       string   `json:"description,omitempty"`
	Scheme            string   `json:"scheme,omitempty"`
	BearerFormat      string   `json:"bearerFormat,omitempty"`
	In                string   `json:"in,omitempty"`
	ParamName         string   `json:"paramName,omitempty"`
	OpenIDConnectURL  string   `json:"openIdConnectUrl,omitempty"`
	OAuth2MetadataURL string   `json:"oauth2MetadataUrl,omitempty"`
	Flows             []string `json:"flows,omitempty"`
}

// Summary describes the scheme in a few words: "HTTP bearer (JWT)",
// "API key in header X-API-Key", "OAuth 2.0 (device code)".
func (s SchemeJSON) Summary() string {
	var out string
	switch a2aclient.SchemeType(s.Type) {
	case a2aclient.SchemeHTTP:
		out = "HTTP " + s.Scheme
		if s.BearerFormat != "" {
			out += " (" + s.BearerFormat + ")"
		}
	case a2aclient.SchemeAPIKey:
		out = fmt.Sprintf("API key in %s %s", s.In, s.ParamName)
	case a2aclient.SchemeOAuth2:
		out = "OAuth 2.0"
		if len(s.Flows) > 0 {
			out += " (" + strings.Join(s.Flows, ", ") + ")"
		}
		if s.OAuth2MetadataURL != "" {
			out += " " + s.OAuth2MetadataURL
		}
	case a2aclient.SchemeOpenIDConnect:
		out = "OpenID Connect " + s.OpenIDConnectURL
	case a2aclient.SchemeMutualTLS:
		out = "mutual TLS"
	default:
		out = s.Type
	}
	if s.Description != "" {
		out += " — " + s.Description
	}
	return out
}

// RequirementText says which schemes a requirement list asks for, for
// people: alternatives joined by "or", schemes needed together by "+",
// scopes in brackets: "device [ledger:read], or key + mtls".
func RequirementText(reqs []a2aclient.SecurityRequirement) string {
	var alts []string
	for _, r := range reqs {
		names := make([]string, 0, len(r))
		for n := range r {
			names = append(names, n)
		}
		sort.Strings(names)
		for i, n := range names {
			if len(r[n]) > 0 {
				names[i] = n + " [" + strings.Join(r[n], " ") + "]"
			}
		}
		if len(names) > 0 {
			alts = append(alts, strings.Join(names, " + "))
		}
	}
	return strings.Join(alts, ", or ")
}

// DescribeCard describes the client's agent card, after checking that
// the chosen endpoint answers in the transport the card declares. The
// check may move the client to another dialect, which the description
// then reports.
func DescribeCard(ctx context.Context, c *a2aclient.Client) *CardJSON {
	declared := c.Endpoint()
	probeErr := ProbeEndpoint(ctx, c)
	a := c.Agent()
	ep := c.Endpoint()
	v := &CardJSON{
		Type: "card", Name: a.Name, Description: a.Description, Version: a.Version,
		DocumentationURL: a.DocumentationURL,
		Dialect:          string(c.Dialect()), DialectLabel: c.Dialect().Label(),
		Endpoint: interfaceJSON(ep), CardURL: a.CardURL,
		Capabilities: CapabilitiesJSON{
			Streaming: a.Capabilities.Streaming, PushNotifications: a.Capabilities.PushNotifications,
			StateTransitionHistory: a.Capabilities.StateTransitionHistory, ExtendedCard: a.Capabilities.ExtendedCard,
			TaskManagement: a.Capabilities.TaskManagement, AgentDiscovery: a.Capabilities.AgentDiscovery,
		},
		DefaultInputModes: a.DefaultInputModes, DefaultOutputModes: a.DefaultOutputModes,
		Skills: []SkillJSON{}, Security: a.Security,
		Warnings: append([]string{}, a.Warnings...),
	}
	if a.Provider != nil {
		v.Provider = &ProviderJSON{Organization: a.Provider.Organization, URL: a.Provider.URL}
	}
	for _, i := range a.Interfaces {
		// One URL may serve two versions of a binding (a gRPC port with
		// both services): each is an interface of its own.
		if i.URL != ep.URL || i.Binding != ep.Binding || i.Dialect != ep.Dialect {
			v.OtherInterfaces = append(v.OtherInterfaces, interfaceJSON(i))
		}
	}
	v.Signature = signatureJSON(c.VerifyCard(ctx))
	v.Extensions, v.Confirmed, v.Tenant = c.Extensions(), c.ActivatedExtensions(), ep.Tenant
	for _, e := range a.Capabilities.Extensions {
		v.Capabilities.Extensions = append(v.Capabilities.Extensions, ExtensionJSON{URI: e.URI, Description: e.Description, Required: e.Required,
			Activated: slices.Contains(v.Extensions, e.URI), Confirmed: slices.Contains(v.Confirmed, e.URI)})
	}
	for _, e := range c.MissingRequiredExtensions() {
		v.Warnings = append(v.Warnings, MissingExtensionWarning(e))
	}
	for _, s := range a.Skills {
		v.Skills = append(v.Skills, SkillJSON{ID: s.ID, Name: s.Name, Description: s.Description, Tags: s.Tags,
			Examples: s.Examples, InputModes: s.InputModes, OutputModes: s.OutputModes, Security: s.Security})
	}
	for _, s := range a.SecuritySchemes {
		v.SecuritySchemes = append(v.SecuritySchemes, schemeJSON(s))
	}
	if json.Valid(a.Raw) {
		v.Card = a.Raw
	}
	v.Warnings = append(v.Warnings, foreignWarnings(c)...)
	var ae *a2aclient.AuthError
	if errors.As(probeErr, &ae) {
		v.Warnings = append(v.Warnings, fmt.Sprintf("could not check that %s answers as %s: it needs credentials (HTTP %d)", declared.URL, declared.Dialect.Label(), ae.StatusCode))
	} else if probeErr != nil {
		v.Warnings = append(v.Warnings, fmt.Sprintf("the endpoint %s did not answer as %s: %v", declared.URL, declared.Dialect.Label(), probeErr))
	} else if ep.Dialect != declared.Dialect || ep.URL != declared.URL {
		v.Warnings = append(v.Warnings, fmt.Sprintf("the card's endpoint %s did not answer as %s; parley uses %s at %s instead",
			declared.URL, declared.Dialect.Label(), ep.Dialect.Label(), ep.URL))
	}
	return v
}

func interfaceJSON(i a2aclient.Interface) InterfaceJSON {
	return InterfaceJSON{URL: i.URL, Transport: string(i.Binding), ProtocolVersion: i.ProtocolVersion, Tenant: i.Tenant, Dialect: string(i.Dialect)}
}

func schemeJSON(s a2aclient.SecurityScheme) SchemeJSON {
	out := SchemeJSON{Name: s.Name, Type: string(s.Type), Description: s.Description, Scheme: s.Scheme,
		BearerFormat: s.BearerFormat, In: s.In, ParamName: s.ParamName,
		OpenIDConnectURL: s.OpenIDConnectURL, OAuth2MetadataURL: s.OAuth2MetadataURL}
	for name, f := range map[string]*a2aclient.OAuthFlow{
		"authorization code": s.Flows.AuthorizationCode, "client credentials": s.Flows.ClientCredentials,
		"device code": s.Flows.DeviceCode, "implicit": s.Flows.Implicit, "password": s.Flows.Password,
	} {
		if f != nil {
			out.Flows = append(out.Flows, name)
		}
	}
	sort.Strings(out.Flows)
	return out
}

// ProbeEndpoint checks that the client's endpoint answers in its
// transport, with a cheap request that cannot change anything: getting a
// task id nobody has used. "Task not found", or any answer in the
// protocol's own error format, proves the endpoint speaks it; a plain
// HTTP error page, a network failure or an unreadable reply does not.
// An authentication refusal proves nothing either way; it is returned
// as the *a2aclient.AuthError it is.
func ProbeEndpoint(ctx context.Context, c *a2aclient.Client) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err := c.Get(ctx, "parley-probe-"+a2aclient.NewID(), nil)
	var re *a2aclient.RPCError
	var he *a2aclient.HTTPError
	switch {
	case err == nil, errors.Is(err, a2aclient.ErrTaskNotFound), errors.As(err, &re):
		return nil
	case errors.As(err, &he) && he.Kind != nil:
		return nil
	}
	return err
}
