package store

import (
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/backslash"
	"github.com/parley-a2a/parley/internal/jsonout"
)

// decodeTextParts reads stored parts that are all text without metadata,
// exactly as encodeParts writes them: [{"kind":"text","text":"…"},…], no
// whitespace, keys in that order. ok is false for anything else (another
// kind, metadata, another key order, spaces, a malformed string), and the
// caller decodes it with encoding/json; where ok is true the parts are
// what encoding/json would have made of it.
//
// Opening a 10,000-item context spent a third of its CPU in
// json.Unmarshal of these small arrays: reflection, a validating scan
// and then a decoding one, and two copies of every text.
func decodeTextParts(s string) (parts []a2aclient.Part, ok bool) {
	const head = `{"kind":"text","text":"`
	if len(s) < 2 || s[0] != '[' {
		return nil, false
	}
	for i := 1; ; {
		if !strings.HasPrefix(s[i:], head) {
			return nil, false
		}
		i += len(head)
		text, n, ok := unquoteJSONBody(s[i:])
		if !ok {
			return nil, false
		}
		parts = append(parts, a2aclient.Part{Kind: a2aclient.PartText, Text: text})
		if i += n; i >= len(s) || s[i] != '}' {
			return nil, false
		}
		switch i++; {
		case i == len(s)-1 && s[i] == ']':
			return parts, true
		case i < len(s) && s[i] == ',':
			i++
		default:
			return nil, false
		}
	}
}

// unquoteJSONBody decodes the JSON string whose body starts s, up to its
// closing quote, as encoding/json does: escapes decoded, a lone or
// mismatched UTF-16 surrogate as U+FFFD, each byte of invalid UTF-8 as
// U+FFFD. n is how much of s it took, the closing quote included. ok is
// false where encoding/json would reject the string (a control byte, an
// unknown escape, no closing quote).
//
// A body with nothing to decode is returned as a substring of s, without
// a copy: the stored value is the row's own string and holds little else.
func unquoteJSONBody(s string) (text string, n int, ok bool) {
	i := jsonout.SkipPlain(s, 0)
	for i < len(s) {
		c := s[i]
		if c == '"' {
			return s[:i], i + 1, true
		}
		if c == '\\' || c < 0x20 {
			break
		}
		if c < utf8.RuneSelf {
			i = jsonout.SkipPlain(s, i+1)
			continue
		}
		if r, size := utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && size == 1 {
			break
		} else {
			i += size
		}
	}
	if i >= len(s) {
		return "", 0, false
	}
	return unquoteJSONEscaped(s, i)
}

// unquoteJSONEscaped goes on from i, the first byte that is not kept as
// it is, writing the decoded body; it follows encoding/json's
// unquoteBytes, and its scanner for what to reject.
func unquoteJSONEscaped(s string, i int) (text string, n int, ok bool) {
	var b strings.Builder
	// The next quote is the closing one unless a quote is escaped:
	// enough room for the common case in one allocation.
	if q := strings.IndexByte(s[i:], '"'); q >= 0 {
		b.Grow(i + q)
	}
	b.WriteString(s[:i])
	for i < len(s) {
		c := s[i]
		switch {
		case c == '"':
			return b.String(), i + 1, true
		case c < 0x20:
			return "", 0, false
		case c == '\\':
			if i+1 >= len(s) {
				return "", 0, false
			}
			switch e := s[i+1]; e {
			case '/':
				b.WriteByte(e)
			case 'u':
				r := hex4(s[i+2:])
				if r < 0 {
					return "", 0, false
				}
				i += 6
				if utf16.IsSurrogate(r) {
					// As encoding/json: a pair is taken whole; else the
					// first half alone is U+FFFD and what follows is
					// read on its own.
					if d := utf16.DecodeRune(r, escapedRune(s[i:])); d != unicode.ReplacementChar {
						r = d
						i += 6
					} else {
						r = unicode.ReplacementChar
					}
				}
				b.WriteRune(r)
				continue
			default:
				d, ok := backslash.Decode(e)
				if !ok {
					return "", 0, false
				}
				b.WriteByte(d)
			}
			i += 2
		case c < utf8.RuneSelf:
			j := jsonout.SkipPlain(s, i+1)
			b.WriteString(s[i:j])
			i = j
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b.WriteRune(unicode.ReplacementChar)
			} else {
				b.WriteString(s[i : i+size])
			}
			i += size
		}
	}
	return "", 0, false
}

// escapedRune is the rune of a \uXXXX escape at the start of s, or -1.
func escapedRune(s string) rune {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return -1
	}
	return hex4(s[2:])
}

// hex4 is the value of four hex digits at the start of s, or -1.
func hex4(s string) rune {
	if len(s) < 4 {
		return -1
	}
	var r rune
	for _, c := range []byte(s[:4]) {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}
