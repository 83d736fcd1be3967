package a2aclient

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/parley-a2a/parley/internal/backslash"
)

// fastReader reads a strict subset of JSON in one pass: objects whose
// keys the caller knows, arrays, strings, true and false. It exists for
// the few event shapes that make up nearly all of a long stream (see
// fastevents.go), which encoding/json would scan again at each step of
// the way (the envelope, the kind sniffing, the lenient decoders).
//
// Anything outside the subset — an unknown or repeated key, a number, a
// null, an escape it does not handle, invalid UTF-8, trailing bytes —
// makes the reader give up (bad), and the caller decodes the event the
// general way. So the fast path never decides what an odd event means;
// it only recognizes plain ones.
type fastReader struct {
	b   []byte
	i   int
	bad bool
	buf []byte // scratch for unescaping
	// text is where the last text part's string was: from its opening
	// quote to just after its closing one (fasttemplate.go).
	text [2]int
}

func (r *fastReader) fail() {
	r.bad = true
	r.i = len(r.b)
}

func (r *fastReader) space() { r.i = skipSpace(r.b, r.i) }

// skipSpace is where the JSON white space from i on ends; the
// canonicalizer (jcs.go) reads with it too.
func skipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// next consumes c if it is the next byte after spaces.
func (r *fastReader) next(c byte) bool {
	if r.i < len(r.b) && r.b[r.i] == c {
		r.i++ // no spaces: the usual case, tried first
		return true
	}
	r.space()
	if r.i < len(r.b) && r.b[r.i] == c {
		r.i++
		return true
	}
	return false
}

// end checks that nothing but spaces follows the value.
func (r *fastReader) end() {
	r.space()
	if r.i != len(r.b) {
		r.fail()
	}
}

// object reads an object, calling field with each key; field must read
// the member's value (or fail). Keys with escapes are not handled.
func (r *fastReader) object(field func(key []byte)) {
	if !r.next('{') {
		r.fail()
		return
	}
	if r.next('}') {
		return
	}
	for !r.bad {
		key := r.key()
		if r.bad || !r.next(':') {
			r.fail()
			return
		}
		field(key)
		if r.next(',') {
			continue
		}
		if !r.next('}') {
			r.fail()
		}
		return
	}
}

// array reads an array, calling elem with the reader at each element.
func (r *fastReader) array(elem func()) {
	if !r.next('[') {
		r.fail()
		return
	}
	if r.next(']') {
		return
	}
	for !r.bad {
		elem()
		if r.next(',') {
			continue
		}
		if !r.next(']') {
			r.fail()
		}
		return
	}
}

// key reads an object key up to its closing quote. It does not look for
// escapes or odd bytes: the callers know only plain ASCII keys, and a key
// with anything else in it (`"ki\u006ed"`, say) matches none of them and
// fails there.
func (r *fastReader) key() []byte {
	if !r.next('"') {
		r.fail()
		return nil
	}
	start := r.i
	for j := start; j < len(r.b); j++ {
		if r.b[j] == '"' {
			r.i = j + 1
			return r.b[start:j]
		}
	}
	r.fail()
	return nil
}

// boolean reads true or false.
func (r *fastReader) boolean() bool {
	r.space()
	rest := r.b[r.i:]
	switch {
	case len(rest) >= 4 && string(rest[:4]) == "true":
		r.i += 4
		return true
	case len(rest) >= 5 && string(rest[:5]) == "false":
		r.i += 5
		return false
	}
	r.fail()
	return false
}

// str reads a string. When its bytes equal *last, *last is returned and
// nothing is allocated: ids repeat in every event of a stream.
func (r *fastReader) str(last *string) string {
	if !r.next('"') {
		r.fail()
		return ""
	}
	start := r.i
	if last != nil && r.repeats(*last) {
		return *last
	}
	j, high := plainRun(r.b, start)
	if j >= len(r.b) {
		r.fail()
		return ""
	}
	switch r.b[j] {
	case '"':
	case '\\':
		return r.escaped(start, j)
	default: // a control character
		r.fail()
		return ""
	}
	raw := r.b[start:j]
	if high && !utf8.Valid(raw) {
		r.fail()
		return ""
	}
	r.i = j + 1
	if last != nil {
		if string(raw) != *last {
			*last = string(raw)
		}
		return *last
	}
	return string(raw)
}

