package jsonout

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// Up to MaxIndentDepth the indenter writes what json.Indent writes.
func TestIndentJSONMatchesEncodingJSON(t *testing.T) {
	for _, src := range []string{
		`{"a":1,"b":[1,2,{"c":"x,y:{[\"]}"}],"d":{},"e":[],"f":null}`,
		`[]`, `"s"`, `[[[]],{"a":{"b":{}}}]`, `{"k\\":"v\\\\"}`,
	} {
		var want bytes.Buffer
		if err := json.Indent(&want, []byte(src), "  ", "\t"); err != nil {
			t.Fatal(err)
		}
		if got := IndentedJSON([]byte(src), "  ", "\t"); got != want.String() {
			t.Errorf("%s:\ngot  %q\nwant %q", src, got, want.String())
		}
	}
}

// Data nested 9,000 deep shows in output proportional to its size, and
// reads back as the same value. json.MarshalIndent wrote each line
// indented as deep as it was: 9,000 levels came to hundreds of
// megabytes.
func TestIndentJSONDeepDataStaysProportional(t *testing.T) {
	const pairs = 4500 // an object and an array each: 9,000 levels
	src := []byte(strings.Repeat(`{"k":[`, pairs) + "1" + strings.Repeat(`]}`, pairs))
	got := IndentedJSON(src, "    ", "  ")
	if len(got) > 2*len(src)+MaxIndentDepth*MaxIndentDepth*8 {
		t.Errorf("%d bytes of data indented to %d bytes", len(src), len(got))
	}
	if !json.Valid([]byte(got)) {
		t.Fatal("not JSON")
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, []byte(got)); err != nil || compact.String() != string(src) {
		t.Errorf("the data changed: %v", err)
	}
	lines := strings.Split(got, "\n")
	if n := len(lines); n > 2*MaxIndentDepth+2 {
		t.Errorf("%d lines, want the deep part on one", n)
	}
}
