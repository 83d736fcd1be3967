package a2aclient

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// adviceMarks are the words a hint's advice starts with. A message that
// carries one of its hint's marks gives the advice a second time when
// the two are printed together ("… raise max_event_size if you trust
// it. Raise max_event_size in the config if you trust this agent.").
var adviceMarks = []string{"raise ", "check ", "add ", "try ", "pass --", "drop --", "if you trust", "tell its operator"}

// TestHintIsNotAlreadyInTheMessage walks the typed errors Hint has
// advice for, each as the user meets it (bare and wrapped, as cli and
// session print err.Error() and then Hint(err)), and asserts the message
// says what went wrong and leaves what to do to the hint, once.
func TestHintIsNotAlreadyInTheMessage(t *testing.T) {
	for _, err := range []error{
		&EventTooLargeError{Limit: 16 << 20},
		&EventTooLargeError{Limit: 1000},
		&TransportError{Op: "send message", URL: "http://127.0.0.1:1/", Err: errors.New("boom")},
		&HTTPError{URL: "http://127.0.0.1:1/", StatusCode: 503, Status: "503 Service Unavailable", RetryAfter: 7e9},
		&HTTPError{URL: "http://127.0.0.1:1/", StatusCode: 502},
		&HTTPError{URL: "http://127.0.0.1:1/", StatusCode: 404},
		&HTTPError{URL: "http://127.0.0.1:1/", StatusCode: 404, GRPCCode: "NOT_FOUND", Kind: ErrTaskNotFound},
		&AuthError{URL: "http://127.0.0.1:1/", StatusCode: 401, Challenge: "Bearer realm=x"},
		&AuthError{URL: "http://127.0.0.1:1/", StatusCode: 403},
		&AuthError{URL: "http://127.0.0.1:1/", StatusCode: 401, GRPCCode: "UNAUTHENTICATED"},
		&RPCError{Code: -32601, Kind: ErrMethodNotFound, Dialect: DialectV10},
		&RPCError{Code: -32009, Kind: ErrVersionNotSupported, Dialect: DialectV10},
		&RPCError{Code: -32001, Kind: ErrTaskNotFound, Dialect: DialectV10},
		fmt.Errorf("%w at http://127.0.0.1:1/ (tried /.well-known/agent-card.json; last: gone)", ErrNoCard),
		&CardError{URL: "http://127.0.0.1:1/", Err: errors.New("not JSON")},
		&ForeignOriginError{Agent: "a", CardURL: "http://127.0.0.1:1/", Endpoint: "http://[::1]:2/", Origin: "http://[::1]:2", Trusted: []string{"http://127.0.0.1:1"}},
		&UnverifiedCardError{Agent: "a", CardURL: "http://127.0.0.1:1/"},
	} {
		for _, e := range []error{err, fmt.Errorf("send: %w", err)} {
			hint := Hint(e)
			if hint == "" {
				t.Errorf("%T %q: no hint; the walk is of errors with advice", err, e)
				continue
			}
			msg, h := strings.ToLower(e.Error()), strings.ToLower(hint)
			if strings.Contains(msg, strings.TrimSuffix(h, ".")) {
				t.Errorf("%T: the message already holds its hint %q: %q", err, hint, e.Error())
			}
			for _, m := range adviceMarks {
				if advises(h, m) && advises(msg, m) {
					t.Errorf("%T: message and hint both advise %q:\n  %s\n  %s", err, strings.TrimSpace(m), e.Error(), hint)
				}
			}
		}
	}
}

// advises reports whether s has mark as words of its own: "retry after
// 7s" (what the agent asked) is no "try again" (what to do).
func advises(s, mark string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], mark)
		if j < 0 {
			return false
		}
		i += j
		if i == 0 || !isLetter(s[i-1]) {
			return true
		}
		i++
	}
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
