package a2aclient

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
)

// A signed card is verified with a key from the agent's own origin; every
// other case is invalid with a reason, never verified.

// keySite is one loopback origin serving a card and key sets.
type keySite struct {
	srv  *httptest.Server
	mu   sync.Mutex
	docs map[string][]byte
	hits atomic.Int64
	// redirect maps a path to a URL it redirects to.
	redirect map[string]string
}

func newKeySite(t *testing.T) *keySite {
	t.Helper()
	s := &keySite{docs: map[string][]byte{}, redirect: map[string]string{}}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		s.mu.Lock()
		doc, ok := s.docs[r.URL.Path]
		to := s.redirect[r.URL.Path]
		s.mu.Unlock()
		if to != "" {
			http.Redirect(w, r, to, http.StatusFound)
			return
		}
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(doc)
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *keySite) put(path string, doc []byte) {
	s.mu.Lock()
	s.docs[path] = doc
	s.mu.Unlock()
}

func (s *keySite) url(path string) string { return s.srv.URL + path }

// testKey is a signing key with its id.
type testKey struct {
	kid  string
	priv crypto.Signer
	alg  jose.SignatureAlgorithm
}

func newECKey(t *testing.T, kid string) testKey {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return testKey{kid: kid, priv: k, alg: jose.ES256}
}

// jwk is the key's public JWK, with extra members merged in.
func (k testKey) jwk(t *testing.T, extra map[string]any) map[string]any {
	t.Helper()
	b, err := json.Marshal(jose.JSONWebKey{Key: k.priv.Public(), KeyID: k.kid, Use: "sig"})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	for n, v := range extra {
		m[n] = v
	}
	return m
}

func jwks(t *testing.T, keys ...map[string]any) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{"keys": keys})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const testCard = `{
  "name": "Signed agent",
  "description": "An agent whose card is signed",
  "version": "1.0.0",
  "supportedInterfaces": [{"url": "/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "capabilities": {"streaming": true, "extensions": [{"uri": "https://example.com/ext/limit/v1", "params": {"limit": 10}}]},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "echo", "name": "Echo", "description": "Says it back", "tags": ["echo"]}]
}`

// sign returns one AgentCardSignature over card (which has none) with key,
// its protected header holding kid, typ and any extra members.
func sign(t *testing.T, card string, k testKey, extra map[string]any) map[string]any {
	t.Helper()
	payload, err := Canonicalize([]byte(card))
	if err != nil {
		t.Fatal(err)
	}
	opts := &jose.SignerOptions{}
	opts.WithType("JOSE")
	opts.WithHeader("kid", k.kid)
	for n, v := range extra {
		opts.WithHeader(jose.HeaderKey(n), v)
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: k.alg, Key: k.priv}, opts)
	if err != nil {
		t.Fatal(err)
	}
	jws, err := signer.Sign(payload)
	if err != nil {
		t.Fatal(err)
	}
	var flat map[string]any
	_ = json.Unmarshal([]byte(jws.FullSerialize()), &flat)
	return map[string]any{"protected": flat["protected"], "signature": flat["signature"]}
}

// withSignatures appends a signatures member to the card's text, leaving
// the rest as written.
func withSignatures(t *testing.T, card string, sigs ...map[string]any) []byte {
	t.Helper()
	b, err := json.Marshal(sigs)
	if err != nil {
		t.Fatal(err)
	}
	i := strings.LastIndex(card, "}")
	return []byte(card[:i] + `, "signatures": ` + string(b) + "}")
}

func resolveSigned(t *testing.T, s *keySite, card []byte, opts Options) CardSignature {
	t.Helper()
	s.put("/.well-known/agent-card.json", card)
	c, err := Resolve(context.Background(), s.url("/"), opts)
	if err != nil {
		t.Fatal(err)
	}
	return c.VerifyCard(context.Background())
}

func wantInvalid(t *testing.T, got CardSignature, reason string) {
	t.Helper()
	if got.Status != SignatureInvalid {
		t.Fatalf("status %q (%s), want invalid", got.Status, got.Summary())
	}
	if !strings.Contains(got.Reason, reason) {
		t.Fatalf("reason %q does not say %q", got.Reason, reason)
	}
}

