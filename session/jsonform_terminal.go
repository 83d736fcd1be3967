package session

import (
	"fmt"
	"unicode/utf8"
)

// appendTerminalSafe appends b, JSON from encoding/json, with DEL and the
// C1 controls written as \u escapes, exactly as the cli's escapeControls
// does to a whole line: rune by rune, an invalid byte copied as it is.
// It is for the few pieces of a terminal-safe line that encoding/json
// wrote (files, data, metadata); the tests hold it to escapeControls.
func appendTerminalSafe(dst, b []byte) []byte {
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
