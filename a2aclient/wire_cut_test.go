package a2aclient

import (
	"strings"
	"testing"
)

// A hostile agent echoes the caller's token where the wire log cuts a
// long body: no part of the token may stay in the log, not even the
// half before the cut.
func TestWireCutNeverKeepsHalfASecret(t *testing.T) {
	const secret = "sk-live-0123456789abcdefghij"
	for _, kind := range []WireKind{WireEvent, WireResponse} {
		var got []byte
		tr := &transport{wire: func(r WireRecord) { got = append([]byte(nil), r.Body...) }}
		tr.sentSecrets.learn("Bearer " + secret)
		body := strings.Repeat("x", maxWireBody-len(secret)/2) + secret + strings.Repeat("y", 100)
		tr.observe(WireRecord{Kind: kind, Body: []byte(body)})
		if len(got) == 0 {
			t.Fatalf("%s: nothing logged", kind)
		}
		for n := 8; n <= len(secret); n++ {
			if strings.Contains(string(got), secret[:n]) {
				t.Fatalf("%s: the log keeps %q of the token, cut at %d bytes", kind, secret[:n], maxWireBody)
			}
		}
	}
}