func TestSignedCardVerifies(t *testing.T) {
	s := newKeySite(t)
	k := newECKey(t, "k1")
	s.put("/keys.json", jwks(t, k.jwk(t, nil)))
	card := withSignatures(t, testCard, sign(t, testCard, k, map[string]any{"jku": s.url("/keys.json")}))
	got := resolveSigned(t, s, card, Options{})
	if got.Status != SignatureVerified || got.KeyID != "k1" || got.KeyURL != s.url("/keys.json") || got.Algorithm != "ES256" || got.Stripped {
		t.Fatalf("got %+v", got)
	}
	if !strings.Contains(got.Summary(), `verified with key "k1" from `+s.url("/keys.json")) {
		t.Fatalf("summary %q", got.Summary())
	}
}

// Without a jku the agent's published key set, /.well-known/jwks.json on
// the card's origin, holds the key.
func TestSignedCardVerifiesWithWellKnownKeys(t *testing.T) {
	s := newKeySite(t)
	k := newECKey(t, "k1")
	s.put("/.well-known/jwks.json", jwks(t, k.jwk(t, nil)))
	got := resolveSigned(t, s, withSignatures(t, testCard, sign(t, testCard, k, nil)), Options{})
	if got.Status != SignatureVerified || got.KeyURL != s.url("/.well-known/jwks.json") {
		t.Fatalf("got %+v", got)
	}
}

func TestUnsignedCard(t *testing.T) {
	s := newKeySite(t)
	got := resolveSigned(t, s, []byte(testCard), Options{})
	if got.Status != SignatureUnsigned || got.Summary() != "unsigned" {
		t.Fatalf("got %+v", got)
	}
	got = resolveSigned(t, s, []byte(strings.Replace(testCard, `"name"`, `"signatures": [], "name"`, 1)), Options{})
	if got.Status != SignatureUnsigned {
		t.Fatalf("empty signatures: got %+v", got)
	}
}

// The same card served in another spelling (order, layout, escapes,
// number forms) still verifies: the signature is over the canonical form.
func TestSignedCardRespelledStillVerifies(t *testing.T) {
	s := newKeySite(t)
	k := newECKey(t, "k1")
	s.put("/.well-known/jwks.json", jwks(t, k.jwk(t, nil)))
	sig := sign(t, testCard, k, nil)
	respelled := `{"skills":[{"tags":["echo"],"description":"Says it back","name":"\u0045cho","id":"echo"}],
	 "version":"1.0.0","name":"Signed agent","description":"An agent whose card is signed",
	 "supportedInterfaces":[{"url":"\/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
	 "capabilities":{"extensions":[{"params":{"limit":1e1},"uri":"https://example.com/ext/limit/v1"}],"streaming":true},
	 "defaultOutputModes":["text/plain"],"defaultInputModes":["text/plain"]}`
	got := resolveSigned(t, s, withSignatures(t, respelled, sig), Options{})
	if got.Status != SignatureVerified {
		t.Fatalf("got %+v", got)
	}
}

