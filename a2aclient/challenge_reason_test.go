package a2aclient

import "testing"

// The agent's words on a refused credential are read from its challenge,
// quoted commas and escapes included, and cleaned: they reach a terminal.
func TestAuthErrorReason(t *testing.T) {
	for _, tc := range []struct{ challenge, code, desc string }{
		{`Bearer error="invalid_token", error_description="the access token is for another audience"`, "invalid_token", "the access token is for another audience"},
		{`Bearer realm="a, b", error=insufficient_scope, error_description="needs \"write\", sorry", scope="x"`, "insufficient_scope", `needs "write", sorry`},
		{`Basic realm="x", Bearer realm="y", Error="invalid_token"`, "invalid_token", ""},
		{`Bearer realm="agent"`, "", ""},
		{``, "", ""},
		{"Bearer error=\"invalid_token\", error_description=\"\x1b]52;c;aGk=\x07evil\x1b[2J\"", "invalid_token", "evil"},
		{`Bearer error="unterminated`, "unterminated", ""},
	} {
		e := &AuthError{StatusCode: 401, Challenge: tc.challenge}
		code, desc := e.Reason()
		if code != tc.code || desc != tc.desc {
			t.Errorf("%q: Reason() = %q, %q; want %q, %q", tc.challenge, code, desc, tc.code, tc.desc)
		}
		if e.Refused() != (tc.code != "") {
			t.Errorf("%q: Refused() = %v", tc.challenge, e.Refused())
		}
	}
}
