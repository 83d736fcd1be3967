package cli

import (
	"fmt"
	"strings"
	"testing"
)

// A header named like a session or a signature carries a credential as
// much as an API key does: with a card whose endpoint is on another
// origin, parley refuses and sends nothing there. Only the transport
// knew these names; the rule about origins did not, and the message went.
func TestForeignEndpointRefusedWithSessionOrSignatureHeader(t *testing.T) {
	for _, h := range []string{"X-Session", "X-Request-Signature", "X-Sig", "X-Credential", "X-Passwd"} {
		a, b := foreignPair(t)
		r := newEnv(t).run("send", a.URL, "hi", "--header", h+": "+foreignSecret)
		if n := len(b.Requests()); r.code != exitForeign || n != 0 {
			t.Errorf("%s: exit %d, the foreign origin got %d requests; want exit %d and none", h, r.code, n, exitForeign)
		}
	}
}

// A literal value of such a header in config.toml is refused, as it is
// for X-Api-Key: secrets come from the environment or a command.
func TestConfigRefusesLiteralSessionHeader(t *testing.T) {
	for _, h := range []string{"X-Session", "X-Request-Signature"} {
		e := newEnv(t)
		e.writeConfig(fmt.Sprintf("[[agents]]\nname = \"a\"\nurl = \"http://127.0.0.1:1\"\n[agents.headers]\n%s = \"literal\"\n", h))
		r := e.run("send", "a", "hi")
		if r.code != exitError || !strings.Contains(r.stderr, "header "+h+" carries a credential") {
			t.Errorf("%s = \"literal\" was accepted: exit %d\n%s%s", h, r.code, r.stdout, r.stderr)
		}
	}
}
