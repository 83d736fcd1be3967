package a2aclient

import (
	"net/http"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/internal/hostile"
)

// Redirects are followed a few times, and credentials never follow one
// to another origin, in any of the places an agent may want them.

const redirectSecret = "s3cret"

func redirectCredentials() []Authenticator {
	return []Authenticator{
		BearerToken{Token: redirectSecret + "-bearer"},
		APIKey{In: "header", Name: "X-Api-Key", Value: redirectSecret + "-header"},
		APIKey{In: "query", Name: "api_key", Value: redirectSecret + "-query"},
		APIKey{In: "cookie", Name: "sid", Value: redirectSecret + "-cookie"},
	}
}

// leaked lists where a request carried a credential.
func leakedCredentials(r hostile.Request) []string {
	var out []string
	for k, vs := range r.Header {
		for _, v := range vs {
			if strings.Contains(v, redirectSecret) {
				out = append(out, "header "+k)
			}
		}
	}
	if strings.Contains(r.Query, redirectSecret) {
		out = append(out, "query "+r.Query)
	}
	return out
}

func TestHostileRedirectKeepsCredentialsHome(t *testing.T) {
	for _, tc := range []struct {
		name string
		hc   func() *http.Client
	}{
		{"default client", func() *http.Client { return nil }},
		// A client of the caller's own (a private CA, a proxy) has no
		// redirect policy of parley's; parley must add it.
		{"caller's client", func() *http.Client { return &http.Client{} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			other := hostile.Serve()
			t.Cleanup(other.Close)
			home := hostile.Serve(hostile.Fault{Mode: hostile.Redirect, Methods: []string{"message/send"}, Location: other.URL})
			byHand := http.Header{"X-Access-Token": {redirectSecret + "-by-hand"}}
			c := hostileClient(t, home, Options{Auth: redirectCredentials(), Headers: byHand, HTTPClient: tc.hc()})
			res, err := c.Send(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Task == nil || res.Task.Status.State != StateCompleted {
				t.Fatalf("the redirected send returned %+v", res)
			}
			reqs := other.Requests()
			if len(reqs) != 1 || reqs[0].RPC != "message/send" {
				t.Fatalf("the other origin saw %+v", reqs)
			}
			if l := leakedCredentials(reqs[0]); len(l) > 0 {
				t.Errorf("credentials went to another origin in %v", l)
			}
			for _, r := range home.Requests() {
				if len(leakedCredentials(r)) != 5 {
					t.Errorf("the agent's own origin got credentials in only %v", leakedCredentials(r))
				}
			}
		})
	}
}

func TestHostileRedirectedCardKeepsCredentialsHome(t *testing.T) {
	other := hostile.Serve()
	t.Cleanup(other.Close)
	home := hostile.Serve(hostile.Fault{Mode: hostile.Redirect, Methods: []string{"card"}, Status: http.StatusFound, Location: other.URL})
	hostileClient(t, home, Options{Auth: redirectCredentials()})
	reqs := other.Requests()
	if len(reqs) == 0 {
		t.Fatal("the redirect was not followed")
	}
	for _, r := range reqs {
		if l := leakedCredentials(r); len(l) > 0 {
			t.Errorf("the card fetch sent credentials to another origin in %v", l)
		}
	}
}

func TestHostileRedirectSameOriginKeepsCredentials(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.Redirect, Methods: []string{"message/send"}, Times: 1, Location: "/moved"})
	c := hostileClient(t, srv, Options{Auth: redirectCredentials()})
	if _, err := c.Send(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}}); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	last := reqs[len(reqs)-1]
	if !strings.HasPrefix(last.Path, "/moved") || len(leakedCredentials(last)) != 4 {
		t.Fatalf("the same-origin redirect went to %s with credentials in %v", last.Path, leakedCredentials(last))
	}
}

func TestHostileRedirectLoopStops(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.Redirect, Methods: []string{"message/send"}, Location: "/again"})
	c := hostileClient(t, srv, Options{})
	_, err := c.Send(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
	oneCleanLine(t, err, "stopped after 5 redirects")
	if n := len(srv.Requests()); n > 8 {
		t.Errorf("the loop ran %d requests", n)
	}
}

// A 307/308 redirect of message/send to another origin carries the
// message there (without credentials): parley says so.
func TestHostileRedirectedSendIsNoted(t *testing.T) {
	other := hostile.Serve()
	t.Cleanup(other.Close)
	home := hostile.Serve(hostile.Fault{Mode: hostile.Redirect, Methods: []string{"message/send"}, Location: other.URL})
	c := hostileClient(t, home, Options{Auth: redirectCredentials()})
	if c.RedirectNote() != "" {
		t.Fatalf("a note before any redirect: %q", c.RedirectNote())
	}
	sendHello(t, c)
	if len(other.Requests()) == 0 {
		t.Fatal("the redirect was not followed; the test proves nothing")
	}
	origin, _ := Origin(other.URL)
	if note := c.RedirectNote(); !strings.Contains(note, origin) || !strings.Contains(note, "redirected") {
		t.Errorf("the note does not say the send was redirected to %s: %q", origin, note)
	}
}
