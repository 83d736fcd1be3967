package a2aclient

import (
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/parley-a2a/parley/internal/hostile"
)

// Credentials stay on the origins the user trusted: a card that names an
// endpoint on another origin, or that came through a redirect from one,
// gets none of them there, whatever kind they are.

const originSecret = "0r1g1n-secret"

func originCredentials() []Authenticator {
	return []Authenticator{
		BearerToken{Token: originSecret + "-bearer"},
		APIKey{In: "query", Name: "api_key", Value: originSecret + "-query"},
		APIKey{In: "cookie", Name: "sid", Value: originSecret + "-cookie"},
	}
}

func originOptions() Options {
	return Options{Auth: originCredentials(), Headers: map[string][]string{
		"X-Api-Key": {originSecret + "-header"}, "X-Team": {"parley"},
	}}
}

func site(t *testing.T) *hostile.Site {
	t.Helper()
	s := hostile.NewSite()
	t.Cleanup(s.Close)
	return s
}

func sendHello(t *testing.T, c *Client) {
	t.Helper()
	if _, err := c.Send(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}}); err != nil {
		t.Fatal(err)
	}
}

func TestHostileCardNamesForeignEndpoint(t *testing.T) {
	a, b := site(t), site(t)
	a.SetCard("/.well-known/agent-card.json", "A", b.URL+"/rpc")
	c, err := Resolve(hostileCtx(t), a.URL, originOptions())
	if err != nil {
		t.Fatal(err)
	}
	if c.Trusts(b.URL) || !c.Trusts(a.URL+"/anything") {
		t.Fatalf("trusted origins %v: want %s only", c.TrustedOrigins(), a.URL)
	}
	sendHello(t, c)
	if len(b.Requests()) == 0 {
		t.Fatal("the foreign endpoint was never called; the test proves nothing")
	}
	if leaks := b.Leaks(originSecret); len(leaks) > 0 {
		t.Errorf("credentials reached the foreign origin:\n%s", strings.Join(leaks, "\n"))
	}
	if got := b.Requests()[0].Header.Get("X-Team"); got != "parley" {
		t.Errorf("a header that is not a credential was dropped too: X-Team %q", got)
	}
	// The card's own origin, which the user named, got them.
	if leaks := a.Leaks(originSecret); len(leaks) == 0 {
		t.Error("the trusted origin got no credential; the test proves nothing")
	}
}

func TestHostileForeignEndpointTrustedByUser(t *testing.T) {
	a, b := site(t), site(t)
	a.SetCard("/.well-known/agent-card.json", "A", b.URL+"/rpc")
	o := originOptions()
	o.Trust = NewOrigins(a.URL, b.URL)
	c, err := Resolve(hostileCtx(t), a.URL, o)
	if err != nil {
		t.Fatal(err)
	}
	sendHello(t, c)
	if leaks := b.Leaks(originSecret); len(leaks) == 0 {
		t.Error("an origin the user trusted got no credential")
	}
}

// Another port, and the other loopback family, are other origins.
func TestHostileOriginIsSchemeHostPort(t *testing.T) {
	a := site(t)
	v6, err := hostile.NewSiteOn("[::1]:0")
	if err != nil {
		t.Skipf("no IPv6 loopback: %v", err)
	}
	defer v6.Close()
	a.SetCard("/.well-known/agent-card.json", "A", v6.URL+"/rpc")
	c, err := Resolve(hostileCtx(t), a.URL, originOptions())
	if err != nil {
		t.Fatal(err)
	}
	sendHello(t, c)
	if leaks := v6.Leaks(originSecret); len(leaks) > 0 {
		t.Errorf("credentials reached [::1]:\n%s", strings.Join(leaks, "\n"))
	}
	for _, same := range [][2]string{{"http://h.example", "HTTP://H.EXAMPLE:80/x"}, {"https://h.example:443", "https://h.example/"}} {
		x, _ := Origin(same[0])
		y, _ := Origin(same[1])
		if x != y {
			t.Errorf("%s and %s are one origin, got %s and %s", same[0], same[1], x, y)
		}
	}
	for _, other := range [][2]string{{"http://h.example", "https://h.example"}, {"http://h.example:8080", "http://h.example:8081"}, {"http://127.0.0.1", "http://[::1]"}} {
		x, _ := Origin(other[0])
		y, _ := Origin(other[1])
		if x == y {
			t.Errorf("%s and %s are other origins, both read as %s", other[0], other[1], x)
		}
	}
}

// A card reached through a redirect to another origin is that origin's
// card: its relative endpoint is on that origin, which gets nothing.
func TestHostileRedirectedCardIsTheOtherOrigins(t *testing.T) {
	a, b := site(t), site(t)
	a.Set("/.well-known/agent-card.json", hostile.Doc{Location: b.URL + "/.well-known/agent-card.json"})
	b.SetCard("/.well-known/agent-card.json", "B", "/rpc")
	c, err := Resolve(hostileCtx(t), a.URL, originOptions())
	if err != nil {
		t.Fatal(err)
	}
	if ag := c.Agent(); ag.CardURL != b.URL+"/.well-known/agent-card.json" || c.Endpoint().URL != b.URL+"/rpc" {
		t.Fatalf("card read as %s with endpoint %s; want B's card and B's /rpc", ag.CardURL, c.Endpoint().URL)
	}
	if !strings.Contains(strings.Join(c.Agent().Warnings, "\n"), "redirected to") {
		t.Errorf("no warning says the card came from elsewhere: %q", c.Agent().Warnings)
	}
	sendHello(t, c)
	if leaks := b.Leaks(originSecret); len(leaks) > 0 {
		t.Errorf("credentials reached the redirect's origin:\n%s", strings.Join(leaks, "\n"))
	}
}

