package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
)

// A result holds a window of the text, cut where a rune starts, from the
// offset asked for; data parts while they fit; and says where the next
// window starts and where the whole answer is.
func TestBoundedResultPagesTheText(t *testing.T) {
	text := strings.Repeat("é", mcpTextBound) // two bytes a rune: twice the bound
	big := map[string]any{"rows": strings.Repeat("x", mcpTextBound)}
	o := &jsonout.Outcome{TaskID: "t-1", State: "completed", Text: text, Artifacts: []a2aclient.Artifact{{ID: "a", Parts: []a2aclient.Part{
		a2aclient.TextPart(text), {Kind: a2aclient.PartData, Data: map[string]any{"n": 1.0}}, {Kind: a2aclient.PartData, Data: big},
		{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "f.bin", Bytes: make([]byte, 10)}},
	}}}}

	res := boundedResult(o, 7, 1) // inside the first rune: from its start
	if res.TextOffset != 0 || len(res.Text) != mcpTextBound || !strings.HasPrefix(text, res.Text) {
		t.Errorf("first window: offset %d, %d bytes", res.TextOffset, len(res.Text))
	}
	parts := res.Artifacts[0].Parts
	if string(parts[1].Data) != "" || parts[1].Bytes != 7 || parts[2].Data != nil || parts[3].Bytes != 10 || parts[3].Name != "f.bin" {
		t.Errorf("parts: %+v (no room left for data beside a full window)", parts)
	}
	for _, want := range []string{"holds 65536 of them, from byte 0", "offset 65536", "parley contexts show 7"} {
		if !strings.Contains(res.More, want) {
			t.Errorf("more = %q, want %q in it", res.More, want)
		}
	}

	res = boundedResult(o, 0, mcpTextBound+mcpTextBound/2+1) // the last quarter, cut back to a rune
	if res.TextOffset != mcpTextBound+mcpTextBound/2 || !strings.HasSuffix(text, res.Text) || len(res.Text) != mcpTextBound/2 {
		t.Errorf("last window: offset %d, %d bytes", res.TextOffset, len(res.Text))
	}
	if string(res.Artifacts[0].Parts[1].Data) != `{"n":1}` {
		t.Errorf("a small data part beside a short window: %s", res.Artifacts[0].Parts[1].Data)
	}
	if strings.Contains(res.More, "get_task") || !strings.Contains(res.More, "kept no copy") {
		t.Errorf("nothing of the text is left and nothing stored: more = %q", res.More)
	}

	short := boundedResult(&jsonout.Outcome{State: "message", Text: "pong"}, 3, 0)
	if b, _ := json.Marshal(short); short.More != "" || short.Text != "pong" || !strings.Contains(string(b), `"artifacts":[]`) {
		t.Errorf("a short answer: %s", b)
	}
}

// lastLine keeps only the last line, and nothing of one over its bound.
func TestLastLineKeepsTheLastLine(t *testing.T) {
	w := &lastLine{max: 8}
	w.Write([]byte("one\ntw"))
	w.Write([]byte("o\n"))
	if got := string(w.Line()); got != "two" {
		t.Errorf("got %q, want two", got)
	}
	w.Write([]byte("a line too long\n"))
	if got := w.Line(); len(got) != 0 {
		t.Errorf("got %q, want nothing", got)
	}
	w.Write([]byte("three"))
	if got := string(w.Line()); got != "three" {
		t.Errorf("got %q, want three", got)
	}
}
