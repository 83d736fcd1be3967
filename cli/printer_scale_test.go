package cli

import (
	"strconv"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// printerEntries counts the entries the text printer keeps per artifact.
func printerEntries(p *textPrinter) int {
	return len(p.toolScan) + len(p.toolLines.byArt) + len(p.partLines.byArt)
}

// The text printer keeps nothing per artifact of plain text: whether an
// artifact is new (printed at the end as it comes) is the tracker's to
// say. It kept the id of every artifact it had seen, 3.4 MB of parley
// send's heap for 100,000 of them.
func TestTextPrinterKeepsNothingPerArtifact(t *testing.T) {
	const n = 5000
	out, p, feed := fedTextPrinter()
	var want strings.Builder
	for i := range n {
		c := textChunk("a"+strconv.Itoa(i), strconv.Itoa(i%10), false)
		c.Artifact.LastChunk = true
		feed(c)
		want.WriteString(strconv.Itoa(i % 10))
	}
	feed(a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted}}})
	if got := printerEntries(p); got != 0 {
		t.Errorf("the printer keeps %d entries for %d artifacts; want none", got, n)
	}
	if !strings.HasPrefix(out.String(), want.String()+"\n") {
		t.Errorf("printed %.40q…; want the artifacts' text in order", out.String())
	}
}
