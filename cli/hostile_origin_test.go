package cli

import (
	"fmt"
	"net"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/parley-a2a/parley/internal/hostile"
)

// A card served by the agent the user named whose endpoint is on another
// origin: parley never sends the credentials there, and never sends
// silently either.

const foreignSecret = "f0re1gn-secret"

func foreignPair(t *testing.T) (a, b *hostile.Site) {
	a, b = hostile.NewSite(), hostile.NewSite()
	t.Cleanup(a.Close)
	t.Cleanup(b.Close)
	a.SetCard("/.well-known/agent-card.json", "A", b.URL+"/rpc")
	return a, b
}

func TestForeignEndpointRefusedWithHeaders(t *testing.T) {
	a, b := foreignPair(t)
	r := newEnv(t).run("send", a.URL, "hi", "--header", "Authorization: Bearer "+foreignSecret, "--header", "X-Api-Key: "+foreignSecret)
	wantCode(t, r, exitForeign)
	for _, want := range []string{b.URL, "--trust-origin " + b.URL, "trusted_origins", "parley sent nothing there"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr does not say %q:\n%s", want, r.stderr)
		}
	}
	if n := len(b.Requests()); n != 0 {
		t.Errorf("the foreign origin got %d requests before the user trusted it", n)
	}

	// Trusted on the command line, it gets them.
	r = newEnv(t).run("send", a.URL, "hi", "--header", "Authorization: Bearer "+foreignSecret, "--trust-origin", b.URL)
	wantCode(t, r, exitOK)
	if len(b.Leaks(foreignSecret)) == 0 {
		t.Error("an origin trusted with --trust-origin got no credential")
	}
}

func TestForeignEndpointRefusedWithConfigToken(t *testing.T) {
	a, b := foreignPair(t)
	e := newEnv(t)
	e.vars["A_TOKEN"] = foreignSecret
	conf := fmt.Sprintf("[[agents]]\nname = \"a\"\nurl = %q\nauth = \"bearer\"\ntoken = \"env:A_TOKEN\"\n[agents.headers]\nX-Api-Key = \"env:A_TOKEN\"\n", a.URL)
	e.writeConfig(conf)
	r := e.run("send", "a", "hi", "--json")
	wantCode(t, r, exitForeign)
	lines := jsonLines(t, r)
	if last := lines[len(lines)-1]; last["type"] != "error" || last["exitCode"] != float64(exitForeign) || !strings.Contains(fmt.Sprint(last["hint"]), "--trust-origin") {
		t.Errorf("json error line %v", last)
	}
	if n := len(b.Requests()); n != 0 {
		t.Errorf("the foreign origin got %d requests", n)
	}
	// Reaching it by its URL is the same agent, with the same rule.
	wantCode(t, e.run("task", "get", a.URL, "t-1"), exitForeign)

	// trusted_origins in the config is the "always" of the TUI.
	e.writeConfig(conf[:strings.Index(conf, "[agents.headers]")] + fmt.Sprintf("trusted_origins = [%q]\n", b.URL) + conf[strings.Index(conf, "[agents.headers]"):])
	wantCode(t, e.run("send", "a", "hi"), exitOK)
	if len(b.Leaks(foreignSecret)) == 0 {
		t.Error("an origin in trusted_origins got no credential")
	}
}

// Without a credential there is nothing to protect: the agent is used.
func TestForeignEndpointWithoutCredentials(t *testing.T) {
	a, b := foreignPair(t)
	wantCode(t, newEnv(t).run("send", a.URL, "hi"), exitOK)
	if len(b.Requests()) == 0 {
		t.Error("the endpoint was never called")
	}
}

// parley card never sends a credential to a foreign origin; its
// warnings say where the endpoint is.
func TestCardWarnsOfForeignEndpoint(t *testing.T) {
	a, b := foreignPair(t)
	r := newEnv(t).run("card", a.URL, "--header", "Authorization: Bearer "+foreignSecret, "--header", "X-Api-Key: "+foreignSecret)
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, "is on another origin ("+b.URL+")") || !strings.Contains(r.stdout, "--trust-origin "+b.URL) {
		t.Errorf("card warnings do not name the foreign origin:\n%s", r.stdout)
	}
	if len(b.Requests()) == 0 {
		t.Fatal("the endpoint was never probed; the test proves nothing")
	}
	if leaks := b.Leaks(foreignSecret); len(leaks) > 0 {
		t.Errorf("parley card sent credentials to the foreign origin:\n%s", strings.Join(leaks, "\n"))
	}
}

func TestTrustOriginFlagWantsAURL(t *testing.T) {
	r := newEnv(t).run("send", "http://127.0.0.1:9/", "hi", "--trust-origin", "api.example")
	wantCode(t, r, exitUsage)
	if !strings.Contains(r.stderr, "--trust-origin wants an http") {
		t.Errorf("stderr %q", r.stderr)
	}
}

// A card reached through a redirect to another origin: send says on
// stderr which card it used.
func TestSendSaysWhichCardItUsed(t *testing.T) {
	a, b := hostile.NewSite(), hostile.NewSite()
	t.Cleanup(a.Close)
	t.Cleanup(b.Close)
	a.Set("/.well-known/agent-card.json", hostile.Doc{Location: b.URL + "/.well-known/agent-card.json"})
	b.SetCard("/.well-known/agent-card.json", "B", "/rpc")
	r := newEnv(t).run("send", a.URL, "hi")
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stderr, "redirected to "+b.URL+"/.well-known/agent-card.json; parley reads it as a card of "+b.URL) {
		t.Errorf("stderr does not say which card was used:\n%s", r.stderr)
	}
}

// The refusal holds in every binding: a card on the origin the user
// named, whose one endpoint in that binding is on another loopback port,
// gets no request at all there while parley holds a credential.
func TestForeignEndpointRefusedInEveryBinding(t *testing.T) {
	for _, bc := range hostile.BindingCards {
		t.Run(bc.Binding, func(t *testing.T) {
			a, b := hostile.NewSite(), hostile.NewSite()
			t.Cleanup(a.Close)
			t.Cleanup(b.Close)
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			var dialed atomic.Int32
			go func() {
				for {
					c, err := ln.Accept()
					if err != nil {
						return
					}
					dialed.Add(1)
					c.Close()
				}
			}()
			t.Cleanup(func() { ln.Close() })
			ep := b.URL + "/rpc"
			switch {
			case bc.IsGRPC():
				ep = ln.Addr().String()
			case bc.Binding == "gateway":
				ep = b.URL
			}
			a.Set("/.well-known/agent-card.json", hostile.Doc{Body: bc.Card(ep)})
			r := newEnv(t).run("send", a.URL, "hi", "--header", "Authorization: Bearer "+foreignSecret, "--header", "X-Api-Key: "+foreignSecret)
			wantCode(t, r, exitForeign)
			if n := len(b.Requests()) + int(dialed.Load()); n != 0 {
				t.Errorf("the foreign origin got %d requests or connections before the user trusted it", n)
			}
			if len(a.Leaks(foreignSecret)) == 0 {
				t.Error("the card's own origin got no credential; the test proves nothing")
			}
		})
	}
}
