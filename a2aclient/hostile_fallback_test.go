package a2aclient

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/parley-a2a/parley/internal/hostile"
)

// The dialect fallback moves from an endpoint that does not take a call
// to the card's next one. A card from the origin the user named may list
// an endpoint on another origin among its additional interfaces: the
// fallback must not carry the user's message there when the agent has
// credentials, and must say so when it does go there.

// fallbackCard is a card whose endpoint is first and whose additional
// interfaces add second, spoken in transport.
func fallbackCard(first, second, transport string) string {
	return hostile.FallbackCardJSON("A", first, second, transport)
}

// refuseForeign is the guard session installs for an agent with
// credentials: an endpoint on an untrusted origin gets nothing.
func refuseForeign(c *Client, ep Interface) error {
	if c.Trusts(ep.URL) {
		return nil
	}
	origin, _ := Origin(ep.URL)
	return &ForeignOriginError{Agent: "A", CardURL: c.Agent().CardURL, Endpoint: ep.URL, Origin: origin, Trusted: c.TrustedOrigins()}
}

// methodNotFound is an agent at /rpc that answers every JSON-RPC call
// with -32601, whose card is card(its own URL).
func methodNotFound(t *testing.T, card func(self string) string) (url string, calls *atomic.Int32) {
	calls = new(atomic.Int32)
	var self string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, card(self))
			return
		}
		calls.Add(1)
		var call struct{ ID json.RawMessage }
		_ = json.NewDecoder(r.Body).Decode(&call)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": call.ID, "error": map[string]any{"code": -32601, "message": "Method not found"}})
	}))
	t.Cleanup(srv.Close)
	self = srv.URL
	return srv.URL, calls
}

func TestHostileFallbackStopsAtForeignOrigin(t *testing.T) {
	for _, tc := range []struct {
		name  string
		agent func(t *testing.T, b *hostile.Site) (url string, calls func() int)
	}{
		{"404 then JSON-RPC", func(t *testing.T, b *hostile.Site) (string, func() int) {
			a := site(t)
			a.Set("/rpc", hostile.Doc{Status: http.StatusNotFound, Body: `{}`})
			a.Set("/.well-known/agent-card.json", hostile.Doc{Body: fallbackCard(a.URL+"/rpc", b.URL+"/rpc", "JSONRPC")})
			return a.URL, func() int { return len(a.Requests()) - 1 }
		}},
		{"-32601 then HTTP+JSON", func(t *testing.T, b *hostile.Site) (string, func() int) {
			u, calls := methodNotFound(t, func(self string) string { return fallbackCard(self+"/rpc", b.URL+"/rest", "HTTP+JSON") })
			return u, func() int { return int(calls.Load()) }
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := site(t)
			aURL, calls := tc.agent(t, b)
			o := originOptions()
			o.CheckEndpoint = refuseForeign
			c, err := Resolve(hostileCtx(t), aURL, o)
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Send(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
			var fe *ForeignOriginError
			if !errors.As(err, &fe) {
				t.Fatalf("send fell back to the foreign endpoint: err %v", err)
			}
			if want, _ := Origin(b.URL); fe.Origin != want {
				t.Errorf("the error names %s, want %s", fe.Origin, want)
			}
			if n := len(b.Requests()); n != 0 {
				t.Errorf("the foreign origin got %d requests: %+v", n, b.Requests())
			}
			if calls() == 0 {
				t.Fatal("the first endpoint was never tried; the test proves nothing")
			}
		})
	}
}

// Trusted after the refusal (the TUI's question, --trust-origin), the
// same client goes on to the endpoint and it gets the message.
func TestHostileFallbackGoesOnOnceTrusted(t *testing.T) {
	a, b := site(t), site(t)
	a.Set("/rpc", hostile.Doc{Status: http.StatusNotFound, Body: `{}`})
	a.Set("/.well-known/agent-card.json", hostile.Doc{Body: fallbackCard(a.URL+"/rpc", b.URL+"/rpc", "JSONRPC")})
	o := originOptions()
	o.Trust = NewOrigins(a.URL)
	o.CheckEndpoint = refuseForeign
	c, err := Resolve(hostileCtx(t), a.URL, o)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Send(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}}); !errors.As(err, new(*ForeignOriginError)) {
		t.Fatalf("want a foreign-origin refusal first, got %v", err)
	}
	o.Trust.Add(b.URL)
	sendHello(t, c)
	if len(b.Requests()) == 0 {
		t.Error("the origin trusted since got nothing")
	}
}

// Without a guard (no credentials) the fallback may go to another
// origin, but the client says which endpoint answered.
func TestHostileFallbackToOtherOriginIsNoted(t *testing.T) {
	a, b := site(t), site(t)
	a.Set("/rpc", hostile.Doc{Status: http.StatusNotFound, Body: `{}`})
	a.Set("/.well-known/agent-card.json", hostile.Doc{Body: fallbackCard(a.URL+"/rpc", b.URL+"/rpc", "JSONRPC")})
	c, err := Resolve(hostileCtx(t), a.URL, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.FallbackNote() != "" {
		t.Fatalf("a note before any fallback: %q", c.FallbackNote())
	}
	sendHello(t, c)
	if len(b.Requests()) == 0 {
		t.Fatal("the other endpoint was never called; the test proves nothing")
	}
	note := c.FallbackNote()
	if !strings.Contains(note, b.URL+"/rpc") || !strings.Contains(note, a.URL+"/rpc") {
		t.Errorf("the note does not name both endpoints: %q", note)
	}
}
