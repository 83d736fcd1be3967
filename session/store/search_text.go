package store

import (
	"regexp"
	"strings"
)

// Search's excerpts are read as text: an agent's Markdown marks (**bold**,
// `code`, [a link](…), headings, quotes) are taken out of them, the words
// kept, so a hit reads as the chat shows it and not as its source.
var (
	mdLink    = regexp.MustCompile(`!?\[([^\]\n]*)\]\([^)\n]*\)`)
	mdLineTag = regexp.MustCompile(`(?m)^[ \t]*(?:#{1,6}[ \t]+|>[ \t]?)`)
	mdMarks   = strings.NewReplacer("**", "", "__", "", "~~", "", "`", "")
)

// plainExcerpt is snippet without Markdown's marks; the match markers
// (SnippetOpen, SnippetClose) stay where they were.
func plainExcerpt(snippet string) string {
	s := mdLink.ReplaceAllString(snippet, "$1")
	s = mdLineTag.ReplaceAllString(s, "")
	return mdMarks.Replace(s)
}
