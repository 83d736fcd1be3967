package a2aclient

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"

	jose "github.com/go-jose/go-jose/v4"
)

// SignatureStatus is what parley found of a card's signatures.
type SignatureStatus string

const (
	// SignatureUnchecked: the card was not checked (read from storage,
	// or built for an endpoint that serves none).
	SignatureUnchecked SignatureStatus = ""
	// SignatureUnsigned: the card carries no signature.
	SignatureUnsigned SignatureStatus = "unsigned"
	// SignatureVerified: one signature verified with a key parley fetched
	// from an origin the agent is trusted on.
	SignatureVerified SignatureStatus = "verified"
	// SignatureInvalid: the card is signed, but no signature could be
	// verified; Reason says why. Never shown as verified.
	SignatureInvalid SignatureStatus = "invalid"
)

// CardSignature is the outcome of checking a card's signatures.
type CardSignature struct {
	Status SignatureStatus
	// KeyID and KeyURL name the key that verified the card, and where
	// parley got it (the signature's jku, or the agent's key set).
	KeyID     string
	KeyURL    string
	Algorithm string
	// Stripped says the signature covers the card with its empty and
	// false values left out (the v1.0 rule of omitting defaults), not
	// the card exactly as served.
	Stripped bool
	// Reason says, for an invalid card, why no signature verified: one
	// sentence (for several signatures, each one's reason in turn).
	Reason string
}

// Summary is the outcome in a few words, for a person.
func (s CardSignature) Summary() string {
	switch s.Status {
	case SignatureVerified:
		out := "verified"
		if s.KeyID != "" {
			out += fmt.Sprintf(" with key %q", s.KeyID)
		}
		out += " from " + redactURL(s.KeyURL)
		if s.Algorithm != "" {
			out += " (" + s.Algorithm + ")"
		}
		return out
	case SignatureUnsigned:
		return "unsigned"
	case SignatureInvalid:
		return "invalid: " + s.Reason
	}
	return "not checked"
}

// Limits on what a hostile card or key set can make parley do.
const (
	maxCardSignatures = 8   // signatures looked at per card
	maxKeySetKeys     = 100 // keys read from one key set
	maxKeySets        = 4   // key sets fetched per card
	minRSABits        = 2048
	maxRSABits        = 8192 // verifying with a huge modulus costs CPU
)

// signatureAlgorithms are the only algorithms a card may be signed with:
// asymmetric ones. "none" and the HMAC family are refused before any key
// is looked at, so a public key can never serve as an HMAC secret.
var signatureAlgorithms = []jose.SignatureAlgorithm{
	jose.RS256, jose.RS384, jose.RS512,
	jose.PS256, jose.PS384, jose.PS512,
	jose.ES256, jose.ES384, jose.ES512,
	jose.EdDSA,
}

// jwksPath is where parley looks for an agent's published keys when a
// signature names no jku.
const jwksPath = "/.well-known/jwks.json"

// VerifyCard checks the card's signatures (A2A v1.0 section 8.4; v0.3's
// AgentCardSignature is the same JWS): each is a JWS (RFC 7515) over the
// RFC 8785 canonical form of the card without its signatures. The key
// comes from the signature's jku, or else from the agent's key set at
// /.well-known/jwks.json; either is fetched only from an origin the agent
// is trusted on (docs/security.md): a key set anywhere else is whatever
// the card's author, or whoever altered the card, chose to put there.
// The result is kept in the Agent's Signature.
func (c *Client) VerifyCard(ctx context.Context) CardSignature {
	c.sigMu.Lock()
	defer c.sigMu.Unlock()
	if c.agent.Signature.Status == SignatureUnchecked {
		c.agent.Signature = verifyCard(ctx, c.t, c.agent, time.Now())
	}
	return c.agent.Signature
}

// cardSig is one AgentCardSignature as served.
type cardSig struct {
	Protected string          `json:"protected"`
	Signature string          `json:"signature"`
	Header    json.RawMessage `json:"header,omitempty"`
}

// protectedHeader holds the members parley reads from a protected header.
type protectedHeader struct {
	Alg string `json:"alg"`
	Kid string `json:"kid"`
	Jku string `json:"jku"`
}