// A card changed after it was signed is invalid, including changes that
// only show once the text is read: an escape that spells another letter,
// a number that reads as another value, a member given twice.
func TestTamperedCardIsInvalid(t *testing.T) {
	s := newKeySite(t)
	k := newECKey(t, "k1")
	s.put("/.well-known/jwks.json", jwks(t, k.jwk(t, nil)))
	sig := sign(t, testCard, k, nil)
	for name, tampered := range map[string]string{
		"field changed":          strings.Replace(testCard, `"Signed agent"`, `"Signed agent!"`, 1),
		"escape spells a letter": strings.Replace(testCard, `"Echo"`, `"\u0045ch\u006F "`, 1),
		"escape of another case": strings.Replace(testCard, `"Echo"`, `"\u0065cho"`, 1),
		"number reads otherwise": strings.Replace(testCard, `"limit": 10`, `"limit": 1e2`, 1),
		"number as a string":     strings.Replace(testCard, `"limit": 10`, `"limit": "10"`, 1),
		"member added":           strings.Replace(testCard, `"version"`, `"iconUrl": "https://evil.example/i.png", "version"`, 1),
		"member given twice":     strings.Replace(testCard, `"version": "1.0.0",`, `"version": "1.0.0", "name": "Evil agent",`, 1),
		"interface moved":        strings.Replace(testCard, `"/rpc"`, `"http://127.0.0.1:1/rpc"`, 1),
		"bool flipped":           strings.Replace(testCard, `"streaming": true`, `"streaming": false`, 1),
	} {
		t.Run(name, func(t *testing.T) {
			if tampered == testCard {
				t.Fatal("the test did not change the card")
			}
			got := resolveSigned(t, s, withSignatures(t, tampered, sig), Options{})
			if got.Status == SignatureVerified {
				t.Fatalf("verified: %+v", got)
			}
			if got.Reason == "" {
				t.Fatal("no reason")
			}
		})
	}
}

func TestUnknownKeyIsInvalid(t *testing.T) {
	s := newKeySite(t)
	k, other := newECKey(t, "k1"), newECKey(t, "k2")
	s.put("/.well-known/jwks.json", jwks(t, other.jwk(t, nil)))
	got := resolveSigned(t, s, withSignatures(t, testCard, sign(t, testCard, k, nil)), Options{})
	wantInvalid(t, got, `the key "k1" is not in the key set`)

	// The right kid with the wrong key: the signature does not match.
	impostor := newECKey(t, "k1")
	s.put("/.well-known/jwks.json", jwks(t, impostor.jwk(t, nil)))
	got = resolveSigned(t, s, withSignatures(t, testCard, sign(t, testCard, k, nil)), Options{})
	wantInvalid(t, got, "does not match")
}

// A key past its exp, or whose certificate has expired, must not be used
// (A2A 8.4.3); after a rotation the card verifies by its newer signature.
func TestExpiredKeyIsInvalid(t *testing.T) {
	s := newKeySite(t)
	k := newECKey(t, "k1")
	card := withSignatures(t, testCard, sign(t, testCard, k, nil))

	s.put("/.well-known/jwks.json", jwks(t, k.jwk(t, map[string]any{"exp": 946684800}))) // 2000-01-01
	wantInvalid(t, resolveSigned(t, s, card, Options{}), "expired on 2000-01-01")

	s.put("/.well-known/jwks.json", jwks(t, k.jwk(t, map[string]any{"exp": "soon"})))
	wantInvalid(t, resolveSigned(t, s, card, Options{}), "")

	s.put("/.well-known/jwks.json", jwks(t, k.jwk(t, map[string]any{"nbf": 32503680000}))) // 3000-01-01
	wantInvalid(t, resolveSigned(t, s, card, Options{}), "not valid before 3000-01-01")

	cert := selfSigned(t, k, time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2002, 1, 1, 0, 0, 0, 0, time.UTC))
	s.put("/.well-known/jwks.json", jwks(t, k.jwk(t, map[string]any{"x5c": []string{base64.StdEncoding.EncodeToString(cert)}})))
	wantInvalid(t, resolveSigned(t, s, card, Options{}), "certificate that expired on 2002-01-01")

	// Rotation: the old key left the set; a second signature by the new
	// key carries the card.
	newer := newECKey(t, "k2")
	s.put("/.well-known/jwks.json", jwks(t, newer.jwk(t, nil)))
	rotated := withSignatures(t, testCard, sign(t, testCard, k, nil), sign(t, testCard, newer, nil))
	got := resolveSigned(t, s, rotated, Options{})
	if got.Status != SignatureVerified || got.KeyID != "k2" {
		t.Fatalf("rotated: %+v", got)
	}
}

func selfSigned(t *testing.T, k testKey, from, to time.Time) []byte {
	t.Helper()
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "agent"}, NotBefore: from, NotAfter: to}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, k.priv.Public(), k.priv)
	if err != nil {
		t.Fatal(err)
	}
	return der
}

