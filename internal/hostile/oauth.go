package hostile

import "encoding/json"

// OAuthCardJSON is a v1.0 card whose endpoint is endpoint and whose one
// security scheme, "sso", is OAuth 2.0 with these flows (the card's
// "flows" object: "deviceCode", "authorizationCode", … each with its
// URLs), required for every call.
func OAuthCardJSON(name, endpoint string, flows map[string]any) string {
	card := map[string]any{
		"name": name, "description": "d", "version": "1",
		"supportedInterfaces": []any{map[string]any{"url": endpoint, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}},
		"capabilities":        map[string]any{}, "defaultInputModes": []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"},
		"securitySchemes":      map[string]any{"sso": map[string]any{"oauth2SecurityScheme": map[string]any{"flows": flows}}},
		"securityRequirements": []any{map[string]any{"schemes": map[string]any{"sso": map[string]any{"list": []string{}}}}},
		"skills":               []any{},
	}
	b, _ := json.Marshal(card)
	return string(b)
}
