package store

import (
	"database/sql"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
)

// rawTextParts are stored values written by hand: every escape JSON has,
// surrogates whole, lone, doubled and mismatched, raw invalid UTF-8, and
// near misses of the shape the fast decoder reads, which it must leave to
// encoding/json.
var rawTextParts = []string{
	`[{"kind":"text","text":""}]`,
	`[{"kind":"text","text":"a"},{"kind":"text","text":""},{"kind":"text","text":"b"}]`,
	`[{"kind":"text","text":"\"\\\/\b\f\n\r\t"}]`,
	`[{"kind":"text","text":"\u0000\u001f\u007f\u00e9\u4E16\uFFFD\ufeff"}]`,
	`[{"kind":"text","text":"\ud83d\ude00 pair"}]`,
	`[{"kind":"text","text":"\uD83D\uDE00 upper-case pair"}]`,
	`[{"kind":"text","text":"\ud83d lone high"}]`,
	`[{"kind":"text","text":"\ude00 lone low"}]`,
	`[{"kind":"text","text":"\ud83d\u0041 high then A"}]`,
	`[{"kind":"text","text":"\ud83d\ud83d\ude00 high, then a pair"}]`,
	`[{"kind":"text","text":"\ude00\ud83d low then high"}]`,
	`[{"kind":"text","text":"\ud83d\n high then short escape"}]`,
	`[{"kind":"text","text":"\ud83d\u12"}]`,
	`[{"kind":"text","text":"\ud83d"}]`,
	"[{\"kind\":\"text\",\"text\":\"raw \xff\xfe bytes, cut \xe2\x82, surrogate \xed\xa0\x80, overlong \xc0\xaf\"}]",
	"[{\"kind\":\"text\",\"text\":\"\xc3\"}]",
	"[{\"kind\":\"text\",\"text\":\"\xf4\x90\x80\x80 above U+10FFFF\"}]",
	"[{\"kind\":\"text\",\"text\":\"caf\u00e9 \U0001F600 \u2028 \x7f then \\n and \xff\"}]",
	"[{\"kind\":\"text\",\"text\":\"raw control \x01\"}]",
	"[{\"kind\":\"text\",\"text\":\"raw newline \n\"}]",
	`[{"kind":"text","text":"bad escape \'"}]`,
	`[{"kind":"text","text":"bad escape \x41"}]`,
	`[{"kind":"text","text":"short \u12"}]`,
	`[{"kind":"text","text":"not hex \u12g4"}]`,
	`[{"kind":"text","text":"unterminated`,
	`[{"kind":"text","text":"unterminated\"}]`,
	`[{"kind":"text","text":"ends in a backslash\`,
	`[{"kind":"text","text":"x"}`,
	`[{"kind":"text","text":"x"},]`,
	`[{"kind":"text","text":"x"}]]`,
	`[{"kind":"text","text":"x"}] `,
	` [{"kind":"text","text":"x"}]`,
	`[ {"kind":"text","text":"x"}]`,
	`[{"kind": "text","text":"x"}]`,
	`[{"text":"x","kind":"text"}]`,
	`[{"kind":"text"}]`,
	`[{"kind":"text","text":"x","metadata":{"a":1}}]`,
	`[{"kind":"text","text":"x","text":"y"}]`,
	`[{"kind":"text","text":"x"},{"kind":"data","data":{"b":1,"a":2}}]`,
	`[{"kind":"file","name":"a","bytes":"AAEC"}]`,
	`[{"Kind":"text","Text":"case"}]`,
	`[{"kind":"te\u0078t","text":"escaped kind"}]`,
	`[{"kind":"text","text":null}]`,
	`[{"kind":"text","text":1}]`,
	`[]`,
	`null`,
	`[`,
	`{}`,
}

// hostileTexts are texts an agent may send, for encodeParts to store.
var hostileTexts = append([]string{
	"\x1b]52;c;c2VjcmV0\x07 clipboard, \x1b[2J clear, \x9b31m C1 CSI",
	"\u202e right-to-left override \u200b zero width \ufeff BOM",
	"\xed\xb0\x80\xed\xa0\x80 encoded surrogates, \xf8\x88\x80\x80\x80 five bytes",
	`looks like an escape: \u0041 \ud83d \n`,
	`a closing "}] and a new part ,{"kind":"text","text":"`,
	"\U0010FFFF \U0001F468\u200d\U0001F469 max and ZWJ",
}, trickyTexts...)

// The fast decoder must read what encodeParts writes of text, and read
// everything it accepts as encoding/json does; what it turns down must
// reach encoding/json, errors included.
func TestDecodeTextPartsAgrees(t *testing.T) {
	for _, raw := range rawTextParts {
		checkTextPartsAgree(t, raw)
	}
	for _, s := range hostileTexts {
		for _, ps := range [][]a2aclient.Part{
			{a2aclient.TextPart(s)},
			{a2aclient.TextPart(s), a2aclient.TextPart(""), a2aclient.TextPart(s + "\n" + s)},
		} {
			raw := mustEncodeParts(t, ps)
			if _, ok := decodeTextParts(raw); !ok {
				t.Errorf("the fast decoder turned down what encodeParts wrote: %q", raw)
			}
			checkTextPartsAgree(t, raw)
			if utf8.ValidString(s) {
				got, err := decodeParts(nullString(raw))
				if err != nil || !reflect.DeepEqual(got, ps) {
					t.Errorf("%q read back as %#v, %v; want %#v", raw, got, err, ps)
				}
			}
		}
	}
}

// Values the fast decoder must leave alone: it would get them wrong or
// they are not its shape.
func TestDecodeTextPartsTurnsDown(t *testing.T) {
	for _, raw := range []string{
		`[]`, `null`, `[{"kind":"text","text":"x"}] `, `[{"text":"x","kind":"text"}]`,
		`[{"kind":"text","text":"x","metadata":{"a":1}}]`,
		`[{"kind":"text","text":"bad escape \'"}]`, "[{\"kind\":\"text\",\"text\":\"\x01\"}]",
		`[{"kind":"text","text":"x"},{"kind":"data","data":{"b":1,"a":2}}]`,
	} {
		if parts, ok := decodeTextParts(raw); ok {
			t.Errorf("the fast decoder read %q as %#v", raw, parts)
		}
	}
}

// What encoding/json makes of escapes, spelled out, so a change in both
// decoders at once would show.
func TestDecodeTextPartsEscapes(t *testing.T) {
	for raw, want := range map[string]string{
		`\ud83d\ude00`:       "\U0001F600",
		`\ud83d`:             "\ufffd",
		`\ud83dA`:            "\ufffdA",
		`\ud83d\u0041`:       "\ufffdA",
		`\ud83d\ud83d\ude00`: "\ufffd\U0001F600",
		`\ude00\ud83d`:       "\ufffd\ufffd",
		"\xff\xe2\x82!":      "\ufffd\ufffd\ufffd!",
		"\xed\xa0\x80":       "\ufffd\ufffd\ufffd",
		`\u00e9\/\"\\\b\f\t`: "\u00e9/\"\\\b\f\t",
	} {
		parts, ok := decodeTextParts(`[{"kind":"text","text":"` + raw + `"}]`)
		if !ok || len(parts) != 1 || parts[0].Text != want {
			t.Errorf("%q read as %#v, %v; want %q", raw, parts, ok, want)
		}
	}
}

