package demoagent

import (
	"net/http"
	"reflect"
	"testing"
)

func TestRootCardListsInterfacesInPreferenceOrder(t *testing.T) {
	srv := newServer(t)
	card := getJSON(t, srv.URL+"/.well-known/agent-card.json")
	want := []string{
		srv.URL + "/v1.0/jsonrpc JSONRPC 1.0",
		srv.URL + "/v1.0/rest HTTP+JSON 1.0",
		srv.URL + "/v0.3/jsonrpc JSONRPC 0.3",
		srv.URL + "/v0.3/rest HTTP+JSON 0.3",
	}
	var got []string
	for _, i := range list(card, "supportedInterfaces") {
		got = append(got, str(i, "url")+" "+str(i, "protocolBinding")+" "+str(i, "protocolVersion"))
	}
	must(t, reflect.DeepEqual(got, want), "supportedInterfaces\n got %v\nwant %v", got, want)
	must(t, path(card, "capabilities", "extendedAgentCard") == true, "capabilities %v", card["capabilities"])
	// The hybrid fields point v0.3 clients at the v0.3 JSON-RPC endpoint.
	must(t, card["url"] == srv.URL+"/v0.3/jsonrpc" && card["preferredTransport"] == "JSONRPC", "hybrid fields %v %v", card["url"], card["preferredTransport"])
	for _, s := range list(card, "skills") {
		must(t, str(s, "id") != "" && str(s, "name") != "" && str(s, "description") != "" && len(list(s, "tags")) > 0 && len(list(s, "examples")) > 0, "skill %v", s)
	}
	must(t, str(card, "provider", "organization") == "parley" && str(card, "version") != "", "provider/version %v %v", card["provider"], card["version"])

	legacy := getJSON(t, srv.URL+"/.well-known/agent.json")
	must(t, reflect.DeepEqual(card, legacy), "agent.json differs from agent-card.json")
}

func TestCardsUseRequestHostAndForwardedProto(t *testing.T) {
	srv := newServer(t)
	resp := do(t, http.MethodGet, srv.URL+"/v1.0/.well-known/agent-card.json", nil, http.Header{"X-Forwarded-Proto": {"https"}})
	card := jsonBody(t, resp)
	want := "https://" + resp.Request.URL.Host + "/v1.0/jsonrpc"
	must(t, str(card, "supportedInterfaces", 0, "url") == want, "url %v, want %v", str(card, "supportedInterfaces", 0, "url"), want)
}

func TestPrefixedCardsSpeakOneDialect(t *testing.T) {
	srv := newServer(t)
	u := srv.URL

	v02 := getJSON(t, u+"/v0.2/.well-known/agent.json")
	must(t, v02["protocolVersion"] == "0.2.5" && v02["url"] == u+"/v0.2/", "v0.2 card %v %v", v02["protocolVersion"], v02["url"])
	must(t, path(v02, "securitySchemes", "bearer", "type") == "http", "v0.2 securitySchemes %v", v02["securitySchemes"])
	must(t, v02["supportedInterfaces"] == nil && v02["authentication"] == nil, "v0.2 card mixes dialects")

	v03 := getJSON(t, u+"/v0.3/.well-known/agent-card.json")
	must(t, v03["protocolVersion"] == "0.3.0" && v03["url"] == u+"/v0.3/jsonrpc" && v03["preferredTransport"] == "JSONRPC", "v0.3 card %v", v03)
	var ifaces []string
	for _, i := range list(v03, "additionalInterfaces") {
		ifaces = append(ifaces, str(i, "transport")+" "+str(i, "url"))
	}
	must(t, reflect.DeepEqual(ifaces, []string{"JSONRPC " + u + "/v0.3/jsonrpc", "HTTP+JSON " + u + "/v0.3/rest"}), "additionalInterfaces %v", ifaces)
	must(t, v03["supportsAuthenticatedExtendedCard"] == true && v03["supportedInterfaces"] == nil, "v0.3 card %v", v03)

	v10 := getJSON(t, u+"/v1.0/.well-known/agent-card.json")
	must(t, len(list(v10, "supportedInterfaces")) == 2 && v10["url"] == nil && v10["protocolVersion"] == nil, "v1.0 card %v", v10)

	gw := getJSON(t, u+"/gateway/.well-known/agent-card.json")
	must(t, gw["url"] == u+"/gateway/v1/a2a/agents/demo/message:send", "gateway url %v", gw["url"])
	must(t, path(gw, "capabilities", "taskManagement") == true && path(gw, "capabilities", "agentDiscovery") == true, "gateway capabilities %v", gw["capabilities"])
	must(t, gw["protocolVersion"] == nil && gw["supportedInterfaces"] == nil, "gateway card mixes dialects")

	sec := getJSON(t, u+"/secure/.well-known/agent-card.json")
	must(t, sec["url"] == u+"/secure/", "secure url %v", sec["url"])
	must(t, path(sec, "securitySchemes", "bearer", "scheme") == "bearer", "bearer scheme %v", sec["securitySchemes"])
	must(t, path(sec, "securitySchemes", "apiKey", "in") == "header" && path(sec, "securitySchemes", "apiKey", "name") == "X-API-Key", "apiKey scheme %v", sec["securitySchemes"])
	must(t, len(list(sec, "security")) == 2, "security %v", sec["security"])
}

func TestExtendedCards(t *testing.T) {
	srv := newServer(t)
	hasExtended := func(card any) bool {
		for _, s := range list(card, "skills") {
			if str(s, "id") == "extended-hello" {
				return true
			}
		}
		return false
	}
	must(t, !hasExtended(getJSON(t, srv.URL+"/v0.3/.well-known/agent-card.json")), "public card lists the extended skill")
	must(t, hasExtended(rpcResult(t, srv.URL+"/v0.3/jsonrpc", "agent/getAuthenticatedExtendedCard", nil)), "v0.3 JSON-RPC extended card")
	must(t, hasExtended(getJSON(t, srv.URL+"/v0.3/rest/v1/card")), "v0.3 REST extended card")
	must(t, hasExtended(rpcResult(t, srv.URL+"/v1.0/jsonrpc", "GetExtendedAgentCard", nil)), "v1.0 JSON-RPC extended card")
	must(t, hasExtended(getJSON(t, srv.URL+"/v1.0/rest/extendedAgentCard")), "v1.0 REST extended card")
	// v0.2.5 has no such method: clients probing for it get -32601.
	must(t, rpcErrorCode(t, rpc(t, srv.URL+"/v0.2/", "agent/getAuthenticatedExtendedCard", nil, nil)) == codeMethodNotFound, "v0.2 extended card")
}
