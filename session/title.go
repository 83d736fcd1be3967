package session

import (
	"strings"
	"unicode/utf8"

	"github.com/parley-a2a/parley/termsafe"
)

// Title makes a context title from the first user message: its first
// non-blank line, control characters dropped, cut to a length a list
// can show. The store titles contexts and renamed ones with it; task
// listings title tasks with it.
func Title(text string) string {
	for _, line := range strings.Split(text, "\n") {
		line = strings.Join(strings.Fields(termsafe.Clean(cutText(line, maxTitleLine))), " ")
		if line == "" {
			continue
		}
		if utf8.RuneCountInString(line) > 120 {
			r := []rune(line)
			line = string(r[:119]) + "…"
		}
		return line
	}
	return ""
}

// maxTitleLine bounds the line Title cleans, as the store bounds what it
// indexes: a title is cut to 120 characters anyway.
const maxTitleLine = 256 << 10

// cutText cuts s to at most n bytes, at a character boundary.
func cutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
