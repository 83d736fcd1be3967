package chat

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/styles"
)

// An answer streamed into one long artifact is held by the conversation
// as a window of its end (session.Item.Cut): the chat draws that window
// under a note saying how much is above it. Once the note comes on
// screen, the chat reads the answer's beginning back from the store in a
// command (frontBytes of it) and draws it above the note, which then
// says how much lies between, which export writes from the store; the
// chat holds the window and one range, never the answer.

// TextSource reads back n bytes of a stored item's text from byte from:
// the store (session/store.Store.TextRange).
type TextSource interface {
	TextRange(id int64, key string, from, n int) (string, error)
}

// storedConv is a conversation that says which stored context holds it
// (session.Conversation.Stored): 0 until its recorder created one.
type storedConv interface{ Stored() int64 }

// frontBytes is how much of a cut answer's beginning the chat reads back.
const frontBytes = 256 << 10

// cutFront is what the chat read back of the beginning of an answer held
// as a window.
type cutFront struct {
	text    string // the answer's first bytes
	reading bool
	err     string // why the read failed, once
}

// key is the front's part of an item's render key.
func (f cutFront) key() int {
	if f.reading {
		return -1
	}
	return len(f.text)
}

// frontMsg brings a front read back to the chat.
type frontMsg struct {
	epoch int
	key   string
	text  string
	err   error
}

func (frontMsg) Redraws() component.Redraw { return component.RedrawAll }

func (frontMsg) To() string { return ID }

// SetTexts gives the chat the store it reads cut answers' fronts from.
func (c *Pane) SetTexts(src TextSource) { c.texts = src }

// fetchFront starts reading the beginning of an answer held as a window
// whose note is on screen, if it has not been read.
func (c *Pane) fetchFront() tea.Cmd {
	conv, ok := c.formsConv.(storedConv)
	if c.texts == nil || !ok || len(c.items) == 0 {
		return nil
	}
	top := c.viewTop()
	bottom, _ := c.down(top, c.h-1)
	for i := top.item; i <= bottom.item && i < len(c.items); i++ {
		ci := c.items[i]
		if ci.it.Cut == 0 || ci.front.text != "" || ci.front.reading || ci.front.err != "" {
			continue
		}
		// The note is the item's second row, after its gap.
		if i == top.item && top.line > ci.gap+1 || i == bottom.item && bottom.line < ci.gap+1 {
			continue
		}
		id := conv.Stored()
		if id == 0 {
			return nil
		}
		ci.front.reading = true
		src, key, epoch, n := c.texts, ci.it.Key, c.win.epoch, min(frontBytes, ci.it.Cut)
		return func() tea.Msg {
			text, err := src.TextRange(id, key, 0, n)
			return frontMsg{epoch: epoch, key: key, text: text, err: err}
		}
	}
	return nil
}

// onFront takes a front read back: the item draws it above its note.
func (c *Pane) onFront(msg frontMsg) {
	if msg.epoch != c.win.epoch {
		return
	}
	for _, ci := range c.items {
		if ci.it.Key != msg.key || ci.it.Cut == 0 {
			continue
		}
		ci.front.reading = false
		if msg.err != nil {
			ci.front.err = styles.Sentence(msg.err.Error())
			return
		}
		ci.front.text = wholeRunes(msg.text)
		c.settle()
		return
	}
}

// wholeRunes drops an unfinished character at the end of a range.
func wholeRunes(s string) string {
	for i := len(s) - 1; i >= 0 && i >= len(s)-4; i-- {
		if b := s[i]; b < 0x80 {
			break
		} else if b >= 0xC0 {
			need := 2
			if b >= 0xF0 {
				need = 4
			} else if b >= 0xE0 {
				need = 3
			}
			if len(s)-i < need {
				return s[:i]
			}
			break
		}
	}
	return s
}

// renderFront adds what stands above an answer's window: its beginning
// read back, if it was, and a note of how much is above the window.
func (c *Pane) renderFront(ci *chatItem, w int) {
	it, f := &ci.it, &ci.front
	if f.text != "" {
		c.renderText(ci, frontPart, f.text, w)
	}
	left := it.Cut - len(f.text)
	if left <= 0 {
		return
	}
	what := "above"
	if f.text != "" {
		what = "between, not shown"
	}
	note := fmt.Sprintf("… %s %s · the store has it all: export writes it whole", styles.ByteSize(left), what)
	switch {
	case f.reading:
		note += " · reading the beginning…"
	case f.err != "":
		note += " · " + f.err
	}
	ci.lines.add(c.st.Muted.Render(note))
}

// frontPart keys the front's Markdown among the item's texts (md).
const frontPart = -2

// HeldText is how many bytes of text the chat holds in its artifacts'
// parts and what it read back of their fronts: a count, for tests of
// the window.
func (c *Pane) HeldText() int {
	n := 0
	for _, ci := range c.items {
		if ci.it.Kind != session.ItemArtifact {
			continue
		}
		n += len(ci.front.text)
		for _, p := range ci.it.Parts {
			n += len(p.Text)
		}
	}
	return n
}
