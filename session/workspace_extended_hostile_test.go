package session

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	jose "github.com/go-jose/go-jose/v4"

	"github.com/parley-a2a/parley/a2aclient"
)

// The extended card a sign-in brings replaces the agent's card in the
// agents pane, and its Signature is what puts the ✓ there. The public
// card chose the endpoint the extended card came from, so the ✓ holds
// only when the public card verified too, with a key from the same key
// set, and the extended card is the same agent on the same origins:
// anything else is no ✓, whatever the extended card's own signature.

// extSite is one loopback origin serving a v1.0 card whose REST
// endpoint hands out an extended card, and the agent's key sets.
type extSite struct {
	*httptest.Server
	mu   sync.Mutex
	docs map[string][]byte
}

func newExtSite(t *testing.T) *extSite {
	s := &extSite{docs: map[string][]byte{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		doc, ok := s.docs[r.URL.Path]
		s.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(doc)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *extSite) put(path string, doc []byte) {
	s.mu.Lock()
	s.docs[path] = doc
	s.mu.Unlock()
}

type extKey struct {
	kid  string
	priv *ecdsa.PrivateKey
}

func newExtKey(t *testing.T, kid string) extKey {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return extKey{kid, k}
}

func (k extKey) set(t *testing.T) []byte {
	b, err := json.Marshal(map[string]any{"keys": []any{jose.JSONWebKey{Key: k.priv.Public(), KeyID: k.kid, Use: "sig"}}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// signed is card with one signature by k (jku names its key set when
// not empty); a nil k leaves the card unsigned.
func signed(t *testing.T, card string, k *extKey, jku string) []byte {
	if k == nil {
		return []byte(card)
	}
	payload, err := a2aclient.Canonicalize([]byte(card))
	if err != nil {
		t.Fatal(err)
	}
	o := (&jose.SignerOptions{}).WithType("JOSE").WithHeader("kid", k.kid)
	if jku != "" {
		o = o.WithHeader("jku", jku)
	}
	sg, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: k.priv}, o)
	if err != nil {
		t.Fatal(err)
	}
	jws, err := sg.Sign(payload)
	if err != nil {
		t.Fatal(err)
	}
	var flat map[string]any
	_ = json.Unmarshal([]byte(jws.FullSerialize()), &flat)
	sigs, _ := json.Marshal([]any{map[string]any{"protected": flat["protected"], "signature": flat["signature"]}})
	i := strings.LastIndex(card, "}")
	return []byte(card[:i] + `,"signatures":` + string(sigs) + "}")
}

// extCard is a v1.0 card named name whose one REST interface is at url.
func extCard(name, url string, skills int) string {
	var sk []string
	for i := range skills {
		sk = append(sk, `{"id":"s`+string(rune('0'+i))+`","name":"skill","description":"d","tags":["t"]}`)
	}
	return `{"name":"` + name + `","description":"d","version":"1",
		"supportedInterfaces":[{"url":"` + url + `","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"}],
		"capabilities":{"extendedAgentCard":true},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],
		"skills":[` + strings.Join(sk, ",") + `]}`
}

func TestHostileExtendedCardGetsNoTickItHasNotEarned(t *testing.T) {
	k1, k2 := newExtKey(t, "k1"), newExtKey(t, "k2")
	other := newExtSite(t)
	cases := []struct {
		name string
		// public and extended are the two cards as served, given the
		// site's URL.
		public, extended func(s *extSite) []byte
		want             bool // the ✓
	}{
		{"both signed by the agent's key (the control)",
			func(s *extSite) []byte { return signed(t, extCard("A", s.URL+"/rest", 1), &k1, "") },
			func(s *extSite) []byte { return signed(t, extCard("A", s.URL+"/rest", 2), &k1, "") }, true},
		{"extended card unsigned",
			func(s *extSite) []byte { return signed(t, extCard("A", s.URL+"/rest", 1), &k1, "") },
			func(s *extSite) []byte { return signed(t, extCard("A", s.URL+"/rest", 2), nil, "") }, false},
		{"extended card signed by a key the agent does not publish",
			func(s *extSite) []byte { return signed(t, extCard("A", s.URL+"/rest", 1), &k1, "") },
			func(s *extSite) []byte { return signed(t, extCard("A", s.URL+"/rest", 2), &k2, "") }, false},
		{"extended card signed by a key from another key set than the public card's",
			func(s *extSite) []byte { return signed(t, extCard("A", s.URL+"/rest", 1), &k1, "") },
			func(s *extSite) []byte {
				return signed(t, extCard("A", s.URL+"/rest", 2), &k2, s.URL+"/other-keys.json")
			}, false},
		{"public card unsigned",
			func(s *extSite) []byte { return signed(t, extCard("A", s.URL+"/rest", 1), nil, "") },
			func(s *extSite) []byte { return signed(t, extCard("A", s.URL+"/rest", 2), &k1, "") }, false},
		{"public card tampered",
			func(s *extSite) []byte {
				return []byte(strings.Replace(string(signed(t, extCard("A", s.URL+"/rest", 1), &k1, "")), `"name":"A"`, `"name":"B"`, 1))
			},
			func(s *extSite) []byte { return signed(t, extCard("A", s.URL+"/rest", 2), &k1, "") }, false},
		{"extended card names another agent",
			func(s *extSite) []byte { return signed(t, extCard("A", s.URL+"/rest", 1), &k1, "") },
			func(s *extSite) []byte { return signed(t, extCard("Bank", s.URL+"/rest", 2), &k1, "") }, false},
		{"extended card moves the endpoint to another origin",
			func(s *extSite) []byte { return signed(t, extCard("A", s.URL+"/rest", 1), &k1, "") },
			func(s *extSite) []byte { return signed(t, extCard("A", other.URL+"/rest", 2), &k1, "") }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newExtSite(t)
			s.put("/.well-known/jwks.json", k1.set(t))
			s.put("/other-keys.json", k2.set(t))
			s.put("/.well-known/agent-card.json", tc.public(s))
			s.put("/rest/extendedAgentCard", tc.extended(s))
			dir := testDirectory(DirectoryOptions{})
			w := NewWorkspace(WorkspaceOptions{Directory: dir}, nil)
			ctx := context.Background()
			cl, err := dir.Client(ctx, s.URL, Overrides{})
			if err != nil {
				t.Fatal(err)
			}
			ext, ok := w.ExtendedCard(ctx, cl)
			if !ok {
				t.Fatal("no extended card; the test proves nothing")
			}
			if n := len(ext.Agent().Skills); n != 2 {
				t.Fatalf("the card shown has %d skills, want the extended card's 2; the test proves nothing", n)
			}
			sig := ext.Agent().Signature
			if got := sig.Status == a2aclient.SignatureVerified; got != tc.want {
				t.Errorf("the ✓ is %v (%s), want %v", got, sig.Summary(), tc.want)
			}
			if !tc.want && sig.Status == a2aclient.SignatureInvalid && sig.Reason == "" {
				t.Error("an invalid card with no reason")
			}
		})
	}
}
