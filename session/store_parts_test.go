package session

import (
	"encoding/json"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// encodeParts writes the array by hand; it must write what json.Marshal
// of the parts' JSON forms writes, byte for byte.
func TestEncodePartsMatchesMarshal(t *testing.T) {
	parts := []a2aclient.Part{
		a2aclient.TextPart("plain"),
		a2aclient.TextPart(""),
		a2aclient.TextPart("<b>&</b> \"q\" \\ \n\t\x01 \u2028 caf\u00e9 \xff bad"),
		{Kind: a2aclient.PartText, Text: "with metadata", Metadata: map[string]any{"b": 1.5, "a": []any{"x", nil}}},
		{Kind: a2aclient.PartData, Data: map[string]any{"k": "<v>", "n": 2.0}},
		{Kind: a2aclient.PartData},
		{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "a.pdf", MimeType: "application/pdf", Bytes: []byte{0, 1, 2, 250}}},
		{Kind: a2aclient.PartFile, File: &a2aclient.File{URI: "https://example.com/x?a=1&b=2"}},
		{Kind: "unknown-kind", Text: "kept"},
	}
	for i := range parts {
		for _, ps := range [][]a2aclient.Part{parts[i : i+1], parts[:i+1]} {
			want, err := json.Marshal(partsToJSON(ps))
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
		}
	}
}
