package termsafe

import "strings"

// ShellWord is s, cleaned as Line, written as one word of a POSIX shell:
// as it is when it holds only characters no shell acts on, else between
// single quotes. Advice that offers a command or a flag built from an
// agent's string (a task id, an extension URI, an origin) uses it, so
// pasting the advice runs nothing the agent put there.
func ShellWord(s string) string {
	s = Line(s)
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:@%+=,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