// rawSig builds a signature by hand: a protected header and a value.
func rawSig(header map[string]any, sig []byte) (map[string]any, string) {
	h, _ := json.Marshal(header)
	p := base64.RawURLEncoding.EncodeToString(h)
	return map[string]any{"protected": p, "signature": base64.RawURLEncoding.EncodeToString(sig)}, p
}

func TestAlgNoneIsInvalid(t *testing.T) {
	s := newKeySite(t)
	k := newECKey(t, "k1")
	s.put("/.well-known/jwks.json", jwks(t, k.jwk(t, nil)))
	sig, _ := rawSig(map[string]any{"alg": "none", "kid": "k1"}, []byte("x"))
	got := resolveSigned(t, s, withSignatures(t, testCard, sig), Options{})
	wantInvalid(t, got, `signed with "none"`)
}

// The classic confusion: HS256 with the agent's public key as the HMAC
// secret. Refused by algorithm before any key is used.
func TestAlgConfusionIsInvalid(t *testing.T) {
	s := newKeySite(t)
	k := newECKey(t, "k1")
	set := jwks(t, k.jwk(t, nil))
	s.put("/.well-known/jwks.json", set)
	payload, _ := Canonicalize([]byte(testCard))
	pubDER, _ := x509.MarshalPKIXPublicKey(k.priv.Public())
	for _, secret := range [][]byte{set, pubDER, []byte(`{"kty":"EC"}`)} {
		_, p := rawSig(map[string]any{"alg": "HS256", "kid": "k1"}, nil)
		mac := hmac.New(sha256.New, secret)
		mac.Write([]byte(p + "." + base64.RawURLEncoding.EncodeToString(payload)))
		sig := map[string]any{"protected": p, "signature": base64.RawURLEncoding.EncodeToString(mac.Sum(nil))}
		wantInvalid(t, resolveSigned(t, s, withSignatures(t, testCard, sig), Options{}), `signed with "HS256"`)
	}
	// A key set holding a symmetric key of that id changes nothing.
	s.put("/.well-known/jwks.json", jwks(t, map[string]any{"kty": "oct", "kid": "k1", "k": base64.RawURLEncoding.EncodeToString([]byte("secret")), "alg": "HS256"}))
	sig := sign(t, testCard, k, nil)
	wantInvalid(t, resolveSigned(t, s, withSignatures(t, testCard, sig), Options{}), "no public signing key")
	// An EC signature that claims RS256 does not pass with the EC key.
	s.put("/.well-known/jwks.json", set)
	forged := sign(t, testCard, k, nil)
	var hdr map[string]any
	b, _ := base64.RawURLEncoding.DecodeString(forged["protected"].(string))
	_ = json.Unmarshal(b, &hdr)
	hdr["alg"] = "RS256"
	relabeled, _ := rawSig(hdr, nil)
	relabeled["signature"] = forged["signature"]
	wantInvalid(t, resolveSigned(t, s, withSignatures(t, testCard, relabeled), Options{}), "is an EC key, not one for RS256")
}

// A key embedded in the signature's own header is the signer's word for
// itself: it is never used.
func TestEmbeddedKeyIsNotTrusted(t *testing.T) {
	s := newKeySite(t)
	real, attacker := newECKey(t, "k1"), newECKey(t, "k1")
	s.put("/.well-known/jwks.json", jwks(t, real.jwk(t, nil)))
	sig := sign(t, testCard, attacker, map[string]any{"jwk": attacker.jwk(t, nil)})
	wantInvalid(t, resolveSigned(t, s, withSignatures(t, testCard, sig), Options{}), "does not match")
}

