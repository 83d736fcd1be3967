package chat

import (
	"fmt"
	"net/url"
	"path"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/styles"
)

// maxTextBytes caps the text of one item that is rendered; past it the
// item says how much was left out.
const maxTextBytes = 1 << 20

// capText cuts s to n bytes at a character boundary and returns how
// many bytes were left out.
func capText(s string, n int) (string, int) {
	if len(s) <= n {
		return s, 0
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut], len(s) - cut
}

func truncatedNote(st *styles.Styles, shown, left int) string {
	return st.Muted.Render(fmt.Sprintf("… truncated: showing %s of %s", styles.ByteSize(shown), styles.ByteSize(shown+left)))
}

// textLines wraps plain text (the user's, parley's, a status message) to
// width in one style. It is cleaned all the same: a pasted escape sequence
// is as harmful as a sent one.
func (c *Pane) textLines(style lipgloss.Style, text string, width int) []string {
	st := c.st
	text, left := capText(text, c.maxText)
	text = strings.TrimRight(prepareMarkdown(text), "\n")
	if strings.TrimSpace(text) == "" {
		return nil
	}
	lines := strings.Split(ansi.Wrap(text, max(width, 1), ""), "\n")
	for i, l := range lines {
		lines[i] = style.Render(l)
	}
	if left > 0 {
		lines = append(lines, truncatedNote(st, len(text), left))
	}
	return lines
}

// fileLine is a file part as one line: name (unless the caller shows it
// already), type and size (or where it lives). Name, type and address are
// agent text.
func fileLine(st *styles.Styles, f *a2aclient.File, withName bool) string {
	if f == nil {
		return st.Muted.Render("▣ (empty file part)")
	}
	var parts []string
	if withName || fileName(f) == "" {
		parts = append(parts, st.Bold.Render(ansi.Truncate(fileName(f), 60, "…")))
	}
	if mt := termsafe.Line(f.MimeType); mt != "" {
		parts = append(parts, st.Muted.Render(ansi.Truncate(mt, 40, "…")))
	}
	switch {
	case len(f.Bytes) > 0:
		parts = append(parts, st.Muted.Render(styles.ByteSize(len(f.Bytes))))
	case f.URI != "":
		parts = append(parts, st.Muted.Render("at "+ansi.Truncate(termsafe.Line(f.URI), 60, "…")))
	}
	return st.Accent.Render("▣ ") + strings.Join(parts, st.Muted.Render(" · "))
}

// fileName is the name to show: the part's own, else the last element of
// its URI's path.
func fileName(f *a2aclient.File) string {
	if n := termsafe.Line(f.Name); strings.TrimSpace(n) != "" {
		return n
	}
	if u, err := url.Parse(f.URI); err == nil && u.Path != "" {
		if b := termsafe.Line(path.Base(u.Path)); b != "/" && b != "." {
			return b
		}
	}
	return "file"
}
