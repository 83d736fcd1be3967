package cli

import (
	"net/http"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/internal/hostile"
)

// The agent the user named lists its own endpoint first and one on
// another origin as an additional interface; its own answers 404. The
// dialect fallback must not carry the message to the other origin when
// the agent has credentials, and must say so when it does.

func fallbackPair(t *testing.T) (a, b *hostile.Site) {
	a, b = hostile.NewSite(), hostile.NewSite()
	t.Cleanup(a.Close)
	t.Cleanup(b.Close)
	a.Set("/.well-known/agent-card.json", hostile.Doc{Body: hostile.FallbackCardJSON("A", a.URL+"/rpc", b.URL+"/rpc", "JSONRPC")})
	a.Set("/rpc", hostile.Doc{Status: http.StatusNotFound, Body: `{}`})
	return a, b
}

func TestFallbackToForeignEndpointRefused(t *testing.T) {
	a, b := fallbackPair(t)
	r := newEnv(t).run("send", a.URL, "hi", "--header", "Authorization: Bearer "+foreignSecret)
	wantCode(t, r, exitForeign)
	for _, want := range []string{b.URL, "--trust-origin " + b.URL, "parley sent nothing there"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr does not say %q:\n%s", want, r.stderr)
		}
	}
	if strings.Contains(r.stderr, "parley used the card's next endpoint") {
		t.Errorf("stderr says the foreign endpoint was used, though it was refused:\n%s", r.stderr)
	}
	if n := len(b.Requests()); n != 0 {
		t.Errorf("the foreign origin got %d requests before the user trusted it", n)
	}
	if len(a.Requests()) < 2 {
		t.Fatal("the agent's own endpoint was never tried; the test proves nothing")
	}

	r = newEnv(t).run("send", a.URL, "hi", "--header", "Authorization: Bearer "+foreignSecret, "--trust-origin", b.URL)
	wantCode(t, r, exitOK)
	if len(b.Requests()) == 0 {
		t.Error("an origin trusted with --trust-origin got nothing")
	}
}

// Without a credential the fallback may go on, but stderr says which
// endpoint answered: the agent named is not the one that replied.
func TestFallbackToOtherOriginSaysSo(t *testing.T) {
	a, b := fallbackPair(t)
	r := newEnv(t).run("send", a.URL, "hi")
	wantCode(t, r, exitOK)
	if len(b.Requests()) == 0 {
		t.Fatal("the other endpoint was never called; the test proves nothing")
	}
	if !strings.Contains(r.stderr, b.URL+"/rpc") || !strings.Contains(r.stderr, "another origin") {
		t.Errorf("stderr does not say the reply came from %s:\n%s", b.URL, r.stderr)
	}
}

// A 307 of message/send to another origin: the message follows (the
// credential does not), and stderr says where it went.
func TestRedirectedSendSaysSo(t *testing.T) {
	other := hostile.Serve()
	t.Cleanup(other.Close)
	home := hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.Redirect, Methods: []string{"message/send", "message/stream"}, Location: other.URL}))
	r := newEnv(t).run("send", home, "hi", "--header", "Authorization: Bearer "+foreignSecret)
	wantCode(t, r, exitOK)
	if len(other.Requests()) == 0 {
		t.Fatal("the redirect was not followed; the test proves nothing")
	}
	if !strings.Contains(r.stderr, "redirected to "+other.URL) || !strings.Contains(r.stderr, "without credentials") {
		t.Errorf("stderr does not say the message was redirected to %s:\n%s", other.URL, r.stderr)
	}
}
