package chat

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
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

// texts is a store of one answer's text, read back in ranges.
type texts struct {
	whole string
	reads int
}

func (s *texts) TextRange(id int64, key string, from, n int) (string, error) {
	s.reads++
	if id != 7 || key != "art:t:a" {
		return "", nil
	}
	return s.whole[min(from, len(s.whole)):min(from+n, len(s.whole))], nil
}

// storedConv is a conversation the store holds as context 7.
type conv7 struct{}

func (*conv7) Stored() int64 { return 7 }

// Scrolled to the top of an artifact held as a window, the chat reads
// the answer's front back from the store in a command, a bounded range
// of it, and shows the answer's first line; the window's end stays.
func TestChatReadsTheFrontOfACutItemBack(t *testing.T) {
	whole := "the answer's first line\n\n" + strings.Repeat("a paragraph in the middle of the answer.\n\n", 200000) + "the answer's last line\n"
	window := whole[len(whole)-4096:]
	src := &texts{whole: whole}
	c := newTestChat(80, 12)
	c.SetTexts(src)
	var b testItems
	b.add(session.Item{Kind: session.ItemUser, Time: at(0), Text: "go", Done: true})
	b.add(session.Item{Key: "art:t:a", Kind: session.ItemArtifact, TaskID: "t", Time: at(1), Cut: len(whole) - len(window),
		Parts: []a2aclient.Part{a2aclient.TextPart(window)}})
	c.ResetFor(&conv7{}, b.items, "a")
	if text := ansi.Strip(c.View(c.st)); !strings.Contains(text, "the answer's last line") {
		t.Fatalf("the end of the cut answer is not shown:\n%s", text)
	}
	if src.reads != 0 {
		t.Fatalf("the chat read the store %d times before the front was on screen", src.reads)
	}
	driveFront(c, "g")
	text := ansi.Strip(c.View(c.st))
	if !strings.Contains(text, "the answer's first line") {
		t.Errorf("the top of the cut answer does not show its first line, read back:\n%s", text)
	}
	if held := c.HeldText(); held > 1<<20 || src.reads == 0 {
		t.Errorf("the chat holds %d bytes of a %d-byte answer after %d reads; want a window and a range, under 1 MB", held, len(whole), src.reads)
	}
}

// driveFront gives the chat a key and runs the commands it starts, the
// front's reads included, to their end.
func driveFront(c *Pane, k string) {
	cmd, _ := c.Update(keyPress(k))
	var run func(tea.Cmd)
	run = func(cmd tea.Cmd) {
		for cmd != nil {
			switch msg := cmd().(type) {
			case tea.BatchMsg:
				for _, sub := range msg {
					run(sub)
				}
				return
			case frontMsg:
				cmd, _ = c.Update(msg)
			default:
				return
			}
		}
	}
	run(cmd)
}
