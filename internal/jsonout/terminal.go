package jsonout

import (
	"fmt"
	"unicode/utf8"
)

// AppendTerminalSafe appends b, JSON from encoding/json, with DEL and the
// C1 controls written as \u escapes: rune by rune, an invalid byte copied
// as it is. A terminal shown such JSON sees no control it would act on
// (encoding/json escapes the C0 controls itself). The cli writes every
// general --json line through it; a terminal-safe result line uses it for
// the few pieces encoding/json wrote (files, data, metadata).
func AppendTerminalSafe(dst, b []byte) []byte {
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == 0x7f || r >= 0x80 && r <= 0x9f {
			dst = fmt.Appendf(dst, `\u%04x`, r)
		} else {
			dst = append(dst, b[:size]...)
		}
		b = b[size:]
	}
	return dst
}
