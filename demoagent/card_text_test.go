package demoagent

import (
	"io"
	"net/http"
	"regexp"
	"testing"
)

// The demo's cards are read by users: no text in them names one of
// parley's source files.
func TestCardTextNamesNoSourceFile(t *testing.T) {
	base := newServer(t).URL
	goFile := regexp.MustCompile(`\b[a-z0-9_]+\.go\b`)
	for _, p := range []string{"", prefixV10, prefixV03, prefixV02, prefixV01, prefixGRPC, prefixSecure} {
		resp := do(t, http.MethodGet, base+p+"/.well-known/agent-card.json", nil, http.Header{"Authorization": {"Bearer demo-token"}})
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		raw := string(b)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s", p, resp.StatusCode, raw)
		}
		if m := goFile.FindString(raw); m != "" {
			t.Errorf("the card at %q names %s", p+"/", m)
		}
	}
}

// "Book a table" is offered wherever the other scenarios are: a skill
// with that example, and a row in the answer's table of scenarios.
func TestBookATableIsListed(t *testing.T) {
	found := false
	for _, s := range skills {
		for _, ex := range s.examples {
			found = found || ex == "Book a table"
		}
	}
	if !found {
		t.Error("no skill offers the example \"Book a table\"")
	}
	if !regexp.MustCompile(`\| form +\| table +\| input-required`).MatchString(markdownAnswer("x")) {
		t.Errorf("the answer's table of scenarios has no form row:\n%s", markdownAnswer("x"))
	}
}
