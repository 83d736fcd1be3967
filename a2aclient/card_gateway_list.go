package a2aclient

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// ListGatewayAgents lists the agents behind a gateway (GET
// {gateway}/v1/a2a/agents). baseURL may be the gateway's root, its
// well-known card, the list itself or any agent's URL under it. Each
// agent comes back with its gateway interface and the URL of its card;
// the list carries ids only, so Name is the agent's id unless the
// gateway says more.
func ListGatewayAgents(ctx context.Context, baseURL string, opts Options) ([]Agent, error) {
	listURL, err := gatewayListURL(baseURL)
	if err != nil {
		return nil, err
	}
	return listGatewayAgents(ctx, newTransport(opts), listURL)
}

// gatewayListURL finds the agent list for any URL of a gateway.
func gatewayListURL(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "", fmt.Errorf("%q is not an http(s) URL of a gateway", sanitizeLine(raw))
	}
	path := u.EscapedPath()
	if i := strings.LastIndex(path, gatewayAgentsPath); i >= 0 {
		path = path[:i]
	} else if i := strings.Index(path, "/.well-known/"); i >= 0 {
		path = path[:i]
	}
	b := url.URL{Scheme: u.Scheme, Host: u.Host}
	if err := setEscapedPath(&b, strings.TrimSuffix(path, "/")+gatewayAgentsPath); err != nil {
		return "", fmt.Errorf("%q is not a usable gateway URL: %w", sanitizeLine(raw), err)
	}
	return b.String(), nil
}

func listGatewayAgents(ctx context.Context, t *transport, listURL string) ([]Agent, error) {
	data, err := gatewayExchange(ctx, t, "list the gateway's agents", http.MethodGet, listURL, nil, false)
	if err != nil {
		return nil, err
	}
	list, err := url.Parse(listURL)
	if err != nil {
		return nil, fmt.Errorf("list the gateway's agents: bad URL: %w", err)
	}
	items, ok := gatewayListItems(data)
	if !ok {
		return nil, &ProtocolError{What: "the gateway's agent list is neither a JSON array nor an object holding one"}
	}
	agents := make([]Agent, 0, len(items))
	for _, raw := range items {
		if a, ok := gatewayListEntry(raw, list); ok {
			agents = append(agents, a)
		}
	}
	return agents, nil
}

// gatewayListItems accepts the bare array the gateway sends and the
// {"agents": […]} wrapper other registries use.
func gatewayListItems(data []byte) ([]json.RawMessage, bool) {
	var items []json.RawMessage
	if json.Unmarshal(data, &items) == nil {
		return items, true
	}
	o, ok := asObj(data)
	if !ok {
		return nil, false
	}
	for _, k := range []string{"agents", "data", "items"} {
		if o.kind(k) == "array" {
			return o.items(k), true
		}
	}
	return nil, false
}

// gatewayListEntry reads {agentId, agentCardUrl, messageSendUrl}, or a
// bare id string; entries naming no agent are skipped.
func gatewayListEntry(raw json.RawMessage, list *url.URL) (Agent, bool) {
	var id string
	o, isObj := asObj(raw)
	if isObj {
		id = o.firstStr("agentId", "agent_id", "id")
	} else if json.Unmarshal(raw, &id) != nil {
		return Agent{}, false
	}
	base := ""
	if isObj {
		if send := o.firstStr("messageSendUrl", "message_send_url", "url"); send != "" {
			// An agent is reached on the gateway's own origin: a send URL
			// elsewhere would carry the user's messages, under the
			// gateway's name, to wherever the list says.
			if ref, err := url.Parse(send); err == nil && onOrigin(list.ResolveReference(ref), list) {
				if b, multi, _, ok := gatewayBase(list.ResolveReference(ref)); ok && !multi {
					base = b
				}
			}
		}
	}
	if base == "" {
		// An id such as ".." would make the list's parent an agent.
		if checkPathID("agent id", id, false) != nil {
			return Agent{}, false
		}
		b := *list
		b.RawQuery, b.Fragment = "", ""
		if err := setEscapedPath(&b, list.EscapedPath()+"/"+url.PathEscape(id)); err != nil {
			return Agent{}, false
		}
		base = b.String()
	}
	a := Agent{
		Name:        id,
		CardURL:     base + "/agent-card",
		CardDialect: DialectGateway,
		Interfaces:  []Interface{{URL: base, Binding: BindingREST, Dialect: DialectGateway}},
		Raw:         append([]byte(nil), raw...),
	}
	if isObj {
		a.Name = cmp.Or(o.str("name"), id)
		a.Description = o.str("description")
		if card := o.firstStr("agentCardUrl", "agent_card_url", "cardUrl"); card != "" {
			if ref, err := url.Parse(card); err == nil {
				a.CardURL = list.ResolveReference(ref).String()
			}
		}
	}
	if a.Name == "" {
		a.Name = base
	}
	return a, true
}

// onOrigin reports whether a is on b's origin (default ports and case
// aside).
func onOrigin(a, b *url.URL) bool {
	oa, okA := Origin(a.String())
	ob, okB := Origin(b.String())
	return okA && okB && oa == ob
}
