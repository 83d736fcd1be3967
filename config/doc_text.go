package config

import (
	"bytes"
	"slices"
)

// The text edits every Doc edit is made of: spans of statements cut,
// text spliced in, and the indentation and blank lines around them.

// splice replaces src[start:end] with text.
func (d *Doc) splice(start, end int, text string) []byte {
	out := make([]byte, 0, len(d.src)-(end-start)+len(text))
	out = append(out, d.src[:start]...)
	out = append(out, text...)
	return append(out, d.src[end:]...)
}

// lineIndent is the blanks at the start of the line holding offset p.
func (d *Doc) lineIndent(p int) string {
	start := bytes.LastIndexByte(d.src[:p], '\n') + 1
	end := start
	for end < len(d.src) && (d.src[end] == ' ' || d.src[end] == '\t') {
		end++
	}
	return string(d.src[start:end])
}

// cut removes spans (in file order, not overlapping) from the text.
func cut(src []byte, spans []span) []byte {
	out := make([]byte, 0, len(src))
	prev := 0
	for _, s := range spans {
		out = append(out, src[prev:s.start]...)
		prev = s.end
	}
	return append(out, src[prev:]...)
}

// mergeSpans sorts spans and joins overlapping ones.
func mergeSpans(s []span) []span {
	slices.SortFunc(s, func(a, b span) int { return a.start - b.start })
	var out []span
	for _, x := range s {
		if n := len(out); n > 0 && x.start <= out[n-1].end {
			out[n-1].end = max(out[n-1].end, x.end)
			continue
		}
		out = append(out, x)
	}
	return out
}

func (d *Doc) blank(j int) bool {
	st := d.stmts[j]
	return st.kind == stmtTrivia && len(bytes.TrimSpace(d.src[st.start:st.end])) == 0
}

// lastContent is the last statement in [from, to) that is not a comment
// or blank line: comments at a table's end may be about what follows.
func (d *Doc) lastContent(from, to int) int {
	for k := to - 1; k > from; k-- {
		if d.stmts[k].kind != stmtTrivia {
			return k
		}
	}
	return from
}