func verifyCard(ctx context.Context, t *transport, a *Agent, now time.Time) CardSignature {
	o, ok := asObj(a.Raw)
	if !ok || !o.present("signatures") {
		return CardSignature{Status: SignatureUnsigned}
	}
	if o.kind("signatures") != "array" {
		return invalid("the card's signatures field is a %s, not a list", o.kind("signatures"))
	}
	var sigs []cardSig
	if err := json.Unmarshal(o["signatures"], &sigs); err != nil {
		return invalid("the card's signatures are not signature objects")
	}
	if len(sigs) == 0 {
		return CardSignature{Status: SignatureUnsigned}
	}
	exact, stripped, err := cardPayloads(a.Raw)
	if err != nil {
		return invalid("%v", err)
	}
	v := &verifier{t: t, a: a, now: now, sets: map[string]*keySet{}}
	var reasons []string
	for i, s := range sigs {
		if i == maxCardSignatures {
			reasons = append(reasons, fmt.Sprintf("parley looked at the first %d of its %d signatures only", maxCardSignatures, len(sigs)))
			break
		}
		res, why := v.check(ctx, s, exact, stripped)
		if res != nil {
			return *res
		}
		if len(sigs) > 1 {
			why = fmt.Sprintf("signature %d: %s", i+1, why)
		}
		reasons = append(reasons, why)
	}
	return CardSignature{Status: SignatureInvalid, Reason: strings.Join(reasons, "; ")}
}

func invalid(format string, args ...any) CardSignature {
	return CardSignature{Status: SignatureInvalid, Reason: fmt.Sprintf(format, args...)}
}

// cardPayloads returns what a signature may cover: the canonical card as
// served, less its signatures; and the same with empty and false values
// left out, which is how the v1.0 text asks signers to drop defaults
// (parley reads an empty or false value as it reads an absent one, so
// leaving them out changes nothing parley acts on).
func cardPayloads(raw []byte) (exact, stripped []byte, err error) {
	p := &jcsParser{in: raw}
	doc, err := p.document()
	if err != nil {
		return nil, nil, fmt.Errorf("the card cannot be put in canonical form: %v", err)
	}
	members, ok := doc.([]jcsMember)
	if !ok {
		return nil, nil, fmt.Errorf("the card is not a JSON object")
	}
	var kept []jcsMember
	for _, m := range members {
		if m.name != "signatures" {
			kept = append(kept, m)
		}
	}
	exact, err = canonicalBytes(kept)
	if err != nil {
		return nil, nil, err
	}
	stripped, err = canonicalBytes(stripDefaults(kept))
	return exact, stripped, err
}

func canonicalBytes(v any) ([]byte, error) {
	var b bytes.Buffer
	if err := writeJCS(&b, v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// stripDefaults drops null, "", false, [] and {} members, deepest first.
func stripDefaults(v any) any {
	switch v := v.(type) {
	case []jcsMember:
		out := []jcsMember{}
		for _, m := range v {
			sv := stripDefaults(m.value)
			if isDefault(sv) {
				continue
			}
			out = append(out, jcsMember{m.name, sv})
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = stripDefaults(e)
		}
		return out
	}
	return v
}

func isDefault(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case bool:
		return !v
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case []jcsMember:
		return len(v) == 0
	}
	return false
}

// verifier checks one card's signatures, fetching each key set once.
type verifier struct {
	t    *transport
	a    *Agent
	now  time.Time
	sets map[string]*keySet
}

// check verifies one signature, returning the verified result or why not.
func (v *verifier) check(ctx context.Context, s cardSig, exact, stripped []byte) (*CardSignature, string) {
	if s.Protected == "" || s.Signature == "" {
		return nil, "a signature without its protected header or value"
	}
	hdrJSON, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(s.Protected, "="))
	if err != nil {
		return nil, "its protected header is not base64url"
	}
	var h protectedHeader
	if err := json.Unmarshal(hdrJSON, &h); err != nil {
		return nil, "its protected header is not a JSON object"
	}
	if !algAllowed(h.Alg) {
		return nil, fmt.Sprintf("it is signed with %s, which parley does not accept for cards (only RS*, PS*, ES* and EdDSA)", algName(h.Alg))
	}
	// kid and jku are read from the protected header only: the
	// unprotected one is not covered by the signature.
	keyURL, why := v.keyURL(h.Jku)
	if why != "" {
		return nil, why
	}
	set, err := v.keySet(ctx, keyURL)
	if err != nil {
		return nil, err.Error()
	}
	keys := set.match(h.Kid)
	if len(keys) == 0 {
		if h.Kid != "" {
			return nil, fmt.Sprintf("the key %q is not in the key set at %s", truncate(h.Kid, 60), redactURL(keyURL))
		}
		return nil, fmt.Sprintf("the key set at %s has no key for it", redactURL(keyURL))
	}
	var last string
	for _, k := range keys {
		if why := k.unusable(h.Alg, v.now); why != "" {
			last = fmt.Sprintf("the key %q at %s %s", truncate(k.kid, 60), redactURL(keyURL), why)
			continue
		}
		for i, payload := range [][]byte{exact, stripped} {
			if i == 1 && string(stripped) == string(exact) {
				break
			}
			if verifyJWS(s, payload, k.public) == nil {
				return &CardSignature{Status: SignatureVerified, KeyID: k.kid, KeyURL: keyURL, Algorithm: h.Alg, Stripped: i == 1}, ""
			}
		}
		last = fmt.Sprintf("the signature does not match the card (key %q from %s): the card was changed after it was signed, or signed with another key", truncate(k.kid, 60), redactURL(keyURL))
	}
	return nil, last
}

