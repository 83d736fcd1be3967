package a2aclient

import (
	"strings"

	"golang.org/x/net/html"
)

// maxExcerpt is how long an error body may be in a message: one short
// line, so that the sentence around it stays readable.
const maxExcerpt = 100

// summarizeHTML reduces an error page to what names the error: its first
// heading and the one piece of text after it ("502 Bad Gateway nginx",
// "Internal Server Error Try later."), or its title when it has no
// heading, or its text when it has neither. Scripts and styles are left
// out.
func summarizeHTML(page string) string { return cutTag(summary(page)) }

func summary(page string) string {
	z := html.NewTokenizer(strings.NewReader(page))
	var title, text, heading strings.Builder
	inTitle, headingSeen, headingDone := false, false, false
	skip := 0 // inside script, style, template, noscript, svg
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken: // the end of the page, or of what parses
			switch {
			case headingSeen:
				return heading.String()
			case strings.TrimSpace(title.String()) != "":
				return title.String()
			}
			return text.String()
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			start := tt != html.EndTagToken
			switch string(name) {
			case "script", "style", "template", "noscript", "svg":
				if tt == html.StartTagToken {
					skip++
				} else if tt == html.EndTagToken && skip > 0 {
					skip--
				}
			case "title":
				inTitle = tt == html.StartTagToken
			case "h1", "h2", "h3", "h4", "h5", "h6":
				headingDone = headingDone || headingSeen && tt == html.EndTagToken
				headingSeen = headingSeen || start
			}
			// Tags separate words: <h1>Bad</h1><p>Gateway</p>.
			text.WriteByte(' ')
			if headingSeen {
				heading.WriteByte(' ')
			}
		case html.TextToken:
			if skip > 0 {
				continue
			}
			t := string(z.Text())
			if inTitle {
				title.WriteString(t)
				continue
			}
			text.WriteString(t)
			if headingSeen {
				heading.WriteString(t)
				if headingDone && strings.TrimSpace(t) != "" || heading.Len() > 8*maxExcerpt {
					return heading.String() // the heading and what follows it
				}
			}
		}
	}
}

// cutTag drops a tag cut off at the end of a page that did not arrive
// whole, which the tokenizer hands out as text: "Slow error</".
func cutTag(s string) string {
	if i := strings.LastIndexByte(s, '<'); i >= 0 && !strings.Contains(s[i:], ">") {
		return s[:i]
	}
	return s
}
