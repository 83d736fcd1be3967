package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
)

// peakWriter discards what it is given and notes the most live heap seen
// at a write (after a collection, every 256 KB and at the first): what a
// writer of the whole output at once would hold shows up here, and
// garbage does not.
type peakWriter struct {
	n, next int64
	peak    uint64
}

func (p *peakWriter) Write(b []byte) (int, error) {
	p.n += int64(len(b))
	if p.n < p.next {
		return len(b), nil
	}
	p.next = p.n + 256<<10
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	p.peak = max(p.peak, ms.HeapAlloc)
	return len(b), nil
}

// liveHeap is the live heap after two collections: the second empties
// the pools' victim caches, which would hide a large buffer made before.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// Showing and exporting a long context stream it from the store: the
// memory they hold does not grow with the context. They loaded every
// item first (and the JSON export built the whole document too):
// `contexts show` on 50,000 items peaked at 171 MB.
func TestLongContextStreamsInBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("records 20,000 items")
	}
	s := openTestStore(t)
	id := fillContext(t, s, 20000)
	const limit = 4 << 20
	for _, c := range []struct {
		name  string
		write func(io.Writer) error
	}{
		{"markdown", func(w io.Writer) error { return s.ExportMarkdown(w, id) }},
		{"json export", func(w io.Writer) error { return s.ExportJSON(w, id) }},
		{"show --json", func(w io.Writer) error { return s.WriteTranscriptJSON(w, id, TranscriptOptions{TerminalSafe: true}) }},
	} {
		name, write := c.name, c.write
		base := liveHeap()
		pw := &peakWriter{}
		if err := write(pw); err != nil {
			t.Fatal(err)
		}
		grew := int64(pw.peak) - int64(base)
		t.Logf("%s: %d MB written, live heap grew by at most %.1f MB", name, pw.n>>20, float64(grew)/(1<<20))
		if pw.n < 5<<20 {
			t.Errorf("%s wrote only %d bytes", name, pw.n)
		}
		if grew > limit {
			t.Errorf("%s held %.1f MB more while writing 20,000 items; want under %d MB", name, float64(grew)/(1<<20), limit>>20)
		}
	}
}

// The streamed documents are the ones encoding the whole transcript
// wrote: the same JSON, line and indented.
func TestStreamedTranscriptIsTheSameDocument(t *testing.T) {
	s := openTestStore(t)
	id := fillContext(t, s, 41)
	tr, err := s.Transcript(id)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(tr); err != nil {
		t.Fatal(err)
	}
	var line bytes.Buffer
	if err := s.WriteTranscriptJSON(&line, id, TranscriptOptions{}); err != nil {
		t.Fatal(err)
	}
	if line.String() != want.String() {
		t.Errorf("line form differs:\n%s\n%s", line.String(), want.String())
	}
	want.Reset()
	enc.SetIndent("", "  ")
	if err := enc.Encode(tr); err != nil {
		t.Fatal(err)
	}
	var indented bytes.Buffer
	if err := s.ExportJSON(&indented, id); err != nil {
		t.Fatal(err)
	}
	if indented.String() != want.String() {
		t.Errorf("indented form differs:\n%s\n%s", indented.String(), want.String())
	}
}

// Cleaned, the streamed documents carry no bidi or invisible character
// however long the strings around them: each piece written is whole
// JSON values, so no string is cleaned in halves.
func TestStreamedTranscriptCleansEveryString(t *testing.T) {
	s := openTestStore(t)
	conv := session.NewConversation(nil, "spoof", nil)
	conv.Restore("ctx", nil, nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "evil\u202e", Ref: "http://127.0.0.1:1"}})
	long := strings.Repeat("pay\u200bpal \u202efdp.exe ", 20000) // 400 KB, past any buffer
	conv.Edit(func(e session.Editor) {
		for i := range 3 {
			e.Add(&session.Item{Key: fmt.Sprintf("msg:%d", i), Kind: session.ItemAgent, Text: long, Done: true,
				Parts: []a2aclient.Part{{Kind: a2aclient.PartData, Data: map[string]any{"k\u2066": long}}}})
		}
	})
	conv.Changed()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	for _, indent := range []bool{false, true} {
		var b bytes.Buffer
		if err := s.WriteTranscriptJSON(&b, rec.ID(), TranscriptOptions{Indent: indent, Clean: true}); err != nil {
			t.Fatal(err)
		}
		var doc jsonout.TranscriptJSON
		if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		if len(doc.Items) != 3 {
			t.Fatalf("%d items", len(doc.Items))
		}
		for _, bad := range []string{"\u202e", "\u200b", "\u2066", `\u202e`, `\u200b`, `\u2066`} {
			if strings.Contains(b.String(), bad) {
				t.Errorf("indent %v: %q came through", indent, bad)
			}
		}
	}
}
