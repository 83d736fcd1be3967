package jsonout

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// generalResult is how `parley send --json` writes the result line
// without the fast path: the cli's storedResult through a json.Encoder
// without HTML escaping.
func generalResult(t testing.TB, s *Outcome, storeID int64) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		ResultJSON
		StoreID int64 `json:"storeId,omitempty"`
	}{ResultToJSON(s), storeID}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// trickySummaries are results with everything a hostile or unusual agent
// can put in one: every kind of part, metadata at each level, key order
// kept in data, strings that need escaping (with and without HTML
// escaping, which parts and the rest of the line differ in), empty and
// missing fields.
func trickySummaries() []*Outcome {
	var out []*Outcome
	for _, s := range lineTexts {
		out = append(out, &Outcome{Dialect: a2aclient.Dialect(s), ContextID: s, TaskID: s, State: s, Text: s, StatusText: s,
			Artifacts: []a2aclient.Artifact{{ID: s, Name: s, Description: s, Parts: []a2aclient.Part{a2aclient.TextPart(s), a2aclient.TextPart(s)}}}})
	}
	raw := `{"z":"<last>","a":[{"y":1,"b":"\u2028"}],"m":{"q":null,"c":true}}`
	var data any
	_ = json.Unmarshal([]byte(raw), &data)
	meta := map[string]any{"b": "<&>", "a": 1.5, "\u2028": []any{"x\x7f", nil}}
	out = append(out,
		&Outcome{State: "message", Text: "pong", Timings: &TimingsJSON{FirstEventMs: 0.004, FinalMs: 12}},
		&Outcome{State: "completed", TraceID: "4bf92f3577b34da6a3ce929d0e0e4736", Timings: &TimingsJSON{FirstByteMs: 180.25, FirstEventMs: 181,
			FirstTextMs: 1234567.891, FinalMs: 2400, States: []StateTimeJSON{{State: "submitted", Ms: 0.5}, {State: "<w\u2028\x1b>", Ms: 2000}}}},
		&Outcome{State: "failed", Timings: &TimingsJSON{}},
		&Outcome{Dialect: "v0.3", TaskID: "t", State: "completed", Artifacts: []a2aclient.Artifact{}},
		&Outcome{Dialect: "v1.0", TaskID: "t", ContextID: "c", State: "input-required", StatusText: "which <day>?",
			Artifacts: []a2aclient.Artifact{
				{ID: "empty"},
				{ID: "meta", Metadata: meta, Parts: []a2aclient.Part{{Kind: a2aclient.PartText, Text: "a<b>&c", Metadata: meta}}},
				{ID: "data", Name: "table", Parts: []a2aclient.Part{
					{Kind: a2aclient.PartData, Data: data, KeyOrder: a2aclient.JSONKeyOrder([]byte(raw))},
					{Kind: a2aclient.PartData, Data: data},
					{Kind: a2aclient.PartData},
					{Kind: a2aclient.PartData, Data: []any{"<x>", 1.0, map[string]any{"k": "\x1b[31m"}}, Metadata: meta},
				}},
				{ID: "files", Parts: []a2aclient.Part{
					{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "a<b>.csv", MimeType: "text/csv", Bytes: []byte("x,y\n\x00\xff")}},
					{Kind: a2aclient.PartFile, File: &a2aclient.File{URI: "https://x/y?a=1&b=<2>"}},
					{Kind: a2aclient.PartFile},
					{Kind: "strange", Text: "kept?"},
				}},
				{ID: "esc", Parts: []a2aclient.Part{a2aclient.TextPart("\x1b]52;c;AAAA\x07 \x1b[2J \u009b31m \x7f")}},
			}})
	return out
}

func TestAppendResultLineMatchesTheEncoder(t *testing.T) {
	for _, s := range trickySummaries() {
		for _, id := range []int64{0, 7, 1 << 40} {
			got, err := AppendResultLine([]byte("prefix"), s, id)
			if err != nil {
				t.Fatal(err)
			}
			if want := "prefix" + generalResult(t, s, id); string(got) != want {
				t.Errorf("result line differs:\n got %s\nwant %s", got, want)
			}
		}
	}
}

func TestAppendResultLineLeavesDstOnError(t *testing.T) {
	s := &Outcome{State: "completed", Artifacts: []a2aclient.Artifact{{ID: "a", Parts: []a2aclient.Part{
		{Kind: a2aclient.PartData, Data: map[string]any{"f": func() {}}}}}}}
	got, err := AppendResultLine([]byte("prefix"), s, 1)
	if err == nil || string(got) != "prefix" {
		t.Errorf("got %q, %v; want the prefix alone and an error", got, err)
	}
}

// FuzzAppendResultLine holds the fast result line to the encoder, and
// the terminal-safe one, in pieces, to the encoder plus escapeControls:
//
//	go test ./internal/jsonout/ -run '^$' -fuzz FuzzAppendResultLine -fuzztime 60s
func FuzzAppendResultLine(f *testing.F) {
	for _, s := range lineTexts {
		f.Add(s, s, int64(3))
	}
	f.Fuzz(func(t *testing.T, text, other string, id int64) {
		s := &Outcome{Dialect: a2aclient.Dialect(other), ContextID: other, TaskID: text, State: other, Text: text, StatusText: other,
			Artifacts: []a2aclient.Artifact{{ID: other, Name: text, Parts: []a2aclient.Part{a2aclient.TextPart(text), a2aclient.TextPart(other)},
				Metadata: map[string]any{other: text}}}}
		got, err := AppendResultLine(nil, s, id)
		if want := generalResult(t, s, id); err != nil || string(got) != want {
			t.Fatalf("result line differs (%v):\n got %s\nwant %s", err, got, want)
		}
		// And terminal-safe, in pieces cut anywhere (id picks the size).
		checkTerminalSafe(t, s, id, 1+int(uint64(id)%23))
	})
}

func BenchmarkResultLine(b *testing.B) {
	text := benchText(1280000)
	s := &Outcome{Dialect: "v1.0", TaskID: "t", ContextID: "c", State: "completed", Text: text,
		Artifacts: []a2aclient.Artifact{{ID: "answer", Name: "answer", Parts: []a2aclient.Part{a2aclient.TextPart(text)}}}}
	b.Run("encoding-json", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			generalResult(b, s, 1)
		}
	})
	b.Run("append", func(b *testing.B) {
		var dst []byte
		for i := 0; i < b.N; i++ {
			dst, _ = AppendResultLine(dst[:0], s, 1)
		}
	})
	b.Run("terminal-safe", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			r, _ := NewResultLine(s, 1)
			_ = r.WriteTerminalSafe(io.Discard)
		}
	})
}
