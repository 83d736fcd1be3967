package a2aclient

import (
	"bytes"
	"net/http"
	"strings"
	"sync"
)

// Redacting a secret's header or parameter name is not enough for a wire
// log that shows bodies: an agent may quote the credential it was sent in
// its reply (an error "invalid token abc…"), and a push config's body
// carries the token parley made for the task, which the agent echoes back.
// So the transport remembers the credential values it has put on requests
// and the log replaces them wherever they appear, and a body's "token" and
// "credentials" members (a push config's secrets) read REDACTED whatever
// their value, so a config set by an earlier run is hidden too.

// minSecretPiece is the shortest value replaced in bodies: shorter pieces
// ("Bearer", "sid") are words, and replacing them would garble the text.
const minSecretPiece = 6

// maxSecretValues bounds the values kept; refreshed OAuth tokens replace
// the oldest.
const maxSecretValues = 64

type secretValues struct {
	mu   sync.Mutex
	vals []string
}

// learn remembers v and its secret parts: the credential after a scheme
// ("Bearer X" → X) and cookie values ("sid=X; k=Y" → X, Y), but not the
// scheme or cookie names, which are words a body may well hold.
func (s *secretValues) learn(v string) {
	var pieces []string
	if _, rest, ok := strings.Cut(v, " "); ok {
		pieces = append(pieces, strings.TrimSpace(rest))
	}
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ';' || r == ',' }) {
		if _, after, ok := strings.Cut(f, "="); ok {
			pieces = append(pieces, strings.TrimSpace(after))
		}
	}
	if len(pieces) == 0 {
		pieces = []string{v} // an API key: the whole value
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range pieces {
		if len(p) < minSecretPiece || containsFold(s.vals, p) {
			continue
		}
		s.vals = append(s.vals, p)
		if len(s.vals) > maxSecretValues {
			s.vals = s.vals[1:]
		}
	}
}

func (s *secretValues) list() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.vals...)
}

// learnRequest remembers the credential values on a decorated request:
// headers and query parameters that carry secrets, and a URL's password.
func (s *secretValues) learnRequest(hreq *http.Request, creds, query []string) {
	for k, vs := range hreq.Header {
		if isSecretName(k) || containsFold(creds, k) {
			for _, v := range vs {
				s.learn(v)
			}
		}
	}
	for k, vs := range hreq.URL.Query() {
		if isSecretName(k) || containsFold(query, k) {
			for _, v := range vs {
				s.learn(v)
			}
		}
	}
	if p, ok := hreq.URL.User.Password(); ok {
		s.learn(p)
	}
}

// scrub replaces every known secret value in b, returning b itself when
// none is there (an event's body is the stream's buffer: it is copied
// only when it must change).
func scrub(b []byte, vals []string) []byte {
	for _, v := range vals {
		if bytes.Contains(b, []byte(v)) {
			b = bytes.ReplaceAll(b, []byte(v), []byte("REDACTED"))
		}
	}
	return b
}

func scrubString(s string, vals []string) string {
	for _, v := range vals {
		s = strings.ReplaceAll(s, v, "REDACTED")
	}
	return s
}

// redactSecretMembers replaces the string value of every "token" and
// "credentials" member of a JSON body with REDACTED, keeping the rest of
// the bytes as they were.
func redactSecretMembers(b []byte) []byte {
	if !bytes.Contains(b, []byte(`"token"`)) && !bytes.Contains(b, []byte(`"credentials"`)) {
		return b
	}
	var out []byte
	rest := b
	for {
		i := indexSecretMember(rest)
		if i < 0 {
			break
		}
		// rest[i:] starts the value's opening quote; find its end.
		j := i + 1
		for j < len(rest) && rest[j] != '"' {
			if rest[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(rest) {
			break
		}
		out = append(out, rest[:i+1]...)
		out = append(out, "REDACTED"...)
		rest = rest[j:]
	}
	if out == nil {
		return b
	}
	return append(out, rest...)
}

// indexSecretMember finds the opening quote of the next string value of a
// "token" or "credentials" member in b, or -1.
func indexSecretMember(b []byte) int {
	best := -1
	for _, name := range []string{`"token"`, `"credentials"`} {
		from := 0
		for {
			k := bytes.Index(b[from:], []byte(name))
			if k < 0 {
				break
			}
			p := from + k + len(name)
			p += len(b[p:]) - len(bytes.TrimLeft(b[p:], " \t\r\n"))
			if p < len(b) && b[p] == ':' {
				p++
				p += len(b[p:]) - len(bytes.TrimLeft(b[p:], " \t\r\n"))
				if p < len(b) && b[p] == '"' {
					if best < 0 || p < best {
						best = p
					}
					break
				}
			}
			from = p
		}
	}
	return best
}

// scrubHeader replaces known secret values in every header value (an
// agent's header may echo one too); h is already a copy.
func scrubHeader(h http.Header, vals []string) {
	for k, vs := range h {
		for i, v := range vs {
			vs[i] = scrubString(v, vals)
		}
		h[k] = vs
	}
}
