package a2aclient

import (
	"math"
	"strings"
	"testing"
)

// The number table of RFC 8785 appendix B: IEEE 754 bits and the text
// ECMAScript prints for them.
func TestCanonicalNumbersRFC8785(t *testing.T) {
	cases := []struct {
		bits uint64
		want string
	}{
		{0x0000000000000000, "0"},
		{0x8000000000000000, "0"},
		{0x0000000000000001, "5e-324"},
		{0x8000000000000001, "-5e-324"},
		{0x7fefffffffffffff, "1.7976931348623157e+308"},
		{0xffefffffffffffff, "-1.7976931348623157e+308"},
		{0x4340000000000000, "9007199254740992"},
		{0xc340000000000000, "-9007199254740992"},
		{0x4430000000000000, "295147905179352830000"},
		{0x44b52d02c7e14af5, "9.999999999999997e+22"},
		{0x44b52d02c7e14af6, "1e+23"},
		{0x44b52d02c7e14af7, "1.0000000000000001e+23"},
		{0x444b1ae4d6e2ef4e, "999999999999999700000"},
		{0x444b1ae4d6e2ef4f, "999999999999999900000"},
		{0x444b1ae4d6e2ef50, "1e+21"},
		{0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"},
		{0x3eb0c6f7a0b5ed8d, "0.000001"},
		{0x41b3de4355555553, "333333333.3333332"},
		{0x41b3de4355555554, "333333333.33333325"},
		{0x41b3de4355555555, "333333333.3333333"},
		{0x41b3de4355555556, "333333333.3333334"},
		{0x41b3de4355555557, "333333333.33333343"},
		{0xbecbf647612f3696, "-0.0000033333333333333333"},
		{0x43143ff3c1cb0959, "1424953923781206.2"},
	}
	for _, c := range cases {
		if got := formatES(math.Float64frombits(c.bits)); got != c.want {
			t.Errorf("%#016x: got %s, want %s", c.bits, got, c.want)
		}
	}
}

// The worked example of RFC 8785 section 3.2.3 and the sorting example
// of section 3.2.3 (UTF-16 order, not code point order).
func TestCanonicalizeRFC8785Examples(t *testing.T) {
	in := `{
  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
}`
	want := `{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`
	got, err := Canonicalize([]byte(in))
	if err != nil || string(got) != want {
		t.Fatalf("got %s (%v)\nwant %s", got, err, want)
	}
	sorting := `{"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\ud83d\ude00":"Emoji: Grinning Face","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis"}`
	got, err = Canonicalize([]byte(sorting))
	if err != nil {
		t.Fatal(err)
	}
	order := []string{`"\r"`, `"1"`, "\"\u0080\"", "\"\u00f6\"", "\"\u20ac\"", "\"\U0001F600\"", "\"\ufb33\""}
	last := -1
	for _, k := range order {
		i := strings.Index(string(got), k+":")
		if i <= last {
			t.Fatalf("%s out of order in %s", k, got)
		}
		last = i
	}
}

// Texts a lenient reader would take, but that two readers could read as
// two different documents, are refused.
func TestCanonicalizeRefusesAmbiguousText(t *testing.T) {
	for name, in := range map[string]string{
		"duplicate member":    `{"name":"a","name":"b"}`,
		"lone high surrogate": `{"name":"\ud800x"}`,
		"lone low surrogate":  `{"name":"\udc00"}`,
		"invalid UTF-8":       "{\"name\":\"\xff\"}",
		"number too large":    `{"n":1e400}`,
		"leading zero":        `{"n":01}`,
		"raw control":         "{\"n\":\"a\x01\"}",
		"trailing text":       `{"n":1} x`,
		"too deep":            strings.Repeat("[", 1000) + strings.Repeat("]", 1000),
		"unknown escape":      `{"n":"\q"}`,
	} {
		if out, err := Canonicalize([]byte(in)); err == nil {
			t.Errorf("%s: accepted as %s", name, out)
		}
	}
}

// Layout, key order, escapes and number spellings do not change the
// canonical form; any change of a value does.
func TestCanonicalFormIgnoresOnlySpelling(t *testing.T) {
	base := `{"a":10,"b":"Ab","c":[1,2]}`
	same := []string{
		"{ \"c\" : [ 1 , 2 ] ,\n\"b\":\"\\u0041b\", \"a\": 1e1 }",
		`{"b":"A\u0062","a":10.0,"c":[1.0,2E0]}`,
	}
	different := []string{
		`{"a":10.5,"b":"Ab","c":[1,2]}`,
		`{"a":10,"b":"\u0041B","c":[1,2]}`,
		`{"a":10,"b":"Ab","c":[2,1]}`,
		`{"a":"10","b":"Ab","c":[1,2]}`,
	}
	want, err := Canonicalize([]byte(base))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range same {
		got, err := Canonicalize([]byte(s))
		if err != nil || string(got) != string(want) {
			t.Errorf("%s: got %s (%v), want %s", s, got, err, want)
		}
	}
	for _, s := range different {
		got, _ := Canonicalize([]byte(s))
		if string(got) == string(want) {
			t.Errorf("%s: canonical form equals the original's", s)
		}
	}
}
