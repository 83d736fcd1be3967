package demoagent

import (
	"crypto/subtle"
	"net/http"
	"strings"
)

// The /secure/ prefix serves the v0.3 JSON-RPC agent behind credentials, so
// clients can exercise their 401 handling and credential configuration.
// The card stays public: a client must read it to learn the schemes.

const (
	demoToken  = "demo-token"
	demoAPIKey = "demo-key"
)

func (a *Agent) secureHandler() http.Handler {
	card := func(base string) any { return a.secureCard(base, false) }
	rpc := a.newKindDialect(func(base string) any { return a.secureCard(base, true) })
	mux := http.NewServeMux()
	mux.HandleFunc(prefixSecure+"/.well-known/agent-card.json", serveCard(card))
	mux.HandleFunc(prefixSecure+"/.well-known/agent.json", serveCard(card))
	mux.Handle(prefixSecure+"/{$}", requireCredentials(rpc))
	mux.HandleFunc(prefixSecure+"/", notFound)
	return mux
}

func authorized(r *http.Request) bool {
	if k := r.Header.Get("X-API-Key"); k != "" && subtle.ConstantTimeCompare([]byte(k), []byte(demoAPIKey)) == 1 {
		return true
	}
	scheme, token, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	return ok && strings.EqualFold(scheme, "Bearer") &&
		subtle.ConstantTimeCompare([]byte(strings.TrimSpace(token)), []byte(demoToken)) == 1
}

// requireCredentials answers 401 with a challenge. The body is a JSON-RPC
// error too, for clients that read the body before the status.
func requireCredentials(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if authorized(r) {
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Set("WWW-Authenticate", `Bearer realm="parley-demo"`)
		writeJSON(w, http.StatusUnauthorized, rpcFailure{JSONRPC: "2.0", ID: nullID, Error: &rpcError{
			Code:    codeInvalidRequest,
			Message: "authentication required: send Authorization: Bearer demo-token or X-API-Key: demo-key",
		}})
	})
}
