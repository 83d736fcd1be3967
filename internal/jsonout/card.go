package jsonout

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

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

// InterfaceToJSON is the JSON form of an endpoint.
func InterfaceToJSON(i a2aclient.Interface) InterfaceJSON {
	return InterfaceJSON{URL: i.URL, Transport: string(i.Binding), ProtocolVersion: i.ProtocolVersion, Tenant: i.Tenant, Dialect: string(i.Dialect)}
}

// SchemeToJSON is the JSON form of a security scheme.
func SchemeToJSON(s a2aclient.SecurityScheme) SchemeJSON {
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

// SignatureJSON is what checking a card's signatures found.
type SignatureJSON struct {
	// Status is "verified", "unsigned", "invalid" or "unchecked".
	Status string `json:"status"`
	// KeyID, KeyURL and Algorithm name the key that verified the card.
	KeyID     string `json:"keyId,omitempty"`
	KeyURL    string `json:"keyUrl,omitempty"`
	Algorithm string `json:"algorithm,omitempty"`
	// DefaultsLeftOut: the signature covers the card without its empty
	// and false values.
	DefaultsLeftOut bool `json:"defaultsLeftOut,omitempty"`
	// Reason says why an invalid card did not verify.
	Reason string `json:"reason,omitempty"`
	// Summary is the outcome in a few words, as parley card prints it.
	Summary string `json:"summary"`
}

// SignatureToJSON is the JSON form of a signature check.
func SignatureToJSON(s a2aclient.CardSignature) SignatureJSON {
	status := string(s.Status)
	if status == "" {
		status = "unchecked"
	}
	out := SignatureJSON{Status: status, Reason: s.Reason, Summary: s.Summary()}
	if s.Status == a2aclient.SignatureVerified {
		out.KeyID, out.KeyURL, out.Algorithm, out.DefaultsLeftOut = s.KeyID, s.KeyURL, s.Algorithm, s.Stripped
	}
	return out
}