// The agent you named is the agent you talk to: when the card at the
// path the user gave is missing, oversize or invalid, the origin's root
// card (another agent) is never used, nor even asked for.
func TestHostileTargetPathNeverFallsBackToRoot(t *testing.T) {
	cases := []struct {
		name string
		doc  *hostile.Doc
		want string
	}{
		{"missing", nil, "no agent card found"},
		{"oversize", &hostile.Doc{Body: hostile.CardJSON("Bot", "", 2<<20)}, "over the 1 MiB limit"},
		{"not JSON", &hostile.Doc{Body: "{name: bot"}, "is not JSON"},
		{"not a card", &hostile.Doc{Body: `{"status":"ok"}`}, "neither a name nor an endpoint"},
		{"server error", &hostile.Doc{Status: 500, Body: `{"error":"boom"}`}, "500"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := site(t)
			s.SetCard("/.well-known/agent-card.json", "Root", "")
			s.SetCard("/.well-known/agent.json", "Root", "")
			if tc.doc != nil {
				s.Set("/team/bot/.well-known/agent-card.json", *tc.doc)
			}
			c, err := Resolve(hostileCtx(t), s.URL+"/team/bot", originOptions())
			if err == nil {
				t.Fatalf("resolved to %q at %s; want an error", c.Agent().Name, c.Agent().CardURL)
			}
			if !errors.Is(err, ErrNoCard) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "/team/bot/.well-known/agent-card.json") {
				t.Errorf("error %q: want ErrNoCard naming the card's URL and %q", err, tc.want)
			}
			for _, r := range s.Requests() {
				if !strings.HasPrefix(r.Path, "/team/bot") {
					t.Errorf("asked %s, outside the agent the user named", r.Path)
				}
			}
		})
	}
}

// Another well-known name under the same path is the same agent; the
// card says which one parley used.
func TestHostileOtherWellKnownCardIsNamed(t *testing.T) {
	s := site(t)
	s.SetCard("/team/bot/.well-known/agent.json", "Bot", "")
	c, err := Resolve(hostileCtx(t), s.URL+"/team/bot", Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := strings.Join(c.Agent().Warnings, "\n")
	if !strings.Contains(w, "No card at "+s.URL+"/team/bot/.well-known/agent-card.json") || !strings.Contains(w, "parley used the card at "+s.URL+"/team/bot/.well-known/agent.json") {
		t.Errorf("warnings do not say which card was used: %q", w)
	}
}

// A card URL given outright is the only card of that agent, besides
// the other well-known name beside it.
func TestHostileCardURLGivenIsTheOnlyCard(t *testing.T) {
	s := site(t)
	s.SetCard("/.well-known/agent-card.json", "Root", "")
	_, err := Resolve(hostileCtx(t), s.URL+"/bots/one.json", Options{})
	if !errors.Is(err, ErrNoCard) || !strings.Contains(err.Error(), "/bots/one.json") {
		t.Errorf("error %v: want no card at /bots/one.json", err)
	}
	for _, r := range s.Requests() {
		if r.Path != "/bots/one.json" {
			t.Errorf("asked %s besides the card URL given", r.Path)
		}
	}
}

// applyRecorder is any authenticator (an OAuth token, say): it notes the
// URLs it was asked to apply itself to.
type applyRecorder struct {
	mu   sync.Mutex
	urls []string
}

func (r *applyRecorder) Apply(req *http.Request) (Applied, error) {
	r.mu.Lock()
	r.urls = append(r.urls, req.URL.String())
	r.mu.Unlock()
	req.Header.Set("Authorization", "Bearer "+originSecret+"-recorded")
	return Applied{Headers: []string{"Authorization"}}, nil
}

// No authenticator is even asked for a request to a foreign origin, so
// an OAuth token is neither sent nor fetched nor refreshed for one; and
// basic auth is held back like the rest.
func TestHostileForeignOriginNeverAsksAuthenticators(t *testing.T) {
	a, b := site(t), site(t)
	a.SetCard("/.well-known/agent-card.json", "A", b.URL+"/rpc")
	rec := &applyRecorder{}
	c, err := Resolve(hostileCtx(t), a.URL, Options{Auth: []Authenticator{rec, BasicAuth{Username: "u", Password: originSecret}}})
	if err != nil {
		t.Fatal(err)
	}
	sendHello(t, c)
	rec.mu.Lock()
	defer rec.mu.Unlock()
	for _, u := range rec.urls {
		if strings.HasPrefix(u, b.URL) {
			t.Errorf("the authenticator was asked for %s", u)
		}
	}
	if len(rec.urls) == 0 {
		t.Error("the authenticator was never asked, not even for the card; the test proves nothing")
	}
	for _, r := range b.Requests() {
		if r.Header.Get("Authorization") != "" {
			t.Errorf("%s %s carried Authorization %q", r.Method, r.Path, r.Header.Get("Authorization"))
		}
	}
}

// An endpoint's host can hold what a shell acts on (";", "$(…)" are
// allowed in a URL's host): the --trust-origin the advice offers is one
// quoted word, so pasting it runs nothing the card put there.
func TestHostileOriginInTheOfferedFlag(t *testing.T) {
	e := &ForeignOriginError{Agent: "a", Origin: "http://x;touch$(id)"}
	if h := e.Hint(); !strings.Contains(h, "--trust-origin 'http://x;touch$(id)' ") {
		t.Errorf("the origin is not one quoted shell word in the flag: %s", h)
	}
}
