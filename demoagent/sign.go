package demoagent

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	jose "github.com/go-jose/go-jose/v4"
)

// The demo signs its v0.3 and v1.0 cards (A2A v1.0 section 8.4) with a key
// made when it starts, published as a JWKS at jwksPath on its own origin
// and named by each signature's jku, so a client can show a verified card.
// The signing is written here, apart from parley's verifier, so the two
// check each other.

const jwksPath = "/.well-known/jwks.json"

// demoExtension is the extension the demo declares: asked for (parley
// --extension URI), it is confirmed in the reply's A2A-Extensions header.
const demoExtension = "urn:parley:demo:echo-extension:v1"

type cardSigner struct {
	key *ecdsa.PrivateKey
	kid string
	// done keeps each card's signature (ECDSA signatures differ each
	// time), so a card reads the same on every fetch; bounded, as the
	// Host header picks the base URL.
	mu   sync.Mutex
	done map[[32]byte]map[string]any
}

const maxSignedCards = 64

func newCardSigner() *cardSigner {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil // no randomness: the demo serves unsigned cards
	}
	der, _ := json.Marshal(jose.JSONWebKey{Key: key.Public()})
	sum := sha256.Sum256(der)
	return &cardSigner{key: key, kid: "demo-" + hex.EncodeToString(sum[:4]), done: map[[32]byte]map[string]any{}}
}

// jwks is the public key set.
func (s *cardSigner) jwks() any {
	if s == nil {
		return map[string]any{"keys": []any{}}
	}
	return map[string]any{"keys": []any{jose.JSONWebKey{Key: s.key.Public(), KeyID: s.kid, Algorithm: string(jose.ES256), Use: "sig"}}}
}

// sign adds a signature to card. The payload is the card in RFC 8785
// canonical form without its signatures. The demo's cards hold only
// objects, arrays, ASCII strings and booleans, and the JSON encoder
// writes maps with sorted keys, so its compact output without HTML
// escaping is that form already; jcsReady checks the one assumption a
// future edit could break (a number, or a character escaped otherwise).
func (s *cardSigner) sign(card map[string]any, base string) {
	if s == nil {
		return
	}
	delete(card, "signatures")
	payload := marshal(card)
	if !jcsReady(payload) {
		return
	}
	id := sha256.Sum256(payload)
	s.mu.Lock()
	sig, ok := s.done[id]
	s.mu.Unlock()
	if !ok {
		if sig = s.signPayload(payload, base); sig == nil {
			return
		}
		s.mu.Lock()
		if len(s.done) >= maxSignedCards {
			clear(s.done)
		}
		s.done[id] = sig
		s.mu.Unlock()
	}
	card["signatures"] = []map[string]any{sig}
}

// signPayload makes one AgentCardSignature, nil if it cannot.
func (s *cardSigner) signPayload(payload []byte, base string) map[string]any {
	opts := (&jose.SignerOptions{}).WithType("JOSE").WithHeader("kid", s.kid).WithHeader("jku", base+jwksPath)
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: s.key}, opts)
	if err != nil {
		return nil
	}
	jws, err := signer.Sign(payload)
	if err != nil {
		return nil
	}
	var flat struct {
		Protected string `json:"protected"`
		Signature string `json:"signature"`
	}
	if json.Unmarshal([]byte(jws.FullSerialize()), &flat) != nil {
		return nil
	}
	return map[string]any{"protected": flat.Protected, "signature": flat.Signature}
}

// jcsReady reports whether the encoder's output is canonical as it
// stands: ASCII, and no number (RFC 8785 writes numbers its own way).
func jcsReady(b []byte) bool {
	inString := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c >= 0x80:
			return false
		case c == '\\' && inString:
			if i+1 < len(b) && b[i+1] == 'u' {
				return false // the encoder's \u escapes differ from RFC 8785's
			}
			i++
		case c == '"':
			inString = !inString
		case !inString && (c == '-' || c >= '0' && c <= '9'):
			return false
		}
	}
	return true
}

func (a *Agent) serveJWKS(w http.ResponseWriter, r *http.Request) {
	if !allowMethods(w, r, http.MethodGet, http.MethodHead) {
		return
	}
	writeJSONType(w, http.StatusOK, "application/jwk-set+json", a.signer.jwks())
}

// echoExtensions confirms, in the reply's header, the extensions a
// request asked for that the demo supports: A2A-Extensions in v1.0,
// X-A2A-Extensions in v0.3.
func echoExtensions(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, name := range []string{"A2A-Extensions", "X-A2A-Extensions"} {
			if got := supportedExtensions(r.Header.Values(name)); len(got) > 0 {
				w.Header().Set(name, strings.Join(got, ","))
			}
		}
		next.ServeHTTP(w, r)
	})
}

// supportedExtensions lists the URIs of header or metadata values (each
// a comma-separated list) that the demo supports.
func supportedExtensions(values []string) []string {
	var out []string
	for _, v := range values {
		for _, uri := range strings.Split(v, ",") {
			switch uri = strings.TrimSpace(uri); uri {
			case demoExtension, a2uiExtV08, a2uiExtV09:
				out = append(out, uri)
			}
		}
	}
	return out
}

// signed signs card for the origin at base and returns it.
func (a *Agent) signed(card map[string]any, base string) map[string]any {
	a.signer.sign(card, base)
	return card
}
