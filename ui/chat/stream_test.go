package chat

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/styles"
)

// streamDoc is Markdown with every kind of block the boundary scanner
// must respect.
const streamDoc = `# Trip plan

Here is what I found for **Lisbon**, with a [map](https://maps.example/lis).

## Flights

1. BER → LIS, 10 Dec, €142

2. LIS → BER, 17 Dec, €98

- loose list item one

- loose list item two
  continued under the item

Term
: a definition

> A quote that goes on
> for two lines.

> A second quote.

` + "```go" + `
func main() {

	fmt.Println("blank line inside the fence")
}
` + "```" + `

| day | plan |
|-----|------|
| 1   | Alfama |
| 2   | Belém  |

    indented code

    after a blank line

Closing paragraph with *emphasis*.
`

// streamInto feeds text to an artifact in chunks, one Upsert and one
// View per chunk, and returns the item's final key. The renders the
// chat starts in commands (render_async.go) come back a chunk late, as
// they would from a busy program, the last ones after the stream.
func streamInto(c *Pane, text string, chunk int) {
	base := session.Item{Key: "art:t/a", Kind: session.ItemArtifact, TaskID: "t", Time: at(0), Name: "answer"}
	var late []mdRenderedMsg
	for n, v := 0, 1; n < len(text); v++ {
		n = min(n+chunk, len(text))
		it := base
		it.Version, it.Done = v, n == len(text)
		it.Parts = []a2aclient.Part{a2aclient.TextPart(text[:n])}
		c.Upsert([]session.Item{it})
		for _, msg := range late {
			c.rendered(msg)
		}
		late = runRenders(c.RenderAsync())
		c.View(c.st)
	}
	for len(late) > 0 {
		for _, msg := range late {
			c.rendered(msg)
		}
		late = runRenders(c.RenderAsync())
		c.View(c.st)
	}
}

// runRenders runs the chat's render commands as the program would.
func runRenders(cmd tea.Cmd) []mdRenderedMsg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case mdRenderedMsg:
		return []mdRenderedMsg{msg}
	case tea.BatchMsg:
		var out []mdRenderedMsg
		for _, c := range msg {
			out = append(out, runRenders(c)...)
		}
		return out
	}
	return nil
}

// bodyText is the plain text of an item's lines after its header.
func bodyText(c *Pane, i int) []string {
	l := c.render(c.items[i])
	var out []string
	for k := 1; k < l.n; k++ {
		out = append(out, strings.TrimRight(ansi.Strip(l.line(k)), " "))
	}
	return out
}

func wholeRender(c *Pane, text string) []string {
	var out []string
	for _, l := range c.md.render(prepareMarkdown(text), c.w) {
		out = append(out, strings.TrimRight(ansi.Strip(l), " "))
	}
	return out
}

// oneBlank collapses runs of blank lines: pieces of a streamed answer
// join with one blank line where glamour sometimes puts two.
func oneBlank(lines []string) []string {
	var out []string
	for i, l := range lines {
		if l == "" && i > 0 && lines[i-1] == "" {
			continue
		}
		out = append(out, l)
	}
	return out
}

func TestChatStreamAssemblesTheWholeAnswer(t *testing.T) {
	for _, chunk := range []int{13, 64, len(streamDoc)} {
		t.Run(fmt.Sprint(chunk), func(t *testing.T) {
			c := newTestChat(50, 20)
			streamInto(c, streamDoc, chunk)
			got, want := oneBlank(bodyText(c, 0)), oneBlank(wholeRender(c, streamDoc))
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Fatalf("streamed render differs from the whole render:\n--- streamed\n%s\n--- whole\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if s := c.items[0].md[0]; len(s.segs) < 5 {
				t.Fatalf("only %d stable segments: the boundary scanner found too few", len(s.segs))
			}
		})
	}
}

func TestChatStreamCutsALongCodeBlock(t *testing.T) {
	var b strings.Builder
	b.WriteString("Intro.\n\n```\n")
	for i := 0; b.Len() < 8*fenceSplit; i++ {
		fmt.Fprintf(&b, "line %d of a long listing\n", i)
	}
	b.WriteString("```\n\nAfter.\n")
	doc := b.String()
	c := newTestChat(60, 10)
	streamInto(c, doc, 300)
	got, want := oneBlank(bodyText(c, 0)), oneBlank(wholeRender(c, doc))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("cut code block renders differently (%d vs %d lines)", len(got), len(want))
	}
	s := c.items[0].md[0]
	if len(s.tailSrc) > 2*fenceSplit {
		t.Fatalf("tail of %d bytes: a long code block is re-rendered whole", len(s.tailSrc))
	}
}

func TestChatStreamRestartsWhenTextIsReplaced(t *testing.T) {
	c := newTestChat(40, 10)
	streamInto(c, "first paragraph\n\nsecond\n", 5)
	it := c.items[0].it
	it.Version++
	it.Parts = []a2aclient.Part{a2aclient.TextPart("replaced\n")}
	c.Upsert([]session.Item{it})
	if got := strings.Join(bodyText(c, 0), "\n"); got != "replaced" {
		t.Fatalf("replaced artifact shows %q", got)
	}
}

func TestChatCachesRenders(t *testing.T) {
	c := newTestChat(60, 40)
	items := bookingTranscript()
	c.Reset(items, "travel")
	c.View(c.st)
	renders, glamour := c.itemRenders, c.md.renders
	if renders == 0 || glamour == 0 {
		t.Fatal("nothing rendered")
	}
	c.Tick(at(100))
	c.View(c.st)
	c.Upsert(items[:3]) // same versions: nothing changed
	c.View(c.st)
	if c.itemRenders != renders || c.md.renders != glamour {
		t.Fatalf("unchanged items rendered again: %d→%d items, %d→%d glamour", renders, c.itemRenders, glamour, c.md.renders)
	}
	agent := items[7]
	agent.Version++
	agent.Text += " Enjoy!"
	c.Upsert([]session.Item{agent})
	c.View(c.st)
	if c.itemRenders != renders+1 {
		t.Fatalf("one changed item caused %d renders", c.itemRenders-renders)
	}
	c.SetSize(50, 40)
	c.View(c.st)
	if c.itemRenders <= renders+1 {
		t.Fatal("a new width must render again")
	}
	renders = c.itemRenders
	c.SetStyles(styles.New(themes.Light))
	c.View(c.st)
	if c.itemRenders <= renders {
		t.Fatal("a new theme must render again")
	}
}

func TestChatStreamRendersOnlyTheTail(t *testing.T) {
	c := newTestChat(60, 10)
	var doc strings.Builder
	for i := 0; doc.Len() < 40<<10; i++ {
		fmt.Fprintf(&doc, "Paragraph %d says something worth reading about the trip.\n\n", i)
	}
	streamInto(c, doc.String(), 1000)
	s := c.items[0].md[0]
	if len(s.tailSrc) > 1024 {
		t.Fatalf("tail is %d bytes after a 100 KB stream of short paragraphs", len(s.tailSrc))
	}
	stable := 0
	for _, b := range s.blocks {
		stable += len(b.lines)
	}
	if stable < 500 {
		t.Fatalf("stable part holds %d lines", stable)
	}
}
