// Inline Markdown for short card texts: a description's `code`, **bold**,
// *emphasis* and [links](…) drawn as styles rather than shown as raw
// marks. Block Markdown (lists, headings, tables) is the chat's job
// (ui/chat/render_markdown.go); a card line has no room for it.

package styles

import (
	"strings"
	"unicode"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// InlineMarkdown styles s, text already cleaned by termsafe: plain runs
// in base, code in code, strong in bold base, emphasis in italic base; a
// link shows its text only. Marks that open and never close stay as
// typed. No style nests inside another, so no reset cuts a run short.
func InlineMarkdown(s string, base, code lipgloss.Style) string {
	var b, run strings.Builder
	flush := func() {
		if run.Len() > 0 {
			b.WriteString(base.Render(run.String()))
			run.Reset()
		}
	}
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r == '\\' && i+1 < len(rs) && strings.ContainsRune("`*_[]\\", rs[i+1]) {
			run.WriteRune(rs[i+1])
			i++
			continue
		}
		mark, st := "", lipgloss.Style{}
		switch {
		case r == '`':
			mark, st = "`", code
		case (r == '*' || r == '_') && i+1 < len(rs) && rs[i+1] == r:
			mark, st = string([]rune{r, r}), base.Bold(true)
		case r == '*' || r == '_' && (i == 0 || !isWordRune(rs[i-1])):
			mark, st = string(r), base.Italic(true)
		case r == '[':
			if text, n := linkAt(rs[i:]); n > 0 {
				flush()
				b.WriteString(base.Underline(true).Render(text))
				i += n - 1
				continue
			}
		}
		if mark != "" {
			if inner, n := spanAt(rs[i:], mark); n > 0 {
				flush()
				b.WriteString(st.Render(inner))
				i += n - 1
				continue
			}
		}
		run.WriteRune(r)
	}
	flush()
	return b.String()
}

// spanAt reads a span opened by mark at the start of rs: its inner text
// and the runes it spans, or 0 when mark does not open a closed span.
// Emphasis must hug its text ("*a*", not "* a *"), as in CommonMark.
func spanAt(rs []rune, mark string) (string, int) {
	m := []rune(mark)
	rest := string(rs[len(m):])
	end := strings.Index(rest, mark)
	if end <= 0 {
		return "", 0
	}
	inner := rest[:end]
	if mark != "`" && (unicode.IsSpace([]rune(inner)[0]) || unicode.IsSpace([]rune(inner)[len([]rune(inner))-1])) {
		return "", 0
	}
	if mark == "_" || mark == "__" {
		// snake_case_names are not emphasis: the closing _ must end a word.
		after := []rune(rest[end+len(mark):])
		if len(after) > 0 && isWordRune(after[0]) {
			return "", 0
		}
	}
	return inner, len(m) + len([]rune(inner)) + len(m)
}

// linkAt reads [text](target) at the start of rs: the text and the
// runes the link spans, or 0 when there is none.
func linkAt(rs []rune) (string, int) {
	s := string(rs)
	close := strings.Index(s, "](")
	if close <= 1 || strings.ContainsAny(s[1:close], "[]") {
		return "", 0
	}
	end := strings.IndexByte(s[close:], ')')
	if end < 0 {
		return "", 0
	}
	return s[1:close], len([]rune(s[:close+end+1]))
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// WrapStyled wraps styled s to width w, styles carried across lines,
// keeping at most maxLines lines (the last ends in an ellipsis when text
// was left out), each after indent.
func WrapStyled(s, indent string, w, maxLines int) []string {
	lines := strings.Split(lipgloss.Wrap(s, max(w-len(indent), 1), ""), "\n")
	if len(lines) > maxLines {
		lines = lines[:max(maxLines, 1)]
		last := len(lines) - 1
		lines[last] = ansi.Truncate(lines[last], max(w-len(indent)-1, 0), "") + "…"
	}
	for i := range lines {
		lines[i] = indent + lines[i]
	}
	return lines
}
