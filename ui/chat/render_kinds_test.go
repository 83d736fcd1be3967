package chat

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// A part of a kind the chat does not know (a stored part from a newer
// parley, or a hostile store) is shown through the generic view: named,
// its kind cleaned of terminal controls, its value as data; copying
// includes it.
func TestUnknownPartKindIsShownGenerically(t *testing.T) {
	c := newTestChat(80, 20)
	var b testItems
	b.add(session.Item{Kind: session.ItemArtifact, Name: "result", Done: true, Parts: []a2aclient.Part{
		{Kind: "hologram\x1b[2J", Data: map[string]any{"beam": "blue"}},
	}})
	c.Reset(b.items, "agent")
	screen := ansi.Strip(c.View(c.st))
	if !strings.Contains(screen, "◇ a part of kind hologram") || strings.Contains(screen, "\x1b[2J") {
		t.Errorf("the unknown part is not named, or its kind not cleaned:\n%q", screen)
	}
	if !strings.Contains(screen, "blue") {
		t.Errorf("the unknown part's value is not shown:\n%s", screen)
	}
	c.Update(keyPress("end"))
	if got := c.copyText(c.selected()); !strings.Contains(got, `"beam": "blue"`) {
		t.Errorf("copy leaves out the unknown part: %q", got)
	}
}
