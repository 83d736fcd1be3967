package a2aclient

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// The canonical form is what a card's signature covers: whatever text a
// server sends, the form parley computes must be JSON that reads as the
// same document (encoding/json is the referee), must be its own
// canonical form, and must be the same for every spelling of one card,
// so that the verifier checks the signature over what the card says and
// nothing else.

var jcsSeeds = []string{
	`{"name":"A","url":"http://127.0.0.1:9/","signatures":[{"protected":"x","signature":"y"}]}`,
	`{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001,-0,1e21,1e-7,9007199254740993]}`,
	`{"string":"\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/","literals":[null,true,false]}`,
	`{"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew","1":"One","\ud83d\ude00":"Smiley","\u0080":"Control","\u00f6":"Latin"}`,
	`{"a":{"b":[{},[],"",false,0,{"c":null}]},"skills":[]}`,
	`{"a":"\ud800"}`, `{"a":"\udc00\ud800"}`, `{"a":1,"a":2}`, "{\"a\":\"\xff\"}", `[1,2,{"x":"<&>\u2028"}]`,
	"\xef\xbb\xbf{\"bom\":1}", ` { "spaced" : [ 1 , 2 ] } `, `"just a string"`, `1e400`,
}

// FuzzCanonicalForm checks the canonical form of any text it accepts.
func FuzzCanonicalForm(f *testing.F) {
	for _, s := range jcsSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		c, err := Canonicalize(doc)
		if err != nil {
			return
		}
		// A byte order mark before the document is allowed (RFC 8259
		// section 8.1 lets a reader ignore one); encoding/json does not.
		doc = bytes.TrimPrefix(doc, []byte("\xef\xbb\xbf"))
		var orig, read any
		if err := json.Unmarshal(doc, &orig); err != nil {
			t.Fatalf("canonicalized %q, which encoding/json refuses: %v", doc, err)
		}
		if err := json.Unmarshal(c, &read); err != nil {
			t.Fatalf("the canonical form %q of %q is not JSON: %v", c, doc, err)
		}
		if !reflect.DeepEqual(orig, read) {
			t.Fatalf("%q canonicalized as %q, which reads as another document:\n%#v\n%#v", doc, c, orig, read)
		}
		if again, err := Canonicalize(c); err != nil || !bytes.Equal(again, c) {
			t.Fatalf("the canonical form %q is not its own (%q, %v)", c, again, err)
		}
		m, ok := orig.(map[string]any)
		if !ok {
			return
		}
		// What the verifier checks: the card less its signatures, exactly
		// and with defaults left out. Spelled again by encoding/json (its
		// own order, escapes and numbers), the card must give the same.
		exact, stripped, err := cardPayloads(doc)
		if err != nil {
			t.Fatalf("canonicalized %q, but the verifier cannot: %v", doc, err)
		}
		respelled, _ := json.Marshal(m)
		exact2, stripped2, err := cardPayloads(respelled)
		if err != nil || !bytes.Equal(exact, exact2) || !bytes.Equal(stripped, stripped2) {
			t.Fatalf("one card, two spellings, two payloads (%v):\n%q\n%q\n%q\n%q", err, exact, exact2, stripped, stripped2)
		}
		delete(m, "signatures")
		unsigned, _ := json.Marshal(m)
		if want, err := Canonicalize(unsigned); err != nil || !bytes.Equal(exact, want) {
			t.Fatalf("the payload %q is not the canonical card less its signatures %q (%v)", exact, want, err)
		}
		if bytes.Contains(exact, []byte(`"signatures"`)) && !strings.Contains(string(unsigned), `"signatures"`) {
			t.Fatalf("the payload keeps the signatures: %q", exact)
		}
	})
}

// FuzzCanonicalStrings: a string of any bytes, as encoding/json writes
// it, reads in the canonical form's parser as encoding/json reads it; and
// the canonical form's writer spells it so that encoding/json reads it
// back. A literal written by hand (lone surrogates, raw control
// characters, invalid UTF-8) is read alike or refused, never read as
// something else.
func FuzzCanonicalStrings(f *testing.F) {
	for _, s := range []string{"", "a\"b\\c/", "\b\f\n\r\t\x00\x1f\x7f", "é✓😀\u2028", "\xff", "\xed\xa0\x80",
		`\ud800`, `\udc00\ud800`, `\ud83d\ude00`, `\ud800\u0041`, `\u00e9\/`, `\x`, `\u12`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lit, _ := json.Marshal(s)
		var want string
		if err := json.Unmarshal(lit, &want); err != nil {
			t.Fatal(err)
		}
		p := &jcsParser{in: lit}
		if got, err := p.str(); err != nil || got != want {
			t.Fatalf("%q (for %q) reads %q, %v; encoding/json reads %q", lit, s, got, err, want)
		}
		var b bytes.Buffer
		writeJCSString(&b, want)
		var back string
		if err := json.Unmarshal(b.Bytes(), &back); err != nil || back != want {
			t.Fatalf("%q written as %q reads back %q, %v", want, b.Bytes(), back, err)
		}
		// s itself as a literal's body, written by hand.
		raw := []byte(`"` + s + `"`)
		var ref string
		refErr := json.Unmarshal(raw, &ref)
		c, err := Canonicalize(raw)
		if err != nil {
			if refErr == nil && utf8.ValidString(s) && !strings.ContainsRune(ref, utf8.RuneError) {
				t.Fatalf("%q, which encoding/json reads as %q, is refused: %v", raw, ref, err)
			}
			return
		}
		var got string
		if refErr != nil || json.Unmarshal(c, &got) != nil || got != ref {
			t.Fatalf("%q reads as %q in canonical form %q; encoding/json reads %q (%v)", raw, got, c, ref, refErr)
		}
	})
}

// FuzzCompareUTF16: the member order is RFC 8785's, the order of the
// names' UTF-16 code units, which differs from the order of code points
// where a name above U+FFFF meets one in U+E000 to U+FFFF.
func FuzzCompareUTF16(f *testing.F) {
	for _, pair := range [][2]string{{"", ""}, {"a", ""}, {"a", "b"}, {"ab", "a"}, {"\uffff", "😀"}, {"\ue000", "\U00010000"},
		{"😀", "😁"}, {"x😀", "x\uff61"}, {"\xff", "\ufffd"}, {"\xffa", "\ufffdb"}, {"é", "e\u0301"}, {"\U0010ffff", "\U00010000"}} {
		f.Add(pair[0], pair[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		want := slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
		if got := compareUTF16(a, b); got != want {
			t.Fatalf("compareUTF16(%q, %q) = %d, by UTF-16 code units %d", a, b, got, want)
		}
	})
}
