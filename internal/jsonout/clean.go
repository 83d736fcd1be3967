package jsonout

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/parley-a2a/parley/termsafe"
)

// Clean JSON is what `parley … --json` prints by default: every string,
// key or value, holds what termsafe.Clean leaves of the agent's text, so
// that `parley send … --json | jq -r .text` cannot hand the agent the
// terminal (an escape sequence decoded by jq is live again) nor spoof it
// with bidi overrides. --raw prints the agent's strings as sent, with
// DEL and the C1 controls escaped (AppendTerminalSafe).

// firstDirty returns the index of the first rune of s that termsafe.Clean
// would change (a control other than newline and tab, DEL, a C1 control,
// a bidi or invisible format character), or len(s). Plain ASCII is
// skipped eight bytes at a time.
func firstDirty(s string) int {
	for i := 0; i < len(s); {
		if i = skipPlain(s, i, escTerminal); i == len(s) {
			break
		}
		b := s[i]
		if b < utf8.RuneSelf {
			if b < 0x20 && b != '\n' && b != '\t' || b == 0x7f {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x80 && r <= 0x9f || termsafe.Invisible(r) {
			return i
		}
		i += size
	}
	return len(s)
}

// AppendCleanJSON appends b, JSON as encoding/json writes it, with every
// string literal whose value termsafe.Clean would change replaced by the
// cleaned value; the rest is copied byte for byte.
func AppendCleanJSON(dst, b []byte) []byte {
	for len(b) > 0 {
		i := indexQuote(b)
		if i < 0 {
			return append(dst, b...)
		}
		dst = append(dst, b[:i]...)
		b = b[i:]
		end := stringEnd(b)
		dst = appendCleanLiteral(dst, b[:end])
		b = b[end:]
	}
	return dst
}

func indexQuote(b []byte) int {
	for i, c := range b {
		if c == '"' {
			return i
		}
	}
	return -1
}

// stringEnd returns the index just past the string literal b starts with.
func stringEnd(b []byte) int {
	for j := 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(b)
}

// appendCleanLiteral appends lit, a quoted JSON string, cleaned. Only a
// literal with an escape or a byte outside printable ASCII can hold
// anything to clean, and only those are decoded.
func appendCleanLiteral(dst, lit []byte) []byte {
	suspect := false
	for _, c := range lit {
		if c == '\\' || c >= 0x7f {
			suspect = true
			break
		}
	}
	if !suspect {
		return append(dst, lit...)
	}
	var s string
	if err := json.Unmarshal(lit, &s); err != nil {
		return append(dst, lit...) // not from the encoder; nothing better to do
	}
	if firstDirty(s) == len(s) {
		return append(dst, lit...)
	}
	// A literal the encoder wrote with HTML escaping keeps it.
	html := bytes.Contains(lit, []byte(`\u003c`)) || bytes.Contains(lit, []byte(`\u003e`)) || bytes.Contains(lit, []byte(`\u0026`))
	return AppendString(dst, termsafe.Clean(s), html)
}
