package chat

import (
	"fmt"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// streamStep gives the chat the answer's first n bytes, as a stream's
// change would, and draws a frame.
func streamStep(c *Pane, text string, n, v int) {
	it := session.Item{Key: "art:t/a", Kind: session.ItemArtifact, TaskID: "t", Time: at(0), Name: "answer",
		Version: v, Done: n == len(text), Parts: []a2aclient.Part{a2aclient.TextPart(text[:n])}}
	c.Upsert([]session.Item{it})
	c.View(c.st)
}

// While an answer streams and the chat follows it, a frame never calls
// glamour: what is not rendered yet is drawn plain, and the renders run
// in commands.
func TestStreamingFrameNeverRendersMarkdown(t *testing.T) {
	c := newTestChat(60, 12)
	for n, v := 0, 1; n < len(streamDoc)-1; v++ {
		n = min(n+40, len(streamDoc)-1)
		streamStep(c, streamDoc, n, v)
		for _, msg := range runRenders(c.RenderAsync()) {
			c.rendered(msg)
		}
	}
	if c.md.renders != 0 {
		t.Fatalf("frames of a streaming answer called glamour %d times", c.md.renders)
	}
	if c.bg.renders == 0 {
		t.Fatal("no render ran in a command")
	}
	if !strings.Contains(c.View(c.st), "Closing paragraph") {
		t.Fatalf("the answer is not on screen:\n%s", c.View(c.st))
	}
}

// One render per stream is in flight; a render that comes back for a
// width the chat no longer has is dropped, and the next frame asks again.
func TestStaleRenderIsDropped(t *testing.T) {
	c := newTestChat(60, 12)
	streamStep(c, streamDoc, 300, 1)
	cmd := c.RenderAsync()
	if cmd == nil {
		t.Fatal("nothing to render")
	}
	if again := c.RenderAsync(); again != nil {
		t.Fatal("a second render started while one is in flight")
	}
	msgs := runRenders(cmd)
	c.SetSize(50, 12)
	c.View(c.st)
	s := c.items[0].md[0]
	for _, msg := range msgs {
		c.rendered(msg)
	}
	if s.tailSrc != "" || s.plainN == 0 && len(s.blocks) > 0 && s.blocks[0].real {
		t.Fatalf("a render for width 60 was taken at width 50 (tail %q)", s.tailSrc)
	}
	if c.RenderAsync() == nil {
		t.Fatal("after a stale render nothing asks for a new one")
	}
}

// Text drawn plain is the cleaned text: an agent's control sequences
// never reach the screen, rendered or not.
func TestPlainTextIsClean(t *testing.T) {
	c := newTestChat(60, 12)
	doc := "Hello \x1b]52;c;eA==\x07world \x1b[2J\u202eevil\n\nmore \x1b]8;;http://127.0.0.1/\x07link\x1b]8;;\x07 text"
	streamStep(c, doc, len(doc)-1, 1)
	view := c.View(c.st)
	for _, bad := range []string{"\x1b]", "\x07", "\x1b[2J", "\u202e"} {
		if strings.Contains(view, bad) {
			t.Fatalf("plain frame holds %q:\n%q", bad, view)
		}
	}
	if !strings.Contains(view, "world") || c.md.renders != 0 {
		t.Fatalf("expected the text drawn plain, without glamour (%d renders):\n%s", c.md.renders, view)
	}
}

// An answer arriving faster than it can be read is drawn plain, with no
// render started, until it ends; then it is drawn rendered.
func TestBurstIsDrawnPlainUntilItEnds(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 3*eagerBytes; i++ {
		fmt.Fprintf(&b, "## Part %d\n\nSome **bold** text for part %d.\n\n", i, i)
	}
	doc := b.String()
	c := newTestChat(60, 12)
	streamStep(c, doc, len(doc)-10, 1)
	if cmd := c.RenderAsync(); cmd != nil {
		t.Fatal("a burst started a render")
	}
	if c.md.renders != 0 || !strings.Contains(c.View(c.st), "**bold**") {
		t.Fatalf("a burst is not drawn plain (%d renders):\n%s", c.md.renders, c.View(c.st))
	}
	streamStep(c, doc, len(doc), 2)
	if v := c.View(c.st); strings.Contains(v, "**bold**") || !strings.Contains(v, "bold") {
		t.Fatalf("the finished answer is not drawn rendered:\n%s", v)
	}
}
