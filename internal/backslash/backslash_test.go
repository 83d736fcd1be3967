package backslash

import (
	"encoding/json"
	"testing"
)

// TestRoundTrip checks the table against encoding/json, which reads every
// short escape, and that Encode and Decode are each other's inverse on
// the seven and only there.
func TestRoundTrip(t *testing.T) {
	n := 0
	for c := 0; c < 256; c++ {
		d, ok := Decode(byte(c))
		if !ok {
			continue
		}
		n++
		var got string
		if err := json.Unmarshal([]byte(`"\`+string(rune(c))+`"`), &got); err != nil || got != string(rune(d)) {
			t.Errorf(`\%c decodes to %q, encoding/json reads %q (%v)`, c, d, got, err)
		}
		if e := Encode(rune(d)); e != `\`+string(rune(c)) {
			t.Errorf("Encode(%q) = %q, want \\%c", d, e, c)
		}
	}
	if n != 7 {
		t.Errorf("%d short escapes, want the 7 JSON and TOML share", n)
	}
	for r := rune(-1); r < 0x3000; r++ {
		if e := Encode(r); e != "" {
			if d, ok := Decode(e[1]); !ok || rune(d) != r {
				t.Errorf("Encode(%q) = %q, which does not decode back", r, e)
			}
		}
	}
	if _, ok := Decode('/'); ok {
		t.Error(`\/ is JSON's alone; TOML has no such escape`)
	}
}
