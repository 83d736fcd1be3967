package jsonout

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
)

// cleanTexts are strings termsafe.Clean changes, and some it does not.
var cleanTexts = append([]string{
	"a\x1b]52;c;cHduZWQ=\x07b", "\x1b[2Jclear", "over\rwrite", "bidi \u202eexe.txt", "zero\u200bwidth\ufeff",
	"iso\u2066late\u2069", "word\u2060joiner", "\u0085 C1 \u009b31m", "del\x7f", "emoji 😀 ok",
}, lineTexts...)

// cleanedValue is v with every string, keys too, as termsafe.Clean
// leaves it: what decoding clean JSON must give.
func cleanedValue(v any) any {
	switch v := v.(type) {
	case string:
		return termsafe.Clean(v)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = cleanedValue(x)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[termsafe.Clean(k)] = cleanedValue(x)
		}
		return out
	}
	return v
}

// checkClean holds got, clean JSON, to what the encoder wrote: the same
// values with every string cleaned, and no string left to clean.
func checkClean(t *testing.T, got []byte, encoded string) {
	t.Helper()
	var want, have any
	if err := json.Unmarshal([]byte(encoded), &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got, &have); err != nil {
		t.Fatalf("clean JSON does not decode (%v): %s", err, got)
	}
	if !reflect.DeepEqual(have, cleanedValue(want)) {
		t.Errorf("clean JSON differs:\n got %s\nfrom %s", got, encoded)
	}
	if !reflect.DeepEqual(cleanedValue(have), have) {
		t.Errorf("clean JSON holds something to clean: %s", got)
	}
}

func TestAppendCleanJSON(t *testing.T) {
	for _, s := range cleanTexts {
		v := map[string]any{s: []any{s, 1.5, true, nil, map[string]any{"k": s}}, "plain": "text \"q\" \\"}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		checkClean(t, AppendCleanJSON(nil, b), string(b))
		if termsafe.Clean(s) == s && !bytes.Equal(AppendCleanJSON(nil, b), b) {
			t.Errorf("clean JSON was rewritten: %s", b)
		}
	}
}

func TestEventLinesCleanMatchesTheEncoder(t *testing.T) {
	var lines EventLines
	for _, s := range cleanTexts {
		ev := textUpdate(s, "c", s, s, s, true, false, s, "plain", s)
		got, ok := lines.AppendClean([]byte("prefix"), ev)
		if !ok {
			t.Fatalf("a text update went the general way")
		}
		if !bytes.HasPrefix(got, []byte("prefix")) || !bytes.HasSuffix(got, []byte("\n")) {
			t.Fatalf("line %q", got)
		}
		checkClean(t, got[len("prefix"):], generalLine(t, ev))
		if want := string(AppendCleanJSON(nil, []byte(generalLine(t, ev)))); string(got[len("prefix"):]) != want {
			t.Errorf("clean line differs from the general path:\n got %s\nwant %s", got, want)
		}
	}
}

func TestWriteCleanMatchesTheEncoder(t *testing.T) {
	for _, s := range cleanTexts {
		long := strings.Repeat("word "+s, 20000) // longer than a piece
		sum := &Outcome{Dialect: "v0.3", TaskID: s, ContextID: "c", State: "completed", Text: long, StatusText: s,
			Artifacts: []a2aclient.Artifact{{ID: s, Name: s, Parts: []a2aclient.Part{a2aclient.TextPart(long),
				{Kind: a2aclient.PartData, Data: map[string]any{s: s}}, {Kind: a2aclient.PartFile, File: &a2aclient.File{Name: s, MimeType: s}}},
				Metadata: map[string]any{s: []any{s}}}}}
		r, err := NewResultLine(sum, 7)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := r.WriteClean(&b); err != nil {
			t.Fatal(err)
		}
		checkClean(t, b.Bytes(), generalResult(t, sum, 7))
	}
}

func BenchmarkEventLineClean(b *testing.B) {
	ev := textUpdate("0f8c1d52-6a3e-4c1b-9a57-2f4d8e1b7c30", "5b2e9f41-7d8a-4e6c-b3f0-1a9c8d7e6f52",
		"9d4c2b1a-3e5f-4a6b-8c7d-0e1f2a3b4c5d", "answer", "", true, false, benchText(64))
	var line []byte
	var lines EventLines
	for i := 0; i < b.N; i++ {
		line, _ = lines.AppendClean(line[:0], ev)
	}
}

func BenchmarkResultLineClean(b *testing.B) {
	text := benchText(1280000)
	s := &Outcome{Dialect: "v1.0", TaskID: "t", ContextID: "c", State: "completed", Text: text,
		Artifacts: []a2aclient.Artifact{{ID: "answer", Name: "answer", Parts: []a2aclient.Part{a2aclient.TextPart(text)}}}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r, _ := NewResultLine(s, 1)
		_ = r.WriteClean(io.Discard)
	}
}

// Clean lines written in pieces cut anywhere, a sequence across a cut
// included, decode to the cleaned values.
func TestWriteCleanInPiecesCutAnywhere(t *testing.T) {
	for _, s := range cleanTexts {
		text := "ab" + s + "cd\x1b]52;c;QUJD\x07ef" + s
		sum := &Outcome{Dialect: "v0.3", TaskID: "t", ContextID: "c", State: "completed", Text: text,
			Artifacts: []a2aclient.Artifact{{ID: "a", Parts: []a2aclient.Part{a2aclient.TextPart(text)}}}}
		r, err := NewResultLine(sum, 3)
		if err != nil {
			t.Fatal(err)
		}
		for piece := 1; piece < 40; piece++ {
			var p pieces
			if err := r.writePieces(&p, piece, escClean); err != nil {
				t.Fatal(err)
			}
			checkClean(t, bytes.Join(p.got, nil), generalResult(t, sum, 3))
		}
	}
}

// The clean check meets each byte that needs a look at every position
// of a string longer than two words.
func TestAppendJSONBodyCleanAtEveryOffset(t *testing.T) {
	for _, sp := range []string{"\x1b[1m", "\x7f", "\r", "\u202e", "\u200b", "\ufeff", "\u0085", "\x07", "é", "\n", "\t", "\xff"} {
		for at := 0; at <= 20; at++ {
			s := strings.Repeat("a", at) + sp + strings.Repeat("b", 20-at)
			var line bytes.Buffer
			line.WriteByte('"')
			line.Write(appendJSONBody(nil, s, escClean))
			line.WriteByte('"')
			var back string
			if err := json.Unmarshal(line.Bytes(), &back); err != nil {
				t.Fatalf("%q: %v", s, err)
			}
			if want := termsafe.Clean(s); back != want {
				t.Errorf("%q: decodes to %q, want %q", s, back, want)
			}
		}
	}
}
