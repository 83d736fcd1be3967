package a2aclient

import (
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"time"

	jose "github.com/go-jose/go-jose/v4"
)

// keySet is a JWKS (RFC 7517) as parley read it: its usable public keys.
type keySet struct {
	url  string
	keys []*sigKey
	err  error
}

// sigKey is one public key of a key set, with what limits its use.
type sigKey struct {
	kid    string
	public any
	alg    string
	use    string
	ops    []string
	// exp and nbf are the JWT-style validity members some key sets
	// carry (seconds since the epoch); zero when absent.
	exp, nbf int64
	// notAfter and notBefore come from the key's certificate (x5c).
	notBefore, notAfter time.Time
}

// match returns the keys a signature with this kid may use: the key of
// that id, or every key when the signature names none.
func (s *keySet) match(kid string) []*sigKey {
	if kid == "" {
		return s.keys
	}
	var out []*sigKey
	for _, k := range s.keys {
		if k.kid == kid {
			out = append(out, k)
		}
	}
	return out
}

// unusable says why this key may not verify a signature made with alg,
// "" when it may. Expired keys must not be used (A2A 8.4.3).
func (k *sigKey) unusable(alg string, now time.Time) string {
	switch {
	case k.use != "" && k.use != "sig":
		return fmt.Sprintf("is for %q, not for signatures", truncate(k.use, 20))
	case len(k.ops) > 0 && !slices.Contains(k.ops, "verify"):
		return "does not allow verifying"
	case k.alg != "" && k.alg != alg:
		return fmt.Sprintf("is for %s, but the signature says %s", algName(k.alg), algName(alg))
	case k.exp != 0 && now.Unix() >= k.exp:
		return "expired on " + time.Unix(k.exp, 0).UTC().Format(time.DateOnly)
	case k.nbf != 0 && now.Unix() < k.nbf:
		return "is not valid before " + time.Unix(k.nbf, 0).UTC().Format(time.DateOnly)
	case !k.notAfter.IsZero() && now.After(k.notAfter):
		return "has a certificate that expired on " + k.notAfter.UTC().Format(time.DateOnly)
	case !k.notBefore.IsZero() && now.Before(k.notBefore):
		return "has a certificate not valid before " + k.notBefore.UTC().Format(time.DateOnly)
	}
	if why := keyFitsAlg(k.public, alg); why != "" {
		return why
	}
	return ""
}

// keyFitsAlg refuses a key of the wrong family for alg (go-jose would too,
// but saying which makes a clearer reason) and RSA moduli out of bounds.
func keyFitsAlg(pub any, alg string) string {
	switch p := pub.(type) {
	case *rsa.PublicKey:
		if alg[0] != 'R' && alg[0] != 'P' {
			return "is an RSA key, not one for " + alg
		}
		if n := p.N.BitLen(); n < minRSABits || n > maxRSABits {
			return fmt.Sprintf("is a %d-bit RSA key (parley takes %d to %d bits)", n, minRSABits, maxRSABits)
		}
	case *ecdsa.PublicKey:
		if alg[0] != 'E' || alg == string(jose.EdDSA) {
			return "is an EC key, not one for " + alg
		}
	case ed25519.PublicKey:
		if alg != string(jose.EdDSA) {
			return "is an Ed25519 key, not one for " + alg
		}
	default:
		return "is not a public signing key"
	}
	return ""
}

// keySet fetches (once per card) and reads the key set at u.
func (v *verifier) keySet(ctx context.Context, u string) (*keySet, error) {
	if s, ok := v.sets[u]; ok {
		return s, s.err
	}
	if len(v.sets) >= maxKeySets {
		return nil, fmt.Errorf("its signatures name more than %d key sets; parley fetched only the first %d", maxKeySets, maxKeySets)
	}
	s := &keySet{url: u}
	s.keys, s.err = fetchKeySet(ctx, v.t, u)
	v.sets[u] = s
	return s, s.err
}

