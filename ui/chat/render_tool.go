package chat

import (
	"cmp"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/styles"
)

// A tool part (a2aclient.PartTool) in the chat: a heading that says what
// the agent did, then what it passed or got back, drawn as data; code it
// ran as its lines. Copying takes the part's data as JSON.
func init() {
	partViews[a2aclient.PartTool] = partView{lines: toolView, copy: dataCopy}
}

// maxToolCodeLines bounds the code and output shown in the chat; the
// whole part is in the copy and the exports.
const maxToolCodeLines = 12

func toolView(c *Pane, _ *chatItem, p a2aclient.Part, w int) ([]string, bool) {
	t, _ := a2aclient.ToolOf(p)
	head := func(glyph, s string) string { return styles.Clip(c.st.Accent.Render(glyph+" ")+c.st.Text.Render(s), w) }
	name := termsafe.Line(t.Name)
	switch t.Phase {
	case a2aclient.ToolCall:
		lines := []string{head("⚙", "called "+name)}
		if t.Args != nil {
			lines = append(lines, dataLines(c.st, t.Args, nil)...)
		}
		return lines, false
	case a2aclient.ToolResult:
		lines := []string{head("↳", name+" answered")}
		if t.Response != nil {
			lines = append(lines, dataLines(c.st, t.Response, nil)...)
		}
		return lines, false
	case a2aclient.ToolCode:
		return append([]string{head("⚙", "ran "+cmp.Or(termsafe.Line(strings.ToLower(t.Language)), "some")+" code")},
			toolBlock(c, t.Code, w)...), false
	case a2aclient.ToolCodeResult:
		return append([]string{head("↳", cmp.Or(termsafe.Line(t.Outcome), "code ran"))},
			toolBlock(c, t.Output, w)...), false
	}
	return genericPart.lines(c, nil, p, w)
}

// toolBlock is code or output, cleaned, cut to maxToolCodeLines.
func toolBlock(c *Pane, s string, w int) []string {
	var out []string
	for i, l := range strings.Split(strings.TrimRight(termsafe.Clean(s), "\n"), "\n") {
		if i == maxToolCodeLines {
			out = append(out, c.st.Muted.Render("  … "+styles.Plural(strings.Count(s, "\n")+1-i, "more line")))
			break
		}
		out = append(out, styles.Clip(c.st.Muted.Render("  "+l), w))
	}
	return out
}
