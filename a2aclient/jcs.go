package a2aclient

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/parley-a2a/parley/internal/backslash"
)

// Canonicalize writes a JSON document in the JSON Canonicalization Scheme
// of RFC 8785: no whitespace, object members sorted by their names' UTF-16
// code units, numbers as ECMAScript prints them, strings with the fewest
// escapes. A signed agent card is signed over this form, so two servings
// of one card that differ only in layout, key order, escapes or the
// spelling of a number verify alike, and any change of a value does not.
//
// It is strict where a lenient reader would let two parties see two
// different documents in one text (the I-JSON rules of RFC 7493 that
// RFC 8785 assumes): duplicate member names, invalid UTF-8, lone UTF-16
// surrogates and numbers a double cannot hold are errors, not guesses.
func Canonicalize(doc []byte) ([]byte, error) {
	p := &jcsParser{in: doc}
	v, err := p.document()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := writeJCS(&b, v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// jcsMember is one object member, in the order read.
type jcsMember struct {
	name  string
	value any
}

// jcsNumber is a number as a double, the only kind RFC 8785 knows.
type jcsNumber float64

// jcsMaxDepth bounds nesting, so a hostile document of a million "["
// cannot exhaust the stack.
const jcsMaxDepth = 200

type jcsParser struct {
	in    []byte
	pos   int
	depth int
}

func (p *jcsParser) fail(format string, args ...any) error {
	return fmt.Errorf("not canonical JSON at byte %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *jcsParser) document() (any, error) {
	if !utf8.Valid(p.in) {
		return nil, errors.New("not canonical JSON: the text is not valid UTF-8")
	}
	p.in = bytes.TrimPrefix(p.in, []byte("\xef\xbb\xbf"))
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos != len(p.in) {
		return nil, p.fail("text after the end of the document")
	}
	return v, nil
}

func (p *jcsParser) space() { p.pos = skipSpace(p.in, p.pos) }

func (p *jcsParser) value() (any, error) {
	p.space()
	if p.pos >= len(p.in) {
		return nil, p.fail("unexpected end")
	}
	switch c := p.in[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		return p.str()
	case c == 't':
		return true, p.literal("true")
	case c == 'f':
		return false, p.literal("false")
	case c == 'n':
		return nil, p.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	return nil, p.fail("unexpected %q", p.in[p.pos])
}

func (p *jcsParser) literal(word string) error {
	if !bytes.HasPrefix(p.in[p.pos:], []byte(word)) {
		return p.fail("expected %s", word)
	}
	p.pos += len(word)
	return nil
}

func (p *jcsParser) enter() error {
	p.depth++
	if p.depth > jcsMaxDepth {
		return p.fail("nested deeper than %d", jcsMaxDepth)
	}
	return nil
}

func (p *jcsParser) object() (any, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	var out []jcsMember
	seen := map[string]bool{}
	if p.empty('}') {
		return out, nil
	}
	for {
		p.space()
		if p.pos >= len(p.in) || p.in[p.pos] != '"' {
			return nil, p.fail("expected a member name")
		}
		name, err := p.str()
		if err != nil {
			return nil, err
		}
		if seen[name] {
			// Readers disagree on which of two values wins; a signature
			// over one must not vouch for the other.
			return nil, p.fail("the member %q appears twice", truncate(name, 40))
		}
		seen[name] = true
		p.space()
		if p.pos >= len(p.in) || p.in[p.pos] != ':' {
			return nil, p.fail("expected ':'")
		}
		p.pos++
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		out = append(out, jcsMember{name, v})
		if more, err := p.more('}', "an object"); !more {
			return out, err
		}
	}
}

func (p *jcsParser) array() (any, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	out := []any{}
	if p.empty(']') {
		return out, nil
	}
	for {
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		if more, err := p.more(']', "an array"); !more {
			return out, err
		}
	}
}

// empty steps over an object's or array's opening bracket and says
// whether close follows at once (and steps over it too).
func (p *jcsParser) empty(close byte) bool {
	p.pos++
	p.space()
	if p.pos < len(p.in) && p.in[p.pos] == close {
		p.pos++
		return true
	}
	return false
}

// more reads what follows a member or an element of what (an object, an
// array): a comma, so more follow, or close, the end.
func (p *jcsParser) more(close byte, what string) (bool, error) {
	p.space()
	if p.pos >= len(p.in) {
		return false, p.fail("unexpected end in %s", what)
	}
	switch p.in[p.pos] {
	case ',':
		p.pos++
		return true, nil
	case close:
		p.pos++
		return false, nil
	}
	return false, p.fail("expected ',' or '%c'", close)
}

// str reads a string, refusing raw control characters and lone
// surrogates (which a lenient reader turns into U+FFFD, so that two
// different texts would read alike).
func (p *jcsParser) str() (string, error) {
	p.pos++ // "
	var b strings.Builder
	for {
		if p.pos >= len(p.in) {
			return "", p.fail("unterminated string")
		}
		c := p.in[p.pos]
		switch {
		case c == '"':
			p.pos++
			return b.String(), nil
		case c < 0x20:
			return "", p.fail("a control character in a string")
		case c != '\\':
			r, n := utf8.DecodeRune(p.in[p.pos:])
			b.WriteRune(r)
			p.pos += n
			continue
		}
		p.pos++ // backslash
		if p.pos >= len(p.in) {
			return "", p.fail("unterminated escape")
		}
		e := p.in[p.pos]
		p.pos++
		switch e {
		case '/':
			b.WriteByte(e)
		case 'u':
			r, err := p.hex4()
			if err != nil {
				return "", err
			}
			if utf16.IsSurrogate(r) {
				if r >= 0xdc00 || !bytes.HasPrefix(p.in[p.pos:], []byte(`\u`)) {
					return "", p.fail("a lone UTF-16 surrogate")
				}
				p.pos += 2
				lo, err := p.hex4()
				if err != nil {
					return "", err
				}
				r = utf16.DecodeRune(r, lo)
				if r == utf8.RuneError {
					return "", p.fail("a lone UTF-16 surrogate")
				}
			}
			b.WriteRune(r)
		default:
			d, ok := backslash.Decode(e)
			if !ok {
				return "", p.fail("unknown escape \\%c", e)
			}
			b.WriteByte(d)
		}
	}
}

func (p *jcsParser) hex4() (rune, error) {
	if p.pos+4 > len(p.in) {
		return 0, p.fail("short \\u escape")
	}
	n, err := strconv.ParseUint(string(p.in[p.pos:p.pos+4]), 16, 32)
	if err != nil {
		return 0, p.fail("bad \\u escape")
	}
	p.pos += 4
	return rune(n), nil
}

func (p *jcsParser) number() (any, error) {
	start := p.pos
	if p.in[p.pos] == '-' {
		p.pos++
	}
	digits := func() int {
		n := 0
		for p.pos < len(p.in) && p.in[p.pos] >= '0' && p.in[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	intStart := p.pos
	if digits() == 0 {
		return nil, p.fail("a number without digits")
	}
	if p.in[intStart] == '0' && p.pos-intStart > 1 {
		return nil, p.fail("a number with a leading zero")
	}
	if p.pos < len(p.in) && p.in[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return nil, p.fail("a number with no digits after '.'")
		}
	}
	if p.pos < len(p.in) && (p.in[p.pos] == 'e' || p.in[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.in) && (p.in[p.pos] == '+' || p.in[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return nil, p.fail("a number with an empty exponent")
		}
	}
	f, err := strconv.ParseFloat(string(p.in[start:p.pos]), 64)
	if err != nil || math.IsInf(f, 0) {
		return nil, p.fail("a number out of a double's range")
	}
	return jcsNumber(f), nil
}

func writeJCS(b *bytes.Buffer, v any) error {
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case jcsNumber:
		b.WriteString(formatES(float64(v)))
	case string:
		writeJCSString(b, v)
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeJCS(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case []jcsMember:
		members := slices.Clone(v)
		slices.SortFunc(members, func(x, y jcsMember) int { return compareUTF16(x.name, y.name) })
		b.WriteByte('{')
		for i, m := range members {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJCSString(b, m.name)
			b.WriteByte(':')
			if err := writeJCS(b, m.value); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	default:
		return fmt.Errorf("canonical JSON: unexpected %T", v)
	}
	return nil
}

// compareUTF16 orders strings by their UTF-16 code units, as RFC 8785
// sorts member names (not by code points: they differ above U+FFFF).
// Up to the first rune that differs the two encodings are the same, so
// only that pair is encoded, with no copy of either string: a hostile
// card of tens of thousands of members is sorted three times (as served,
// and the verifier's two payloads), so a comparison must not cost the
// length of both names.
func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			ha, la := utf16.EncodeRune(ra)
			hb, lb := utf16.EncodeRune(rb)
			if ha == utf8.RuneError && la == utf8.RuneError {
				ha = ra // a rune of the BMP: one unit
			}
			if hb == utf8.RuneError && lb == utf8.RuneError {
				hb = rb
			}
			if c := cmp.Compare(ha, hb); c != 0 {
				return c
			}
			return cmp.Compare(la, lb)
		}
		a, b = a[na:], b[nb:]
	}
	return cmp.Compare(len(a), len(b))
}

// writeJCSString escapes only what JSON requires, with the short forms
// where there are some and lower-case \u00xx otherwise.
func writeJCSString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch e := backslash.Encode(r); {
		case e != "":
			b.WriteString(e)
		case r < 0x20:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// formatES prints a double as ECMAScript's Number.prototype.toString
// does (RFC 8785 section 3.2.2.3): the shortest digits that read back as
// the same double, in plain notation from 1e-6 up to 1e21 and in
// exponent notation outside.
func formatES(f float64) string {
	if f == 0 {
		return "0" // -0 too
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	// d.ddddde±x: the shortest round-tripping digits and the exponent.
	s := strconv.FormatFloat(f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	digits := strings.Replace(mant, ".", "", 1)
	e, _ := strconv.Atoi(exp)
	k, n := len(digits), e+1 // digits, and where the point goes
	var out string
	switch {
	case k <= n && n <= 21:
		out = digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		out = digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		out = "0." + strings.Repeat("0", -n) + digits
	default:
		x := n - 1
		es := "+"
		if x < 0 {
			es, x = "-", -x
		}
		out = digits[:1]
		if k > 1 {
			out += "." + digits[1:]
		}
		out += "e" + es + strconv.Itoa(x)
	}
	return sign + out
}