// fetchKeySet gets a key set under the card's own rules: through the same
// transport (credentials only to trusted origins, the same timeouts), at
// most maxCardSize bytes, and still on a trusted origin after redirects.
func fetchKeySet(ctx context.Context, t *transport, u string) ([]*sigKey, error) {
	where := redactURL(u)
	var raw []byte
	err := t.retryBusy(ctx, "fetch the card's key set", func() error {
		resp, err := t.do(ctx, request{op: "fetch the card's key set", method: http.MethodGet, url: u, header: http.Header{"Accept": {"application/jwk-set+json, application/json"}}})
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if r := resp.Request; r != nil && r.URL != nil && !t.trust.Trusts(r.URL.String()) {
			origin, _ := Origin(r.URL.String())
			return fmt.Errorf("the key set at %s redirected to %s, an origin not trusted for this agent", where, origin)
		}
		raw, err = io.ReadAll(io.LimitReader(resp.Body, maxCardSize+1))
		if err != nil {
			return &TransportError{Op: "fetch the card's key set", URL: u, Err: err}
		}
		t.observe(WireRecord{Kind: WireResponse, URL: u, Status: resp.StatusCode, Header: resp.Header, Body: raw})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("the key set at %s could not be fetched: %v", where, err)
	}
	if len(raw) > maxCardSize {
		return nil, fmt.Errorf("the key set at %s is over the %s limit", where, formatBytes(maxCardSize))
	}
	return parseKeySet(raw, where)
}

// parseKeySet reads a JWKS, keeping public signing keys only. A key that
// cannot be read is skipped: one odd key must not hide the good ones.
func parseKeySet(raw []byte, where string) ([]*sigKey, error) {
	var doc struct {
		Keys []json.RawMessage `json:"keys"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("the key set at %s is not a JSON key set", where)
	}
	if len(doc.Keys) > maxKeySetKeys {
		return nil, fmt.Errorf("the key set at %s has %d keys, over the %d parley reads", where, len(doc.Keys), maxKeySetKeys)
	}
	var out []*sigKey
	for _, rk := range doc.Keys {
		k, err := parseKey(rk)
		if err == nil {
			out = append(out, k)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the key set at %s has no public signing key parley can read", where)
	}
	return out, nil
}

func parseKey(raw json.RawMessage) (*sigKey, error) {
	var jwk jose.JSONWebKey
	if err := jwk.UnmarshalJSON(raw); err != nil {
		return nil, err
	}
	var extra struct {
		Exp    json.Number `json:"exp"`
		Nbf    json.Number `json:"nbf"`
		KeyOps []string    `json:"key_ops"`
	}
	if err := json.Unmarshal(raw, &extra); err != nil {
		return nil, err
	}
	if !jwk.IsPublic() {
		// A private or symmetric key has no business in a published key
		// set; an "oct" key would make an HMAC of anyone's choosing.
		if _, sym := jwk.Key.([]byte); sym {
			return nil, errors.New("a symmetric key")
		}
		jwk = jwk.Public()
	}
	k := &sigKey{kid: jwk.KeyID, public: jwk.Key, alg: jwk.Algorithm, use: jwk.Use, ops: extra.KeyOps}
	k.exp, k.nbf = unixSeconds(extra.Exp), unixSeconds(extra.Nbf)
	if len(jwk.Certificates) > 0 {
		k.notBefore, k.notAfter = jwk.Certificates[0].NotBefore, jwk.Certificates[0].NotAfter
	}
	return k, nil
}

// unixSeconds reads a NumericDate, whole or not; 0 when absent, 1 (long
// past) when unreadable. A
// fraction rounds up, so a key is never taken as valid for longer.
func unixSeconds(n json.Number) int64 {
	if n == "" {
		return 0
	}
	f, err := n.Float64()
	if err != nil || f <= 0 {
		return 1 // unreadable or before 1970: long past
	}
	return int64(math.Ceil(min(f, math.MaxInt64/2)))
}
