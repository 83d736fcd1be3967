// Package backslash is the one table of the short escapes JSON and TOML
// strings share: \" \\ \b \f \n \r \t. parley reads and writes both by
// hand in places (a2aclient's fast reader and canonical form, session's
// stored-text reader, the config file's reader and writer), and each
// spelled the seven out in its own switch. What the two languages do not
// share stays with each caller: JSON's \/ and \uXXXX, TOML's \e, \xXX and
// \UXXXXXXXX, and which other characters a writer escapes.
package backslash

var decoded = [256]byte{'"': '"', '\\': '\\', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

var encoded = [...]string{'"': `\"`, '\\': `\\`, '\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`}

// Decode is the character the escape \c stands for, when c is one of the
// seven letters (n for a newline, and so on).
func Decode(c byte) (byte, bool) {
	d := decoded[c]
	return d, d != 0
}

// Encode is the short escape of r (`\n` for a newline), or "" when r has
// none.
func Encode(r rune) string {
	if r >= 0 && int(r) < len(encoded) {
		return encoded[r]
	}
	return ""
}