func algAllowed(alg string) bool {
	for _, a := range signatureAlgorithms {
		if string(a) == alg {
			return true
		}
	}
	return false
}

func algName(alg string) string {
	if alg == "" {
		return "no algorithm"
	}
	return fmt.Sprintf("%q", truncate(sanitizeLine(alg), 20))
}

// keyURL decides where the key set comes from, or why not: the jku
// (resolved against the card's URL) or the agent's well-known key set,
// either one only on an origin the agent is trusted on.
func (v *verifier) keyURL(jku string) (string, string) {
	var u string
	if jku != "" {
		r, err := url.Parse(strings.TrimSpace(jku))
		if base, berr := url.Parse(v.a.CardURL); err == nil && berr == nil && !r.IsAbs() {
			r = base.ResolveReference(r)
		}
		if err != nil || (r.Scheme != "http" && r.Scheme != "https") || r.Host == "" {
			return "", fmt.Sprintf("its key URL %q is not an http(s) URL", truncate(sanitizeLine(jku), 80))
		}
		u = r.String()
	} else {
		origin, ok := Origin(v.a.CardURL)
		if !ok {
			return "", "it names no key URL (jku), and the card's own address is unknown"
		}
		u = origin + jwksPath
	}
	if !v.t.trust.Trusts(u) {
		origin, _ := Origin(u)
		return "", fmt.Sprintf("its key set is at %s, on %s, an origin not trusted for this agent; parley did not fetch it (a key set there proves only that whoever runs %s signed the card; trust it with --trust-origin if it is the agent's own)", redactURL(u), origin, origin)
	}
	return u, ""
}

// verifyJWS checks one signature over payload with key.
func verifyJWS(s cardSig, payload []byte, key any) error {
	flat := map[string]any{
		"protected": s.Protected,
		"payload":   base64.RawURLEncoding.EncodeToString(payload),
		"signature": s.Signature,
	}
	if len(s.Header) > 0 && string(s.Header) != "null" {
		flat["header"] = s.Header
	}
	doc, err := json.Marshal(flat)
	if err != nil {
		return err
	}
	jws, err := jose.ParseSignedJSON(string(doc), signatureAlgorithms)
	if err != nil {
		return err
	}
	_, err = jws.Verify(key)
	return err
}

// UnverifiedCardError refuses an agent whose card did not verify when
// signed cards are required (--require-signed, require_signed).
type UnverifiedCardError struct {
	Agent     string // as the user named it
	CardURL   string
	Signature CardSignature
}

func (e *UnverifiedCardError) Error() string {
	what := "is not signed"
	if e.Signature.Status == SignatureInvalid {
		what = "has a signature that does not verify: " + e.Signature.Reason
	} else if e.Signature.Status == SignatureUnchecked {
		what = "was not checked"
	}
	return fmt.Sprintf("The card of %s (%s) %s; signed cards are required, so parley will not use this agent.", sanitizeLine(e.Agent), redactURL(e.CardURL), what)
}

// Hint says what to do.
func (e *UnverifiedCardError) Hint() string {
	return "Check the agent with 'parley card'; drop --require-signed (or require_signed in the config) to use it anyway."
}
