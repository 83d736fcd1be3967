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
	"github.com/parley-a2a/parley/internal/jsonout"
)

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
func DescribeCard(ctx context.Context, c *a2aclient.Client) *jsonout.CardJSON {
	declared := c.Endpoint()
	probeErr := ProbeEndpoint(ctx, c)
	a := c.Agent()
	ep := c.Endpoint()
	v := &jsonout.CardJSON{
		Type: "card", Name: a.Name, Description: a.Description, Version: a.Version,
		DocumentationURL: a.DocumentationURL,
		Dialect:          string(c.Dialect()), DialectLabel: c.Dialect().Label(),
		Endpoint: jsonout.InterfaceToJSON(ep), CardURL: a.CardURL,
		Capabilities: jsonout.CapabilitiesJSON{
			Streaming: a.Capabilities.Streaming, PushNotifications: a.Capabilities.PushNotifications,
			StateTransitionHistory: a.Capabilities.StateTransitionHistory, ExtendedCard: a.Capabilities.ExtendedCard,
			TaskManagement: a.Capabilities.TaskManagement, AgentDiscovery: a.Capabilities.AgentDiscovery,
		},
		DefaultInputModes: a.DefaultInputModes, DefaultOutputModes: a.DefaultOutputModes,
		Skills: []jsonout.SkillJSON{}, Security: a.Security,
		Warnings: append([]string{}, a.Warnings...),
	}
	if a.Provider != nil {
		v.Provider = &jsonout.ProviderJSON{Organization: a.Provider.Organization, URL: a.Provider.URL}
	}
	AddInterfaces(v, a.Interfaces)
	v.Signature = jsonout.SignatureToJSON(c.VerifyCard(ctx))
	v.Extensions, v.Confirmed, v.Tenant = c.Extensions(), c.ActivatedExtensions(), ep.Tenant
	for _, e := range a.Capabilities.Extensions {
		v.Capabilities.Extensions = append(v.Capabilities.Extensions, jsonout.ExtensionJSON{URI: e.URI, Description: e.Description, Required: e.Required,
			Activated: slices.Contains(v.Extensions, e.URI), Confirmed: slices.Contains(v.Confirmed, e.URI)})
	}
	for _, e := range c.MissingRequiredExtensions() {
		v.Warnings = append(v.Warnings, MissingExtensionWarning(e))
	}
	for _, s := range a.Skills {
		v.Skills = append(v.Skills, jsonout.SkillJSON{ID: s.ID, Name: s.Name, Description: s.Description, Tags: s.Tags,
			Examples: s.Examples, InputModes: s.InputModes, OutputModes: s.OutputModes, Security: s.Security})
	}
	for _, s := range a.SecuritySchemes {
		v.SecuritySchemes = append(v.SecuritySchemes, jsonout.SchemeToJSON(s))
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

// AddInterfaces lists in v's OtherInterfaces each of list that is
// neither v's endpoint nor listed already. One URL may serve two
// versions of a binding (a gRPC port with both services): each is an
// interface of its own. A described extended card gets the public
// card's interfaces this way: where the agent is reachable is the
// public card's word, and the extended card may list only some.
func AddInterfaces(v *jsonout.CardJSON, list []a2aclient.Interface) {
	same := func(a, b jsonout.InterfaceJSON) bool {
		return a.URL == b.URL && a.Transport == b.Transport && a.ProtocolVersion == b.ProtocolVersion && a.Dialect == b.Dialect
	}
	for _, i := range list {
		j := jsonout.InterfaceToJSON(i)
		if same(j, v.Endpoint) || slices.ContainsFunc(v.OtherInterfaces, func(o jsonout.InterfaceJSON) bool { return same(o, j) }) {
			continue
		}
		v.OtherInterfaces = append(v.OtherInterfaces, j)
	}
}
