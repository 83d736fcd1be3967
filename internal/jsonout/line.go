package jsonout

import (
	"math/bits"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
)

// AppendEventLine appends the line `parley send --json` prints for a
// text artifact update — byte for byte what a json.Encoder without HTML
// escaping writes for EventToJSON(ev), newline included — and reports
// true. For any other event it appends nothing and reports false, and
// the caller encodes the event the general way.
//
// A streamed answer is thousands of such updates; encoding/json spent
// more on each (reflection, then re-scanning what PartJSON.MarshalJSON
// returned) than parley spent reading it off the wire.
func AppendEventLine(dst []byte, ev a2aclient.Event) ([]byte, bool) {
	u := fastUpdate(ev)
	if u == nil {
		return dst, false
	}
	return appendEventRest(appendEventPrefix(dst, u, 0), u, 0), true
}

// fastUpdate returns ev's artifact update if the event lines write it
// themselves: text parts only, no metadata (so no extras to write).
func fastUpdate(ev a2aclient.Event) *a2aclient.ArtifactUpdate {
	u := ev.Artifact
	if u == nil || ev.Task != nil || ev.Message != nil || ev.Status != nil || len(u.Metadata) > 0 || len(u.Artifact.Metadata) > 0 {
		return nil
	}
	for i := range u.Artifact.Parts {
		if !fastPart(&u.Artifact.Parts[i]) {
			return nil
		}
	}
	return u
}

// appendEventPrefix appends the line of u up to its first part: what
// depends only on the ids, the name and the description, the same for
// every chunk of one answer.
func appendEventPrefix(dst []byte, u *a2aclient.ArtifactUpdate, esc escapes) []byte {
	l := lineWriter{buf: append(dst, `{"type":"artifact-update"`...), esc: esc}
	l.omitEmpty(`,"taskId":`, u.TaskID)
	l.omitEmpty(`,"contextId":`, u.ContextID)
	l.lit(`,"artifact":`)
	l.artifactHead(&u.Artifact)
	return l.buf
}

// appendEventRest appends the rest of u's line after appendEventPrefix.
// Text parts only, no metadata (fastUpdate): no extras to write.
func appendEventRest(dst []byte, u *a2aclient.ArtifactUpdate, esc escapes) []byte {
	l := lineWriter{buf: dst, esc: esc}
	l.artifactTail(&u.Artifact)
	if u.Append {
		l.lit(`,"append":true`)
	}
	if u.LastChunk {
		l.lit(`,"lastChunk":true`)
	}
	l.lit("}\n")
	return l.buf
}

// escapes says what appendJSONBody escapes beyond what encoding/json
// always does.
type escapes uint8

const (
	// escHTML escapes < > & as \u003c \u003e \u0026, as json.Marshal does.
	escHTML escapes = 1 << iota
	// escTerminal escapes DEL and the C1 controls (U+0080–U+009F) as
	// \u007f and \u0080…\u009f: what the cli's escapeControls does to a
	// whole line, done while encoding, so that a line written in pieces
	// needs no second pass. The store keeps text as encoding/json writes
	// it, so this is never on by default.
	escTerminal
	// escClean writes each string as termsafe.Clean leaves it (see
	// jsonform_clean.go): what --json prints unless --raw is given.
	escClean
)

// AppendString quotes s as encoding/json does (Go 1.22 and later):
// short escapes for \b \f \n \r \t, \u00XX for other controls and, with
// html, for < > &; invalid UTF-8 as \ufffd; U+2028 and U+2029 escaped.
// The tests hold it to encoding/json's own output.
func AppendString(dst []byte, s string, html bool) []byte {
	var esc escapes
	if html {
		esc = escHTML
	}
	return append(appendJSONBody(append(dst, '"'), s, esc), '"')
}

