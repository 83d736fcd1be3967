package auth

import (
	"context"
	"strings"
	"testing"
)

// The browser sign-in starts only at a plain http(s) address: the card's
// authorizationUrl is printed, copied and opened as it is, so one that
// holds escape sequences or a bidi override is refused before anything
// listens.
func TestAuthCodeRefusesAnAddressThatIsNotPlain(t *testing.T) {
	for _, u := range []string{
		"http://127.0.0.1:1/authorize\x1b]52;c;ZXZpbA==\x07",
		"http://127.0.0.1:1/authorize\u202egpj.exe",
		"http://127.0.0.1:1/authorize\u009b2J",
		"http://127.0.0.1:1/author ize",
		"http://127.0.0.1:1/authorize\xff",
		"javascript:alert(1)",
		"/authorize",
	} {
		c := &OAuthClient{ClientID: "pub", AuthURL: u, TokenURL: "http://127.0.0.1:1/token"}
		a, err := c.StartAuthCode(context.Background())
		if err == nil {
			a.Close()
			t.Errorf("%q: started", u)
			continue
		}
		if !strings.Contains(err.Error(), "not a plain http(s) address") {
			t.Errorf("%q: %v", u, err)
		}
	}
	if !plainAddress("http://127.0.0.1:1/oauth2/authorize?tenant=a%20b&x=%E2%80%AE") {
		t.Error("a percent-encoded address was refused")
	}
}
