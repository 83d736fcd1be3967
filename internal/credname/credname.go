// Package credname says which header and query parameter names carry a
// credential. It is the one list behind three rules that must agree: the
// config refuses such a header's literal value (config.IsCredentialHeader),
// an agent with such a header sends nothing to an origin it does not trust
// (session), and the transport withholds them from other origins and
// redacts them in the wire log (a2aclient).
package credname

import (
	"slices"
	"strings"
)

// Words are what a name that carries a credential holds, in any case:
// Authorization and Proxy-Authorization hold auth, X-Api-Key holds key.
var Words = []string{"cookie", "key", "token", "secret", "password", "passwd", "auth", "session", "signature", "credential"}

// WholeWords carry a credential only as a whole part of a name, between
// '-', '_' or '.': X-Sig and Azure's sig parameter, not X-Assignee.
var WholeWords = []string{"sig"}

// Is reports whether a header or query parameter named name carries a
// credential.
func Is(name string) bool {
	n := strings.ToLower(name)
	for _, w := range Words {
		if strings.Contains(n, w) {
			return true
		}
	}
	for _, part := range strings.FieldsFunc(n, func(r rune) bool { return r == '-' || r == '_' || r == '.' }) {
		if slices.Contains(WholeWords, part) {
			return true
		}
	}
	return false
}