// repeats consumes the rest of a string, just after its opening quote,
// when it is the plain string last again: last holds no quote, backslash
// or control byte and is valid UTF-8 (str keeps only such strings), so
// its bytes and a closing quote are the whole string.
func (r *fastReader) repeats(last string) bool {
	end := r.i + len(last)
	if last == "" || end >= len(r.b) || r.b[end] != '"' || string(r.b[r.i:end]) != last {
		return false
	}
	r.i = end + 1
	return true
}

// escaped reads the rest of a string that has escapes: start is just
// after the opening quote, j at the first backslash. It unescapes as
// encoding/json would, copying the plain runs between escapes whole.
// Lone surrogates, which encoding/json replaces, are left to it.
func (r *fastReader) escaped(start, j int) string {
	out := append(r.buf[:0], r.b[start:j]...)
	for j < len(r.b) {
		c := r.b[j]
		switch {
		case c == '"':
			r.i = j + 1
			r.buf = out
			if !utf8.Valid(out) {
				r.fail()
				return ""
			}
			return string(out)
		case c != '\\': // a control character
			r.fail()
			return ""
		case j+1 >= len(r.b):
			r.fail()
			return ""
		}
		switch e := r.b[j+1]; e {
		case '/':
			out = append(out, e)
		case 'u':
			rr, ok := hex4(r.b, j+2)
			if !ok {
				r.fail()
				return ""
			}
			j += 6
			if utf16.IsSurrogate(rr) {
				lo, ok := rune(0), false
				if j+1 < len(r.b) && r.b[j] == '\\' && r.b[j+1] == 'u' {
					lo, ok = hex4(r.b, j+2)
				}
				pair := utf16.DecodeRune(rr, lo)
				if !ok || pair == utf8.RuneError {
					r.fail()
					return ""
				}
				rr = pair
				j += 6
			}
			out = utf8.AppendRune(out, rr)
			j = r.copyRun(&out, j)
			continue
		default:
			d, ok := backslash.Decode(e)
			if !ok {
				r.fail()
				return ""
			}
			out = append(out, d)
		}
		j = r.copyRun(&out, j+2)
	}
	r.fail()
	return ""
}

// copyRun appends the plain bytes from j to out and returns where they
// end.
func (r *fastReader) copyRun(out *[]byte, j int) int {
	k, _ := plainRun(r.b, j)
	*out = append(*out, r.b[j:k]...)
	return k
}

// Masks for looking at eight bytes at once.
const (
	lowBits  = 0x0101010101010101
	highBits = 0x8080808080808080
)

// plainRun returns the index of the first quote, backslash or control
// character in b from i on (len(b) if none), and whether a byte of 0x80
// or more comes before it, in which case the run needs UTF-8 checking.
// It looks at eight bytes at a time: text is mostly plain bytes.
func plainRun(b []byte, i int) (int, bool) {
	var seen uint64
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		if m := special8(x); m != 0 {
			k := bits.TrailingZeros64(m) / 8
			seen |= x & (1<<(8*k) - 1)
			return i + k, seen&highBits != 0
		}
		seen |= x
	}
	for ; i < len(b); i++ {
		c := b[i]
		if c == '"' || c == '\\' || c < 0x20 {
			break
		}
		seen |= uint64(c)
	}
	return i, seen&highBits != 0
}

// special8 has the high bit set in the byte of x that is the first quote,
// backslash or byte under 0x20 (and maybe in later ones); it is zero when
// there is none. Each term is the classic has-zero-byte test: a byte
// borrows only from an earlier byte that matched, so the first match is
// exact and no match means no bit.
func special8(x uint64) uint64 {
	q := x ^ lowBits*'"'
	bs := x ^ lowBits*'\\'
	return ((q-lowBits)&^q | (bs-lowBits)&^bs | (x-lowBits*0x20)&^x) & highBits
}

func hex4(b []byte, at int) (rune, bool) {
	if at+4 > len(b) {
		return 0, false
	}
	var v rune
	for _, c := range b[at : at+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		v = v<<4 | rune(c)
	}
	return v, true
}

// once marks a key seen, failing on a repeated one: encoding/json keeps
// the last of repeated keys, which is the general path's business.
func (r *fastReader) once(seen *uint32, bit uint32) {
	if *seen&bit != 0 {
		r.fail()
	}
	*seen |= bit
}
