package session

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/internal/hostile"
)

// A card that came through a redirect to another origin does not pick
// where the OAuth client secret goes, even when its endpoint is back on
// the agent's own origin.
func TestRedirectedCardDoesNotPickTheTokenEndpoint(t *testing.T) {
	a, c := hostile.NewSite(), hostile.NewSite()
	defer a.Close()
	defer c.Close()
	a.Set("/.well-known/agent-card.json", hostile.Doc{Location: c.URL + "/.well-known/agent-card.json"})
	c.Set("/.well-known/agent-card.json", hostile.Doc{Body: fmt.Sprintf(`{"name":"C","description":"d","version":"1","protocolVersion":"0.3.0",
		"url":%q,"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],
		"securitySchemes":{"cc":{"type":"oauth2","flows":{"clientCredentials":{"tokenUrl":%q,"scopes":{}}}}},"security":[{"cc":[]}]}`,
		a.URL+"/rpc", c.URL+"/token")})
	const secret = "cl1ent-secret"
	cfg := &config.Config{Agents: []config.Agent{{Name: "svc", URL: a.URL, Auth: "oauth2",
		OAuth: config.OAuth{ClientID: "parley", ClientSecret: "env:SECRET", OAuthFlow: "client_credentials"}}}}
	d := testDirectory(DirectoryOptions{Config: cfg, ConfigPath: filepath.Join(t.TempDir(), "config.toml"),
		Getenv: func(string) string { return secret }})
	cl, err := d.Client(context.Background(), "svc", Overrides{})
	if err == nil {
		_, _ = cl.Send(context.Background(), a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("hi")}}})
	}
	for _, r := range c.Requests() {
		if r.Path == "/token" {
			t.Errorf("the redirected card's token endpoint got a %s", r.Method)
		}
	}
	if leaks := c.Leaks(secret); len(leaks) > 0 {
		t.Errorf("the client secret reached the other origin:\n%s", strings.Join(leaks, "\n"))
	}
}

// oneAgentMemory remembers one agent's card.
type oneAgentMemory struct{ known KnownAgent }

func (m oneAgentMemory) RecallAgent(string) (KnownAgent, bool) { return m.known, true }
func (m oneAgentMemory) RememberAgent(KnownAgent) error        { return nil }

// A URL that serves no card leads to the card given for it before (on
// the same origin), and parley says which card it used.
func TestRememberedCardIsNamed(t *testing.T) {
	s := hostile.NewSite()
	defer s.Close()
	card := s.URL + "/.well-known/helper/agent-card.json"
	s.SetCard("/.well-known/helper/agent-card.json", "Helper", s.URL+"/rpc")
	d := testDirectory(DirectoryOptions{ConfigPath: filepath.Join(t.TempDir(), "config.toml"), Memory: oneAgentMemory{KnownAgent{CardURL: card}}})
	c, err := d.Client(context.Background(), s.URL, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if note := c.Agent().CardNote; !strings.Contains(note, "No card at "+s.URL+"; parley used the card at "+card) {
		t.Errorf("card note %q does not say which card was used", note)
	}
}

// A card remembered for an endpoint stands in for it only while it still
// sends there: an agent whose card once named another agent's endpoint,
// then its own, never takes that endpoint's conversations.
func TestRememberedCardMustStillServeTheNamedEndpoint(t *testing.T) {
	s := hostile.NewSite()
	defer s.Close()
	named := s.URL + "/a/rpc" // an endpoint, where no card is
	s.SetCard("/b/card.json", "B", s.URL+"/b/rpc")
	d := testDirectory(DirectoryOptions{ConfigPath: filepath.Join(t.TempDir(), "config.toml"),
		Memory: oneAgentMemory{KnownAgent{CardURL: s.URL + "/b/card.json", Endpoint: named}}})
	c, err := d.Client(context.Background(), named, Overrides{})
	if err == nil {
		t.Fatalf("the remembered card of another endpoint was used: parley sends to %s", c.Endpoint().URL)
	}
	if !errors.Is(err, a2aclient.ErrNoCard) {
		t.Errorf("err = %v, want no card at the named URL", err)
	}
}
