package loopback

import (
	"fmt"
	"strconv"
	"strings"
)

// Answer is a Markdown answer of exactly n bytes (n ≥ 64), shaped like
// what a model writes — headings, paragraphs, tight lists, code and
// tables — and ending in a paragraph that is EndMarker. It is ASCII, so
// cutting it anywhere leaves valid UTF-8 on both sides.
func Answer(n int) string {
	end := "\n\n" + EndMarker + "\n"
	var b strings.Builder
	b.Grow(n + 1024)
	for i := 0; b.Len() < n-len(end); i++ {
		fmt.Fprintf(&b, "## Step %d\n\n", i)
		fmt.Fprintf(&b, "The itinerary for day %d starts early: take the **metro** from the hotel to the old town, "+
			"walk along the river and stop for `coffee` before the museum opens. Keep the ticket; "+
			"it is valid for the tram back as well, and the view from the hill is worth the climb.\n\n", i)
		switch i % 3 {
		case 0:
			b.WriteString("- pack light\n- bring a raincoat\n- book the museum online\n- carry some cash\n\n")
		case 1:
			b.WriteString("```python\ndef fare(zones):\n    base = 1.65\n    return base + 0.4 * (zones - 1)\n\nprint(fare(3))\n```\n\n")
		case 2:
			b.WriteString("| time | place | cost |\n|------|-------|------|\n| 09:00 | Alfama | 0 |\n| 11:00 | Belem | 12 |\n\n")
		}
	}
	// Leave room to close a code block cut short, so the marker is a
	// paragraph of its own; pad with spaces to the exact size.
	doc := strings.TrimRight(b.String()[:n-len(end)-4], "\n")
	if strings.Count(doc, "```")%2 == 1 {
		doc += "\n```"
	}
	return doc + strings.Repeat(" ", n-len(end)-len(doc)) + end
}

// InterleavedID is the id of artifact k of an interleaved answer
// (Options.Interleave).
func InterleavedID(k int) string { return ArtifactID + "-" + strconv.Itoa(k) }

// InterleavedAnswer is the text of artifact k of an interleaved answer:
// exactly n bytes, an Answer under a heading that names k, so that no
// two artifacts' texts are alike.
func InterleavedAnswer(k, n int) string {
	head := answerHead(k)
	return head + Answer(n-len(head))
}

func answerHead(k int) string { return fmt.Sprintf("# Answer %d\n\n", k) }
