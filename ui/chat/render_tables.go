package chat

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// glamour lays a Markdown table out as wide as the chat, whatever its
// cells hold: two short columns become two half-screen ones, and the eye
// has to cross the screen to read a row. shrinkTables narrows each
// column of each table glamour drew to what its cells use, plus a space
// either side, keeping the cells' alignment and colours.
func shrinkTables(lines []string) []string {
	for i, l := range lines {
		plain := ansi.Strip(l)
		seps := ruleSeps(plain)
		if seps == nil {
			continue
		}
		start, end := i, i+1
		for start > 0 && rowFits(ansi.Strip(lines[start-1]), seps) {
			start--
		}
		for end < len(lines) && rowFits(ansi.Strip(lines[end]), seps) {
			end++
		}
		shrinkTable(lines[start:end], i-start, seps)
	}
	return lines
}

// ruleSeps is where a table's head rule ("───┼───") crosses its column
// separators, in cells, or nil when the line is not such a rule.
func ruleSeps(plain string) []int {
	if !strings.ContainsRune(plain, '┼') || strings.Trim(plain, "─┼") != "" {
		return nil
	}
	var seps []int
	col := 0
	for _, r := range plain {
		if r == '┼' {
			seps = append(seps, col)
		}
		col++ // ─ and ┼ are one cell each
	}
	return seps
}

// rowFits says whether a line is a row of the table whose separators are
// at seps.
func rowFits(plain string, seps []int) bool {
	for _, s := range seps {
		if ansi.Cut(plain, s, s+1) != "│" {
			return false
		}
	}
	return true
}

// shrinkTable narrows rows (rule is the head rule's index) in place.
func shrinkTable(rows []string, rule int, seps []int) {
	width := ansi.StringWidth(rows[rule])
	bounds := append(append([]int{-1}, seps...), width)
	type span struct{ from, to int }
	keep := make([]span, len(bounds)-1)
	for c := range keep {
		s, e := bounds[c]+1, bounds[c+1]
		lead, used := e-s, 0
		for i, r := range rows {
			if i == rule {
				continue
			}
			cell := ansi.Cut(ansi.Strip(r), s, e)
			text := strings.TrimRight(cell, " ")
			if strings.TrimSpace(text) == "" {
				continue
			}
			lead = min(lead, len(text)-len(strings.TrimLeft(text, " ")))
			used = max(used, ansi.StringWidth(text))
		}
		if used == 0 { // an empty column: one space
			keep[c] = span{s, min(s+1, e)}
			continue
		}
		keep[c] = span{s + max(lead-1, 0), min(s+used+1, e)}
	}
	for i, r := range rows {
		var b strings.Builder
		for c, k := range keep {
			b.WriteString(ansi.Cut(r, k.from, k.to))
			if c < len(seps) {
				b.WriteString(ansi.Cut(r, seps[c], seps[c]+1))
			}
		}
		rows[i] = b.String()
	}
}
