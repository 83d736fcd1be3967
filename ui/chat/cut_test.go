package chat

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// An artifact the conversation holds as a window (Item.Cut) is drawn as
// that window, its end on screen, under a line saying how much of the
// answer is above it and where that is.
func TestChatShowsTheEndOfACutItem(t *testing.T) {
	c := newTestChat(80, 12)
	var b testItems
	b.add(session.Item{Kind: session.ItemUser, Time: at(0), Text: "go", Done: true})
	window := strings.Repeat("a paragraph of the answer's window.\n\n", 40) + "the answer's last line\n"
	b.add(session.Item{Key: "art:t:a", Kind: session.ItemArtifact, TaskID: "t", Time: at(1), Cut: 100 << 20,
		Parts: []a2aclient.Part{a2aclient.TextPart(window)}})
	c.Reset(b.items, "a")
	c.Upsert(nil)
	text := ansi.Strip(c.View(c.st))
	if !strings.Contains(text, "the answer's last line") {
		t.Errorf("the end of the cut answer is not shown:\n%s", text)
	}
	c.home()
	text = ansi.Strip(c.View(c.st))
	if !strings.Contains(text, "… 100.0 MB above") {
		t.Errorf("the top of the cut answer does not say what is above it:\n%s", text)
	}
}