// FuzzDecodeTextParts holds the fast decoder to encoding/json on any
// stored value, and on what encodeParts writes of any text.
func FuzzDecodeTextParts(f *testing.F) {
	for _, raw := range rawTextParts {
		f.Add(raw)
	}
	for _, s := range hostileTexts {
		f.Add(mustEncodeParts(f, []a2aclient.Part{a2aclient.TextPart(s)}))
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkTextPartsAgree(t, s)
		raw := mustEncodeParts(t, []a2aclient.Part{a2aclient.TextPart(s), a2aclient.TextPart(s)})
		if _, ok := decodeTextParts(raw); !ok {
			t.Errorf("the fast decoder turned down what encodeParts wrote: %q", raw)
		}
		checkTextPartsAgree(t, raw)
	})
}

// checkTextPartsAgree fails if the fast decoder accepts raw and reads it
// otherwise than encoding/json, or if decodeParts does.
func checkTextPartsAgree(t testing.TB, raw string) {
	t.Helper()
	slow, slowErr := decodePartsJSON(raw)
	if fast, ok := decodeTextParts(raw); ok {
		if slowErr != nil {
			t.Errorf("the fast decoder read %q, which encoding/json rejects (%v), as %#v", raw, slowErr, fast)
		} else if !reflect.DeepEqual(fast, slow) {
			t.Errorf("the fast decoder read %q as\n%#v\nencoding/json as\n%#v", raw, fast, slow)
		}
	}
	if raw == "" {
		return // no parts, not a value: decodeParts does not decode it
	}
	got, err := decodeParts(nullString(raw))
	if (err != nil) != (slowErr != nil) || err == nil && !reflect.DeepEqual(got, slow) {
		t.Errorf("decodeParts read %q as %#v, %v; encoding/json as %#v, %v", raw, got, err, slow, slowErr)
	}
}

func mustEncodeParts(t testing.TB, ps []a2aclient.Part) string {
	t.Helper()
	v, err := encodeParts(ps)
	if err != nil {
		t.Fatal(err)
	}
	return v.(string)
}

func nullString(s string) sql.NullString { return sql.NullString{String: s, Valid: true} }
