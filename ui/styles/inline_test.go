package styles

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/themes"
)

// Card descriptions are inline Markdown: code, strong and links drawn as
// styles, not backticks and stars; an unclosed mark and snake_case stay
// as typed; agent text is cleaned before any style is added.
func TestInlineMarkdown(t *testing.T) {
	st := New(themes.Dark)
	for _, c := range []struct{ in, want string }{
		{"Use `convert` with **care**", "Use convert with care"},
		{"See [the docs](https://example.com/x) now", "See the docs now"},
		{"an *emphasis* and _this_", "an emphasis and this"},
		{"snake_case_name stays", "snake_case_name stays"},
		{"an `unclosed mark", "an `unclosed mark"},
		{"2 * 3 * 4", "2 * 3 * 4"},
		{`a \*literal\* star`, "a *literal* star"},
	} {
		if got := ansi.Strip(InlineMarkdown(c.in, st.Muted, st.Key)); got != c.want {
			t.Errorf("inlineMarkdown(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	code := InlineMarkdown("run `x`", st.Muted, st.Key)
	if !strings.Contains(code, st.Key.Render("x")) {
		t.Errorf("code is not in the code style: %q", code)
	}
}
