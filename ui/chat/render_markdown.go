package chat

import (
	"strings"
	"sync"

	"charm.land/glamour/v2"
	"charm.land/glamour/v2/styles"
)

// markdown renders Markdown with glamour, keeping one renderer per width
// for the current style: building one costs more than rendering a short
// paragraph, and a stream renders its tail dozens of times a second.
//
// glamour's renderer is not safe for concurrent use. The chat renders on
// the program's goroutine only, but the mutex keeps a stray caller (a test,
// a command) from corrupting it rather than relying on that.
type markdown struct {
	mu      sync.Mutex
	dark    bool
	byWidth map[int]*glamour.TermRenderer
	order   []int // widths, least recently added first
	renders int   // glamour calls, for tests that check caching
}

// maxRenderers bounds the renderers kept: a window dragged wider passes
// through many widths, and only the last few matter.
const maxRenderers = 4

func newMarkdown(dark bool) *markdown {
	return &markdown{dark: dark, byWidth: map[int]*glamour.TermRenderer{}}
}

// markdownStyle is glamour's dark or light style without the document
// margin and blank lines around the document: the chat lays out its own
// items, and segments rendered apart must join like one document.
func markdownStyle(dark bool) glamour.TermRendererOption {
	cfg := styles.LightStyleConfig
	if dark {
		cfg = styles.DarkStyleConfig
	}
	zero := uint(0)
	cfg.Document.Margin = &zero
	cfg.Document.BlockPrefix = ""
	cfg.Document.BlockSuffix = ""
	return glamour.WithStyles(cfg)
}

// render returns src rendered at width as lines holding only text and
// colour, without blank lines at either end.
//
// Pieces of one document rendered apart are joined by the caller with
// one blank line. glamour's own spacing between top-level blocks is one
// blank line too, give or take a line after a few kinds of block (a
// definition list, a code block), so pieces join as the whole would up to
// those extra blank lines.
func (m *markdown) render(src string, width int) []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.renders++
	var out string
	if r := m.renderer(width); r != nil {
		var err error
		if out, err = r.Render(src); err != nil {
			out = ""
		}
	}
	lines := sgrLines(out)
	if len(trimBlank(lines)) == 0 && strings.TrimSpace(src) != "" {
		// glamour failed: show the text itself rather than nothing.
		lines = sgrLines(src)
	}
	return shrinkTables(trimBlank(lines))
}

func (m *markdown) renderer(width int) *glamour.TermRenderer {
	if r, ok := m.byWidth[width]; ok {
		return r
	}
	r, err := glamour.NewTermRenderer(markdownStyle(m.dark), glamour.WithWordWrap(width))
	if err != nil {
		return nil
	}
	if len(m.order) >= maxRenderers {
		delete(m.byWidth, m.order[0])
		m.order = m.order[1:]
	}
	m.byWidth[width] = r
	m.order = append(m.order, width)
	return r
}

// trimBlank drops blank lines at both ends, without copying.
func trimBlank(lines []string) []string {
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
