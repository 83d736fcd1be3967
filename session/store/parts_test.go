package store

import (
	"database/sql"
	"encoding/json"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
)

// trickyTexts are strings whose JSON form has every kind of escape
// encoding/json writes: quotes, backslashes, the short and \u00XX control
// escapes, HTML characters, invalid UTF-8 (as \ufffd), U+2028 and U+2029,
// and multi-byte runes that need none.
var trickyTexts = []string{
	"",
	"plain",
	`"quoted" and \back\slashed\`,
	"\x00\x01\x07\b\f\n\r\t\x1b[31m\x1f\x7f",
	"<script>alert('x') && 1 > 0</script>",
	"caf\u00e9 \u4e16\u754c \U0001F600 \u00a0",
	"line\u2028separator\u2029paragraph",
	"bad \xff\xfe bytes, cut rune \xe2\x82 and \xed\xa0\x80 surrogate",
	"\xc3",
	"ends with a backslash \\",
}

// encodeParts writes the array by hand; it must write what json.Marshal
// of the parts' JSON forms writes, byte for byte.
func TestEncodePartsMatchesMarshal(t *testing.T) {
	parts := []a2aclient.Part{
		a2aclient.TextPart("plain"),
		a2aclient.TextPart(""),
		a2aclient.TextPart("<b>&</b> \"q\" \\ \n\t\x01 \u2028 caf\u00e9 \xff bad"),
		{Kind: a2aclient.PartText, Text: "with metadata", Metadata: map[string]any{"b": 1.5, "a": []any{"x", nil}}},
		{Kind: a2aclient.PartText, Text: "empty metadata", Metadata: map[string]any{}},
		{Kind: a2aclient.PartData, Data: map[string]any{"k": "<v>", "n": 2.0}},
		{Kind: a2aclient.PartData},
		{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "a.pdf", MimeType: "application/pdf", Bytes: []byte{0, 1, 2, 250}}},
		{Kind: a2aclient.PartFile, File: &a2aclient.File{URI: "https://example.com/x?a=1&b=2"}},
		{Kind: "unknown-kind", Text: "kept"},
	}
	for _, s := range trickyTexts {
		parts = append(parts, a2aclient.TextPart(s))
	}
	for i := range parts {
		for _, ps := range [][]a2aclient.Part{parts[i : i+1], parts[:i+1]} {
			checkEncodeParts(t, ps)
		}
	}
}

// FuzzEncodeParts holds the hand-written text parts to encoding/json on
// any text, alone and beside a part encoding/json writes.
func FuzzEncodeParts(f *testing.F) {
	for _, s := range trickyTexts {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkEncodeParts(t, []a2aclient.Part{a2aclient.TextPart(s)})
		checkEncodeParts(t, []a2aclient.Part{a2aclient.TextPart(s), {Kind: a2aclient.PartData, Data: map[string]any{"t": s}}, a2aclient.TextPart(s + s)})
	})
}

func checkEncodeParts(t *testing.T, ps []a2aclient.Part) {
	t.Helper()
	want, err := json.Marshal(jsonout.PartsToJSON(ps))
	if err != nil {
		t.Fatal(err)
	}
	got, err := encodeParts(ps)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("encodeParts wrote\n%s\nwant\n%s", got, want)
	}
	back, err := decodeParts(sql.NullString{String: got.(string), Valid: true})
	if err != nil || len(back) != len(ps) {
		t.Errorf("encodeParts wrote what decodeParts cannot read back: %v", err)
	}
}
