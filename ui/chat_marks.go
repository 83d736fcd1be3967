package ui

import (
	"sort"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/termsafe"
)

// Highlight marks words wherever the transcript shows them, until another
// conversation is shown: opening a search hit marks what it matched.
func (c *chatPane) Highlight(words []string) {
	c.marks = c.marks[:0]
	for _, w := range words {
		if w = strings.ToLower(strings.TrimSpace(w)); w != "" {
			c.marks = append(c.marks, w)
		}
	}
	// Longest first, so "berlin" wins over "ber" where both match.
	sort.Slice(c.marks, func(i, j int) bool { return len(c.marks[i]) > len(c.marks[j]) })
}

// mark highlights the marked words in one drawn line, keeping the line's
// own styles around them. Only rows on screen are marked, so it costs
// nothing while no search hit is open.
func (c *chatPane) mark(line string) string {
	if len(c.marks) == 0 {
		return line
	}
	plain := ansi.Strip(line)
	lower := strings.ToLower(plain)
	if len(lower) != len(plain) { // a case change moved bytes: offsets would lie
		return line
	}
	type span struct{ start, end int }
	var spans []span
	taken := make([]bool, len(lower))
	for _, w := range c.marks {
		for from := 0; ; {
			i := strings.Index(lower[from:], w)
			if i < 0 {
				break
			}
			s, e := from+i, from+i+len(w)
			from = e
			free := true
			for k := s; k < e; k++ {
				free = free && !taken[k]
			}
			if !free {
				continue
			}
			for k := s; k < e; k++ {
				taken[k] = true
			}
			spans = append(spans, span{s, e})
		}
	}
	if len(spans) == 0 {
		return line
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	ranges := make([]lipgloss.Range, len(spans))
	for i, s := range spans {
		// Ranges count cells, not bytes.
		ranges[i] = lipgloss.NewRange(ansi.StringWidth(plain[:s.start]), ansi.StringWidth(plain[:s.end]), c.st.Mark)
	}
	return lipgloss.StyleRanges(line, ranges...)
}

// hitWords are the words the selected search hit matched, as the store
// marked them in its snippet.
func (v *contextsView) hitWords() []string {
	if !v.search || v.cursor >= len(v.hits) {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for i, seg := range strings.Split(v.hits[v.cursor].Snippet, store.SnippetOpen) {
		match, _, found := strings.Cut(seg, store.SnippetClose)
		if w := strings.ToLower(termsafe.Line(match)); i > 0 && found && w != "" && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}