// appendJSONBody appends s escaped as the inside of a JSON string.
//
// It skips eight plain bytes at a time: an answer is mostly ASCII words,
// and the result line passes the whole answer through here twice.
func appendJSONBody(dst []byte, s string, esc escapes) []byte {
	dst, dirty := appendJSONBodyClean(dst, s, esc)
	if dirty >= 0 {
		// s[:dirty] holds nothing termsafe.Clean changes, and Clean
		// carries nothing across it: the rest is cleaned on its own.
		dst, _ = appendJSONBodyClean(dst, termsafe.Clean(s[dirty:]), esc&^escClean)
	}
	return dst
}

// appendJSONBodyClean is appendJSONBody up to the first rune that, with
// escClean, termsafe.Clean would change: it appends s up to there and
// returns its index, or -1 once all of s is appended. Clean text, the
// usual case, costs no more than without escClean: only the bytes that
// stop the eight-byte skip are looked at.
func appendJSONBodyClean(dst []byte, s string, esc escapes) ([]byte, int) {
	const hex = "0123456789abcdef"
	html, term, clean := esc&escHTML != 0, esc&escTerminal != 0, esc&escClean != 0
	start := 0
	for i := 0; i < len(s); {
		if i = skipPlain(s, i, esc); i == len(s) {
			break
		}
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && (!html || b != '<' && b != '>' && b != '&') && (!term && !clean || b != 0x7f) {
				i++
				continue
			}
			if clean && (b < 0x20 && b != '\n' && b != '\t' || b == 0x7f) {
				return append(dst, s[start:i]...), i
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case clean && c != utf8.RuneError && (c <= 0x9f || termsafe.Invisible(c)):
			return append(dst, s[start:i]...), i
		case c == utf8.RuneError && size == 1:
			dst = append(append(dst, s[start:i]...), `\ufffd`...)
		case c == '\u2028' || c == '\u2029':
			dst = append(append(dst, s[start:i]...), '\\', 'u', '2', '0', '2', hex[c&0xF])
		case term && c <= 0x9f: // C1: c >= 0x80, as it did not fit in a byte
			dst = append(append(dst, s[start:i]...), '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(dst, s[start:]...), -1
}

// runeCut returns where to cut s near n (4 <= n < len(s)), at n or up to
// three bytes before it, so that appendJSONBody writes for s[:cut] and
// s[cut:] what it writes for s: a place decoding s rune by rune from its
// start comes to. A byte that is not a UTF-8 continuation byte is such a
// place (no rune takes it as its tail); if n and the three bytes before it
// are all continuation bytes, no rune's first byte is near enough for
// the rune to straddle n, which is then one.
func runeCut(s string, n int) int {
	for i := n; i > n-4; i-- {
		if utf8.RuneStart(s[i]) {
			return i
		}
	}
	return n
}

// skipPlain returns the index of the first byte from i on that may need
// escaping: a byte that is not ASCII, a control, a quote or a backslash
// (or, with escHTML, < > or &; with escTerminal, DEL). It looks at eight
// bytes at a time with word tricks ("has a byte below n", "has a zero
// byte"), which are exact once every byte is below 0x80.
func skipPlain(s string, i int, esc escapes) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	html, term := esc&escHTML != 0, esc&(escTerminal|escClean) != 0
	for ; i+8 <= len(s); i += 8 {
		w := s[i : i+8]
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		q := x ^ ones*'"'
		bs := x ^ ones*'\\'
		bad := x | (x - ones*0x20) | (q - ones) | (bs - ones)
		if html {
			lt, gt, amp := x^ones*'<', x^ones*'>', x^ones*'&'
			bad |= (lt - ones) | (gt - ones) | (amp - ones)
		}
		if term {
			bad |= (x ^ ones*0x7f) - ones
		}
		if bad &= highs; bad != 0 {
			// The lowest flagged byte is the first to look at: a borrow
			// can only flag bytes above one that really needs it.
			return i + bits.TrailingZeros64(bad)/8
		}
	}
	return i
}

// SkipPlain returns the index of the first byte of s from i on that a
// JSON string would escape: a byte that is not ASCII, a control, a quote
// or a backslash. Readers of JSON strings skip to it fast.
func SkipPlain(s string, i int) int { return skipPlain(s, i, 0) }
