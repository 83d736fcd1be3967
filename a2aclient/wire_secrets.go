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

// redactSecretMembers replaces the string value of every member named
// like a secret ("token", "api_key", "clientSecret", "password",
// "credentials": see secretMember) with REDACTED, keeping the rest of the
// bytes as they were. A value with no closing quote (a body cut short,
// or a hostile one) is redacted to the end: its first half is as secret
// as the whole. b is returned itself when nothing changes (an event's
// body is the stream's buffer: it is copied only when it must change).
func redactSecretMembers(b []byte) []byte {
	var out []byte
	copied := 0 // b[copied:] is not yet in out
	for from := 0; from < len(b); {
		c := bytes.IndexByte(b[from:], ':')
		if c < 0 {
			break
		}
		c += from
		from = c + 1
		// A member is "name" : "value", with any white space around
		// the colon. Looking out from each colon needs no JSON parse, so
		// no body, however broken, moves the scan off the members.
		k := c - 1
		for k >= 0 && isJSONSpace(b[k]) {
			k--
		}
		if k < 3 || b[k] != '"' || k < copied || !secretEnding(b[k-2], b[k-1]) {
			continue
		}
		v := c + 1
		for v < len(b) && isJSONSpace(b[v]) {
			v++
		}
		if v >= len(b) || b[v] != '"' {
			continue
		}
		open := bytes.LastIndexByte(b[:k], '"')
		if open < 0 || !secretMember(b[open+1:k]) {
			continue
		}
		end := v + 1
		for end < len(b) && b[end] != '"' {
			if b[end] == '\\' {
				end++
			}
			end++
		}
		out = append(out, b[copied:v+1]...)
		out = append(out, "REDACTED"...)
		if end >= len(b) {
			out = append(out, '"')
			copied = len(b)
			break
		}
		copied, from = end, end+1
	}
	if out == nil {
		return b
	}
	return append(out, b[copied:]...)
}

// secretEnding says whether a member name ending in a, c may be one
// secretMember takes: a cheap look at two bytes, so that the ids and
// texts of a long stream's events are passed over at once.
func secretEnding(a, c byte) bool {
	switch uint16(a|0x20)<<8 | uint16(c|0x20) {
	case 'e'<<8 | 'n', 'e'<<8 | 't', 'r'<<8 | 'd', 'w'<<8 | 'd', 's'<<8 | 'e', 'e'<<8 | 'y', 'a'<<8 | 'l', 'l'<<8 | 's':
		return true
	}
	return false
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// secretMember says whether a member name names a secret: with case,
// "_", "-" and "." set aside, it is authorization, holds "credential",
// or ends in token (not a page token, which is a cursor), secret,
// password, passwd, passphrase, or apikey, accesskey, secretkey,
// privatekey. A bare "key" or "session" is left: those name ids too.
func secretMember(name []byte) bool {
	if len(name) == 0 || len(name) > 64 {
		return false
	}
	var buf [64]byte
	n := 0
	for _, c := range name {
		switch {
		case c == '_' || c == '-' || c == '.':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		buf[n] = c
		n++
	}
	s := string(buf[:n]) // does not escape: no allocation
	if s == "authorization" || strings.Contains(s, "credential") {
		return true
	}
	if strings.HasSuffix(s, "token") {
		return !strings.HasSuffix(s, "pagetoken")
	}
	for _, suffix := range []string{"secret", "password", "passwd", "passphrase", "apikey", "accesskey", "secretkey", "privatekey"} {
		if strings.HasSuffix(s, suffix) {
			return true
		}
	}
	return false
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
