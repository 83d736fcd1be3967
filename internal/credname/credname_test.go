package credname

import (
	"os"
	"strings"
	"testing"
)

func TestIs(t *testing.T) {
	for _, n := range []string{"Authorization", "Proxy-Authorization", "Cookie", "X-Api-Key", "X-Auth-Token", "X-Session", "X-Request-Signature",
		"X-Sig", "sig", "X-Credential", "X-Passwd", "client_secret", "Password"} {
		if !Is(n) {
			t.Errorf("%s: not a credential", n)
		}
	}
	for _, n := range []string{"X-Team", "Accept", "User-Agent", "X-Assignee", "X-Signal", "Content-Type"} {
		if Is(n) {
			t.Errorf("%s: a credential", n)
		}
	}
}

// docs/security.md and docs/agents-and-auth.md say which names carry a credential
// in the words of this list.
func TestDocsListTheNames(t *testing.T) {
	want := "names holding " + strings.Join(Words[:len(Words)-1], ", ") + " or " + Words[len(Words)-1] +
		", or the word " + strings.Join(WholeWords, " or ")
	for _, doc := range []string{"../../docs/security.md", "../../docs/agents-and-auth.md"} {
		b, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		if text := strings.Join(strings.Fields(string(b)), " "); !strings.Contains(text, want) {
			t.Errorf("%s does not say %q", doc, want)
		}
	}
}

func TestRedactURL(t *testing.T) {
	for raw, want := range map[string]string{
		"http://user:pw@127.0.0.1:9/p?token=t&page=2": "http://REDACTED@127.0.0.1:9/p?page=2&token=REDACTED",
		"https://127.0.0.1/":                          "https://127.0.0.1/",
		"user:pw@127.0.0.1":                           "REDACTED@127.0.0.1",
		"ftp://user:pw@127.0.0.1:9":                   "ftp://REDACTED@127.0.0.1:9",
		"http://user:pw@127.0.0.1:bad/%zz?sig=s":      "http://REDACTED@127.0.0.1:bad/%zz?REDACTED",
		"not a url":                                   "not a url",
	} {
		if got := RedactURL(raw); got != want {
			t.Errorf("RedactURL(%q) = %q, want %q", raw, got, want)
		}
	}
}
