package uitest

import (
	"fmt"
	"strings"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// T0 is the tests' clock: every item's time is counted from it.
var T0 = time.Date(2026, 12, 1, 10, 2, 0, 0, time.Local)

// StreamChunk is the bytes of one streamed chunk, a few tokens.
const StreamChunk = 64

// MarkdownDoc is a Markdown answer of at least n bytes, shaped like what a
// model writes: headings, paragraphs, tight lists, code and tables.
func MarkdownDoc(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "## Step %d\n\n", i)
		fmt.Fprintf(&b, "The itinerary for day %d starts early: take the **metro** from the hotel to the old town, "+
			"walk along the river and stop for `pastéis de nata` before the museum opens. Keep the ticket; "+
			"it is valid for the tram back as well, and the view from the hill is worth the climb.\n\n", i)
		switch i % 3 {
		case 0:
			b.WriteString("- pack light\n- bring a raincoat\n- book the museum online\n- carry some cash\n\n")
		case 1:
			b.WriteString("```python\ndef fare(zones):\n    base = 1.65\n    return base + 0.4 * (zones - 1)\n\nprint(fare(3))\n```\n\n")
		case 2:
			b.WriteString("| time | place | cost |\n|------|-------|------|\n| 09:00 | Alfama | €0 |\n| 11:00 | Belém | €12 |\n\n")
		}
	}
	return b.String()
}

// AnswerItem is a streaming artifact named answer, of task t, holding
// text as its one part, at version.
func AnswerItem(text string, version int) session.Item {
	return session.Item{Key: "art:t/answer", Seq: 1, Kind: session.ItemArtifact, TaskID: "t", Time: T0,
		Name: "answer", Version: version, Parts: []a2aclient.Part{a2aclient.TextPart(text)}}
}
