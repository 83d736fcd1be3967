package cli

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// partsChunk is an artifact update of artifact id with one part.
func partsChunk(id string, part a2aclient.Part, appendTo bool) a2aclient.Event {
	return a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t1", ContextID: "c1", Append: appendTo,
		Artifact: a2aclient.Artifact{ID: id, Name: "steps", Parts: []a2aclient.Part{part}}}}
}

func toolCall(name string) a2aclient.Part {
	return a2aclient.LiftPart(a2aclient.Part{Kind: a2aclient.PartData,
		Data:     map[string]any{"name": name, "args": map[string]any{}},
		Metadata: map[string]any{"adk_type": "function_call"}})
}

// feedManyParts feeds one artifact of n parts in n chunks, a tool call
// every tenth part and data between, then its replacement by one tool
// call, the first again, and another appended.
func feedManyParts(feed func(a2aclient.Event), n int) {
	for i := range n {
		part := a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{"row": float64(i)}}
		if i%10 == 0 {
			part = toolCall("f" + itoa(i))
		}
		feed(partsChunk("a", part, i > 0))
	}
	feed(partsChunk("a", toolCall("f0"), false))
	feed(partsChunk("a", toolCall("g"), true))
}

// An artifact streamed as thousands of parts, a chunk each, tool calls
// among them: each tool call's line is printed once, when it arrives,
// and the replaced artifact's tools past those shown are printed.
func TestTextPrinterToolsOfManyPartsEachOnce(t *testing.T) {
	const n = 2000
	out, _, feed := fedTextPrinter()
	feedManyParts(feed, n)
	got := out.String()
	for i := 0; i < n; i += 10 {
		if c := strings.Count(got, "called f"+itoa(i)+"({})\n"); c != 1 {
			t.Fatalf("the tool call f%d printed %d times", i, c)
		}
	}
	if c := strings.Count(got, "called g({})\n"); c != 1 {
		t.Errorf("the tool call appended to the replaced artifact printed %d times", c)
	}
}

// Printing an artifact of many parts streamed a part a chunk.
func BenchmarkTextPrinterManyParts(b *testing.B) {
	for b.Loop() {
		_, _, feed := fedTextPrinter()
		feedManyParts(feed, 8000)
	}
}