// A jku on another origin is the attacker's choice: anyone can publish a
// key set and sign any card with it. parley does not fetch it unless the
// user trusted that origin for the agent.
func TestForeignKeyURLIsNotFetched(t *testing.T) {
	s, evil := newKeySite(t), newKeySite(t)
	attacker := newECKey(t, "k1")
	evil.put("/keys.json", jwks(t, attacker.jwk(t, nil)))
	card := withSignatures(t, testCard, sign(t, testCard, attacker, map[string]any{"jku": evil.url("/keys.json")}))
	got := resolveSigned(t, s, card, Options{})
	wantInvalid(t, got, "an origin not trusted for this agent; parley did not fetch it")
	if n := evil.hits.Load(); n != 0 {
		t.Fatalf("the foreign origin got %d requests", n)
	}
	// Trusted by the user, it is the agent's key server.
	got = resolveSigned(t, s, card, Options{Trust: NewOrigins(s.url("/"), evil.url("/"))})
	if got.Status != SignatureVerified || got.KeyURL != evil.url("/keys.json") {
		t.Fatalf("trusted: %+v", got)
	}
}

// A key URL on the agent's origin that redirects elsewhere does not bring
// the other origin's keys home.
func TestKeyURLRedirectToForeignOriginIsInvalid(t *testing.T) {
	s, evil := newKeySite(t), newKeySite(t)
	attacker := newECKey(t, "k1")
	evil.put("/keys.json", jwks(t, attacker.jwk(t, nil)))
	s.redirect["/keys.json"] = evil.url("/keys.json")
	card := withSignatures(t, testCard, sign(t, testCard, attacker, map[string]any{"jku": s.url("/keys.json")}))
	wantInvalid(t, resolveSigned(t, s, card, Options{}), "redirected to "+evil.url(""))
}

func TestHugeKeySetIsInvalid(t *testing.T) {
	s := newKeySite(t)
	k := newECKey(t, "k1")
	card := withSignatures(t, testCard, sign(t, testCard, k, nil))
	pad := strings.Repeat("x", 2<<20)
	huge, _ := json.Marshal(map[string]any{"keys": []any{k.jwk(t, nil)}, "pad": pad})
	s.put("/.well-known/jwks.json", huge)
	wantInvalid(t, resolveSigned(t, s, card, Options{}), "over the 1 MiB limit")

	many := make([]map[string]any, 0, 150)
	for i := 0; i < 150; i++ {
		many = append(many, k.jwk(t, nil))
	}
	s.put("/.well-known/jwks.json", jwks(t, many...))
	wantInvalid(t, resolveSigned(t, s, card, Options{}), "150 keys")
}

// Many signatures cost a bounded amount of work.
func TestManySignaturesAreBounded(t *testing.T) {
	s := newKeySite(t)
	k := newECKey(t, "k1")
	s.put("/.well-known/jwks.json", jwks(t, k.jwk(t, nil)))
	var sigs []map[string]any
	for i := 0; i < 50; i++ {
		bad, _ := rawSig(map[string]any{"alg": "ES256", "kid": "k1", "jku": s.url("/keys" + strings.Repeat("/x", i) + ".json")}, []byte("bad"))
		sigs = append(sigs, bad)
	}
	before := s.hits.Load()
	got := resolveSigned(t, s, withSignatures(t, testCard, sigs...), Options{})
	wantInvalid(t, got, "first 8 of its 50 signatures")
	if n := s.hits.Load() - before; n > 2+maxKeySets {
		t.Fatalf("%d requests for one card", n)
	}
}

// The v1.0 text has signers leave default values out; a card served with
// them in verifies over the form without them, and says so.
func TestSignedWithoutDefaultsVerifies(t *testing.T) {
	s := newKeySite(t)
	k := newECKey(t, "k1")
	s.put("/.well-known/jwks.json", jwks(t, k.jwk(t, nil)))
	served := strings.Replace(testCard, `"version"`, `"documentationUrl": "", "security": [], "version"`, 1)
	served = strings.Replace(served, `"streaming": true`, `"streaming": true, "pushNotifications": false`, 1)
	got := resolveSigned(t, s, withSignatures(t, served, sign(t, testCard, k, nil)), Options{})
	if got.Status != SignatureVerified || !got.Stripped {
		t.Fatalf("got %+v", got)
	}
}
