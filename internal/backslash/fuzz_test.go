package backslash

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// The hand-written JSON readers and writers that use this table (a2aclient's
// fast reader and canonical form, session's stored-text reader) must agree
// with encoding/json on every string, whatever bytes it holds: invalid
// UTF-8, raw control characters, lone or reversed UTF-16 surrogates.
// quote and unquote below are what they do, written with nothing but the
// table and JSON's own \/ and \uXXXX; encoding/json is the referee.

// quote spells s as a JSON string the way parley's writers do: the short
// escape where there is one, \u00xx for the other control characters,
// every other rune as it is (an invalid byte as U+FFFD, as
// encoding/json writes it).
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch e := Encode(r); {
		case e != "":
			b.WriteString(e)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// unquote reads the body of a JSON string literal as encoding/json
// does: an invalid byte and a lone surrogate read as U+FFFD, a raw
// control character or an unknown escape is an error.
func unquote(body string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '"' || c < 0x20:
			return "", false
		case c != '\\':
			r, n := utf8.DecodeRuneInString(body[i:])
			b.WriteRune(r)
			i += n
			continue
		}
		if i+1 >= len(body) {
			return "", false
		}
		e := body[i+1]
		i += 2
		if d, ok := Decode(e); ok {
			b.WriteByte(d)
			continue
		}
		switch e {
		case '/':
			b.WriteByte('/')
		case 'u':
			r, ok := hex4(body, i)
			if !ok {
				return "", false
			}
			i += 4
			if utf16.IsSurrogate(r) {
				if lo, ok := hex4(body, i+2); ok && strings.HasPrefix(body[i:], `\u`) {
					if d := utf16.DecodeRune(r, lo); d != utf8.RuneError {
						b.WriteRune(d)
						i += 6
						continue
					}
				}
				r = utf8.RuneError
			}
			b.WriteRune(r)
		default:
			return "", false
		}
	}
	return b.String(), true
}

func hex4(s string, at int) (rune, bool) {
	if at+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[at : at+4]) {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

var fuzzSeeds = []string{
	"", "plain", "a\"b\\c", "\b\f\n\r\t", "\x00\x01\x1f\x7f", "é✓😀",
	"\xff\xfe", "\xed\xa0\x80", "\xed\xb0\x80", "a\xc3", "\u2028\u2029",
	`\ud800`, `\udc00`, `\ud800\udc00`, `\udc00\ud800`, `\ud83d\ude00`,
	`\ud800\u0041`, `\ud800x`, `\/\u00e9\u000A`, `\b\f\n\r\t\"\\`, `\x`, `\u12`, `\`, `"`,
}

// FuzzQuoteAgreesWithEncodingJSON: what parley writes, encoding/json
// reads back as the string it would have written itself.
func FuzzQuoteAgreesWithEncodingJSON(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := quote(s)
		var got string
		if err := json.Unmarshal([]byte(q), &got); err != nil {
			t.Fatalf("encoding/json refuses %q, written for %q: %v", q, s, err)
		}
		ref, _ := json.Marshal(s)
		var want string
		if err := json.Unmarshal(ref, &want); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("%q written as %q reads back %q; encoding/json's own reads %q", s, q, got, want)
		}
		if back, ok := unquote(q[1 : len(q)-1]); !ok || back != want {
			t.Fatalf("%q does not read back: %q %v", q, back, ok)
		}
	})
}

// FuzzUnquoteAgreesWithEncodingJSON: a string literal's body of any
// bytes reads as encoding/json reads it, or is refused where it is.
func FuzzUnquoteAgreesWithEncodingJSON(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		var want string
		err := json.Unmarshal([]byte(`"`+body+`"`), &want)
		got, ok := unquote(body)
		if ok != (err == nil) {
			t.Fatalf("body %q: read %v (%q), encoding/json %v", body, ok, got, err)
		}
		if ok && got != want {
			t.Fatalf("body %q reads %q; encoding/json reads %q", body, got, want)
		}
	})
}
