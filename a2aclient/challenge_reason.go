package a2aclient

import (
	"strings"

	"github.com/parley-a2a/parley/termsafe"
)

// Reason is what the agent's challenge says was wrong with the request's
// credential (RFC 6750 §3): the error code ("invalid_token",
// "insufficient_scope") and its description, cleaned for a terminal
// line. Both are empty when the challenge names no error, as when no
// credential was sent at all.
func (e *AuthError) Reason() (code, description string) {
	for _, ch := range splitChallenges(e.Challenge) {
		params := challengeParams(ch)
		if c := params["error"]; c != "" {
			return termsafe.Line(c), termsafe.Line(params["error_description"])
		}
	}
	return "", ""
}

// Refused reports whether the agent refused a credential it was given
// (its challenge names an error), rather than asking for one.
func (e *AuthError) Refused() bool {
	code, _ := e.Reason()
	return code != ""
}

// challengeParams reads the auth-params of one challenge, `Scheme
// a=b, c="d, e"`, into a map with lower-case names. Quoted values lose
// their quotes and backslash escapes.
func challengeParams(ch string) map[string]string {
	out := map[string]string{}
	_, rest, _ := strings.Cut(strings.TrimSpace(ch), " ")
	for rest != "" {
		rest = strings.TrimLeft(rest, " \t,")
		name, after, ok := strings.Cut(rest, "=")
		if !ok {
			break
		}
		name = strings.ToLower(strings.TrimSpace(name))
		after = strings.TrimLeft(after, " \t")
		var value strings.Builder
		if strings.HasPrefix(after, `"`) {
			i := 1
			for ; i < len(after) && after[i] != '"'; i++ {
				if after[i] == '\\' && i+1 < len(after) {
					i++
				}
				value.WriteByte(after[i])
			}
			rest = after[min(i+1, len(after)):]
		} else {
			v, r, _ := strings.Cut(after, ",")
			value.WriteString(strings.TrimSpace(v))
			rest = r
		}
		if _, seen := out[name]; !seen {
			out[name] = value.String()
		}
	}
	return out
}
