package styles

import (
	"fmt"
	"strings"
	"unicode"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Clip cuts a (possibly styled) string to n cells with an ellipsis.
func Clip(s string, n int) string {
	if n <= 0 {
		return ""
	}
	return ansi.Truncate(s, n, "…")
}

// ClipWord cuts plain s to n cells at a word, with an ellipsis, so a cut
// never splits a word ("it as…"); a single long word is cut as clip does.
func ClipWord(s string, n int) string {
	if ansi.StringWidth(s) <= n {
		return s
	}
	cut := ansi.Truncate(s, max(n-1, 0), "")
	if i := strings.LastIndexByte(cut, ' '); i > len(cut)/2 {
		cut = strings.TrimRight(cut[:i], " ,;:")
	}
	return cut + "…"
}

// WrapPlain word-wraps s to width w.
func WrapPlain(s string, w int) []string {
	return strings.Split(ansi.Wrap(s, max(w, 1), ""), "\n")
}

// WrapStyle wraps plain s to width w in style st, keeping at most maxLines
// lines (the last cut with an ellipsis). Continuation lines keep s's
// leading indent.
func WrapStyle(st lipgloss.Style, s string, w, maxLines int) []string {
	indent := s[:len(s)-len(strings.TrimLeft(s, " "))]
	lines := WrapPlain(strings.TrimLeft(s, " "), max(w-len(indent), 1))
	for i := range lines {
		lines[i] = indent + lines[i]
	}
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		lines[maxLines-1] = Clip(lines[maxLines-1]+"…", w)
	}
	for i, l := range lines {
		lines[i] = st.Render(l)
	}
	return lines
}

// Sentence makes an error message read as a sentence on screen: capital
// first letter, final full stop.
func Sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	s = string(r)
	// Text that already ends a sentence, or trails off, gets no stop.
	if !strings.ContainsRune(".?!…", r[len(r)-1]) {
		s += "."
	}
	return s
}

// Plural counts n things: "1 task", "2 tasks".
func Plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// Pick is one when n is 1, else many.
func Pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// ClipText cuts s to n runes, marking the cut.
func ClipText(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// ClipURL fits a URL in n cells keeping its start, the scheme and host
// that say which server it is, as Clip does; when the origin leaves room
// it keeps the path's end too (its whole last segments when they fit),
// after an ellipsis, since one server's URLs differ there.
func ClipURL(s string, n int) string {
	w := ansi.StringWidth(s)
	if w <= n {
		return s
	}
	origin := s
	if i := strings.Index(s, "://"); i > 0 {
		if j := strings.IndexAny(s[i+3:], "/?#"); j >= 0 {
			origin = s[:i+3+j]
		}
	}
	if room := n - ansi.StringWidth(origin) - 1; origin != s && room >= 4 {
		tail := ansi.TruncateLeft(s, w-room, "")
		if k := strings.IndexByte(tail, '/'); k > 0 && k < len(tail)-1 {
			tail = tail[k:] // whole path segments read better than a cut one
		}
		return origin + "…" + tail
	}
	return Clip(s, n)
}
