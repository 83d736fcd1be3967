package chat

import (
	"testing"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/internal/uitest"
)

// lazyPair streams doc into two panes in chunks of chunk bytes, one
// rendering pieces where they are shown and one rendering everything.
func lazyPair(t *testing.T, doc string, chunk, w, h int) (lazy, eager *Pane) {
	t.Helper()
	user := session.Item{Key: "user:1", Kind: session.ItemUser, Time: uitest.T0, Text: "Plan my trip", Version: 1, Done: true}
	build := func(isLazy bool) *Pane {
		c := newTestChat(w, h)
		c.eagerAll = !isLazy
		c.Reset([]session.Item{user}, "bench")
		for n, v := 0, 1; n < len(doc); v++ {
			n = min(n+chunk, len(doc))
			c.Upsert([]session.Item{uitest.AnswerItem(doc[:n], v)})
			c.View(c.st)
		}
		return c
	}
	return build(true), build(false)
}

func sameFrame(t *testing.T, what string, lazy, eager *Pane) {
	t.Helper()
	if l, e := lazy.View(lazy.st), eager.View(eager.st); l != e {
		t.Fatalf("%s: the lazy pane shows\n%s\nthe eager one\n%s", what, l, e)
	}
}

// A long answer streamed in big bursts renders only what is shown, and
// shows exactly what rendering everything shows, wherever it is scrolled.
func TestChatLazyRendersWhatIsShown(t *testing.T) {
	doc := uitest.MarkdownDoc(120 << 10)
	lazy, eager := lazyPair(t, doc, 30<<10, 80, 20)
	segs := len(lazy.items[1].md[0].segs)
	if lazy.md.renders*5 > eager.md.renders || segs < 100 {
		t.Fatalf("lazy pane made %d glamour renders, eager %d, for %d pieces", lazy.md.renders, eager.md.renders, segs)
	}
	sameFrame(t, "following the end", lazy, eager)
	for step := 0; !lazy.atTop(); step++ {
		lazy.scrollUp(19)
		eager.scrollUp(19)
		sameFrame(t, "a page up", lazy, eager)
		if step > 10000 {
			t.Fatal("never reached the top")
		}
	}
	for i := 0; i < 40; i++ {
		lazy.scrollDown(7)
		eager.scrollDown(7)
		sameFrame(t, "scrolling down", lazy, eager)
	}
	lazy.home()
	eager.home()
	sameFrame(t, "home", lazy, eager)
	lazy.End()
	eager.End()
	sameFrame(t, "end", lazy, eager)
}

// A new width lays a long finished answer out again without rendering
// it whole.
func TestChatLazyResizeRendersWhatIsShown(t *testing.T) {
	doc := uitest.MarkdownDoc(120 << 10)
	lazy, eager := lazyPair(t, doc, 2<<10, 80, 20)
	before := lazy.md.renders
	lazy.SetSize(60, 20)
	eager.SetSize(60, 20)
	sameFrame(t, "after a resize", lazy, eager)
	if n := lazy.md.renders - before; n > 40 {
		t.Fatalf("a resize made %d glamour renders", n)
	}
}

func (c *Pane) atTop() bool {
	top := c.viewTop()
	return top.item == 0 && top.line == 0
}
