package chat

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
)

// Marked words are highlighted wherever the transcript shows them, in any
// case, keeping the rest of the line as it was drawn.
func TestChatHighlightMarksWords(t *testing.T) {
	c := newTestChat(60, 10)
	var b testItems
	c.Reset([]session.Item{
		b.add(session.Item{Kind: session.ItemNotice, Time: at(1), Text: "From Berlin on the 10th", Done: true}),
		b.add(session.Item{Kind: session.ItemNotice, Time: at(2), Text: "nothing here", Done: true}),
	}, "a")
	plain := c.View(c.st)
	c.Highlight([]string{"berlin"})
	marked := c.View(c.st)
	if !strings.Contains(marked, c.st.Mark.Render("Berlin")) {
		t.Fatalf("Berlin is not highlighted:\n%q", marked)
	}
	if ansi.Strip(marked) != ansi.Strip(plain) {
		t.Errorf("highlighting changed the text:\n%s\nvs\n%s", ansi.Strip(marked), ansi.Strip(plain))
	}
	c.Reset(nil, "b")
	if len(c.marks) != 0 {
		t.Error("another conversation keeps the marks")
	}
}
