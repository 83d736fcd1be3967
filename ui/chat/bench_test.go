package chat

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// Rendering benchmarks (issue 7, target 3): the cost of one streamed
// chunk as the answer grows, one frame over a long history, and the naive
// baseline of re-rendering the whole answer per chunk. Run with
//
//	go test ./ui/ -run '^$' -bench 'Chat|Naive' -benchmem
//
// The chat is 100×38, the inner size of the chat pane in a 120×40
// terminal with the side panes open.
const (
	benchW, benchH = 100, 38
	benchWindow    = 4 << 10 // bytes appended before the answer is rewound
)

func benchChat() *Pane {
	c := New(styles.New(themes.Dark), keys.Default().Chat)
	// These benchmarks measure the rendering, which a followed stream
	// runs in commands (render_async.go): render it here, in View.
	c.async = false
	c.SetSize(benchW, benchH)
	c.Tick(uitest.T0)
	return c
}

// snapshot copies a stream's state so a benchmark can rewind to it; the
// slices are clipped, so growing the copy never writes into the original.
func (s *mdStream) snapshot() mdStream {
	cp := *s
	if s.cleaned != nil {
		cp.cleaned = &strings.Builder{}
		cp.cleaned.WriteString(s.clean)
	}
	cp.segs = slices.Clip(cp.segs)
	cp.blocks = slices.Clone(cp.blocks)
	cp.flat = slices.Clip(cp.flat)
	return cp
}

// benchAppend measures one chunk appended to a streaming answer already
// size bytes long: Upsert plus the View that follows it. Every
// benchWindow bytes the answer is rewound to size bytes (untimed), so the
// answer stays at the size the benchmark is named for.
func benchAppend(b *testing.B, size int) {
	doc := uitest.MarkdownDoc(size + benchWindow)
	c := benchChat()
	user := session.Item{Key: "user:1", Kind: session.ItemUser, Time: uitest.T0, Text: "Plan my trip", Version: 1, Done: true}
	c.Reset([]session.Item{user, uitest.AnswerItem(doc[:size], 1)}, "bench")
	c.View(c.st)
	base := c.items[1].md[0].snapshot()
	n, version := size, 1
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if n+uitest.StreamChunk > size+benchWindow {
			b.StopTimer()
			*c.items[1].md[0] = base.snapshot()
			n = size
			b.StartTimer()
		}
		n += uitest.StreamChunk
		version++
		c.Upsert([]session.Item{uitest.AnswerItem(doc[:n], version)})
		c.View(c.st)
	}
}

func BenchmarkChatAppendChunk1KB(b *testing.B)   { benchAppend(b, 1<<10) }
func BenchmarkChatAppendChunk20KB(b *testing.B)  { benchAppend(b, 20<<10) }
func BenchmarkChatAppendChunk200KB(b *testing.B) { benchAppend(b, 200<<10) }

// benchNaive is the baseline: one glamour render of the whole answer
// per chunk, with a reused renderer, at the sizes of benchAppend.
func benchNaive(b *testing.B, size int) {
	doc := uitest.MarkdownDoc(size + benchWindow)
	md := newMarkdown(true)
	n := size
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if n+uitest.StreamChunk > size+benchWindow {
			n = size
		}
		n += uitest.StreamChunk
		md.render(prepareMarkdown(doc[:n]), benchW)
	}
}

func BenchmarkNaiveFullRerender1KB(b *testing.B)   { benchNaive(b, 1<<10) }
func BenchmarkNaiveFullRerender20KB(b *testing.B)  { benchNaive(b, 20<<10) }
func BenchmarkNaiveFullRerender200KB(b *testing.B) { benchNaive(b, 200<<10) }

// history is a conversation of n items: turns, status lines, answers
// with Markdown, data artifacts and files.
func history(n int) []session.Item {
	items := make([]session.Item, 0, n)
	for i := 0; len(items) < n; i++ {
		task := fmt.Sprintf("task-%d", i)
		when := uitest.T0.Add(time.Duration(i) * time.Minute)
		turn := []session.Item{
			{Kind: session.ItemUser, Time: when, Text: fmt.Sprintf("Question %d: what should I see on day %d?", i, i%7)},
			{Kind: session.ItemStatus, TaskID: task, Time: when.Add(time.Second), State: a2aclient.StateWorking},
			{Kind: session.ItemAgent, TaskID: task, Time: when.Add(2 * time.Second),
				Text: fmt.Sprintf("On day %d, see **Alfama** in the morning.\n\n- tram 28\n- the castle\n- a fado bar at night", i%7)},
			{Kind: session.ItemArtifact, TaskID: task, Time: when.Add(3 * time.Second), Name: "costs", Parts: []a2aclient.Part{
				{Kind: a2aclient.PartData, Data: []any{map[string]any{"item": "tram", "eur": 3.1}, map[string]any{"item": "castle", "eur": 15.0}}},
				{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "map.pdf", MimeType: "application/pdf", Bytes: make([]byte, 2048)}},
			}},
			{Kind: session.ItemStatus, TaskID: task, Time: when.Add(4 * time.Second), State: a2aclient.StateCompleted},
		}
		for _, it := range turn {
			if len(items) == n {
				break
			}
			it.Seq, it.Key, it.Version, it.Done = len(items), fmt.Sprintf("item:%d", len(items)), 1, true
			items = append(items, it)
		}
	}
	return items
}

// BenchmarkChatFrame10kHistory is one frame (spinner and clocks moving)
// of a 10,000-item conversation, following the bottom.
func BenchmarkChatFrame10kHistory(b *testing.B) {
	c := benchChat()
	c.Reset(history(10000), "bench")
	c.View(c.st)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Tick(uitest.T0.Add(time.Duration(i) * 16 * time.Millisecond))
		c.View(c.st)
	}
}

// BenchmarkChatFrame10kHistoryScrolled is a frame after scrolling a page
// up through a 10,000-item conversation: a new window of items renders.
func BenchmarkChatFrame10kHistoryScrolled(b *testing.B) {
	c := benchChat()
	items := history(10000)
	c.Reset(items, "bench")
	c.View(c.st)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if c.top.item < 10 || c.follow {
			b.StopTimer()
			c.Reset(items, "bench") // fresh caches: the pages scrolled to are unrendered
			c.View(c.st)
			b.StartTimer()
		}
		c.scrollUp(benchH - 1)
		c.View(c.st)
	}
}

// BenchmarkChatOpen10kHistory opens a 10,000-item conversation and draws
// its first frame.
func BenchmarkChatOpen10kHistory(b *testing.B) {
	c := benchChat()
	items := history(10000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Reset(items, "bench")
		c.View(c.st)
	}
}
