package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The README and the manual in docs/ link to each other, to the files
// of the repository and to their own sections: every such link leads
// somewhere, a file that exists and, after a #, a heading it has.
func TestDocsLinksLeadSomewhere(t *testing.T) {
	pages, _ := filepath.Glob("docs/*.md")
	pages = append(pages, "README.md", "ARCHITECTURE.md")
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	checked := 0
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := page
			if file != "" {
				path = filepath.Join(filepath.Dir(page), file)
			}
			checked++
			doc, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("%s links to %s, which does not exist", page, target)
				continue
			}
			if anchor != "" && !hasHeading(string(doc), anchor) {
				t.Errorf("%s links to %s, and %s has no heading %q", page, target, path, anchor)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("checked %d links; the pages hold more", checked)
	}
}

// hasHeading says whether markdown has a heading whose GitHub anchor is
// anchor: lower case, spaces as dashes, punctuation dropped.
func hasHeading(markdown, anchor string) bool {
	for _, line := range strings.Split(markdown, "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#")))
		var b strings.Builder
		for _, r := range h {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
				b.WriteRune(r)
			}
		}
		if b.String() == anchor {
			return true
		}
	}
	return false
}
