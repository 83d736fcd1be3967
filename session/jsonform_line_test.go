package session

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// generalLine is how `parley send --json` writes an event without the
// fast path: a json.Encoder without HTML escaping.
func generalLine(t testing.TB, ev a2aclient.Event) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(EventToJSON(ev)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func textUpdate(taskID, ctxID, id, name, desc string, appendChunk, last bool, texts ...string) a2aclient.Event {
	u := &a2aclient.ArtifactUpdate{TaskID: taskID, ContextID: ctxID, Append: appendChunk, LastChunk: last,
		Artifact: a2aclient.Artifact{ID: id, Name: name, Description: desc}}
	for _, s := range texts {
		u.Artifact.Parts = append(u.Artifact.Parts, a2aclient.TextPart(s))
	}
	return a2aclient.Event{Artifact: u}
}

var lineTexts = []string{
	"", "plain words", "<b>&amp;</b> \"q\" \\ /", "\n\t\r\b\f\x00\x01\x1f\x7f", "café ☃ 😀 日本",
	"\u2028\u2029", "bad \xff\xfe utf8 \xc3", "\u0085 C1 \u009b", "ends in a half rune \xe2\x82",
}

func TestAppendEventLineMatchesTheEncoder(t *testing.T) {
	events := []a2aclient.Event{
		textUpdate("t1", "c1", "a1", "answer", "", true, false, "chunk"),
		textUpdate("", "", "a", "", "", false, false),
		textUpdate("t<1>", "c&1", "a\"1", "n\u2028", "d\n", false, true, lineTexts...),
	}
	for _, s := range lineTexts {
		events = append(events, textUpdate(s, s, s, s, s, true, true, s, s))
	}
	for _, ev := range events {
		got, ok := AppendEventLine([]byte("prefix"), ev)
		if !ok {
			t.Fatalf("a text update went the general way: %+v", ev.Artifact)
		}
		if want := "prefix" + generalLine(t, ev); string(got) != want {
			t.Errorf("line differs:\n got %s\nwant %s", got, want)
		}
	}
}

func TestAppendEventLineLeavesOtherEvents(t *testing.T) {
	meta := textUpdate("t", "c", "a", "", "", true, false, "x")
	meta.Artifact.Metadata = map[string]any{"k": 1.0}
	artMeta := textUpdate("t", "c", "a", "", "", true, false, "x")
	artMeta.Artifact.Artifact.Metadata = map[string]any{"k": 1.0}
	partMeta := textUpdate("t", "c", "a", "", "", true, false, "x")
	partMeta.Artifact.Artifact.Parts[0].Metadata = map[string]any{"k": 1.0}
	data := textUpdate("t", "c", "a", "", "", true, false)
	data.Artifact.Artifact.Parts = []a2aclient.Part{{Kind: a2aclient.PartData, Data: map[string]any{}}}
	for _, ev := range []a2aclient.Event{
		meta, artMeta, partMeta, data,
		{Status: &a2aclient.StatusUpdate{TaskID: "t"}},
		{Task: &a2aclient.Task{ID: "t"}},
		{Message: &a2aclient.Message{ID: "m"}},
		{},
	} {
		if got, ok := AppendEventLine(nil, ev); ok || len(got) != 0 {
			t.Errorf("%s event taken by the fast path: %s", ev.Kind(), got)
		}
	}
}

// FuzzAppendEventLine holds the fast line to the encoder on any strings:
//
//	go test ./session/ -run '^$' -fuzz FuzzAppendEventLine -fuzztime 60s
func FuzzAppendEventLine(f *testing.F) {
	for _, s := range lineTexts {
		f.Add(s, s, true)
	}
	f.Fuzz(func(t *testing.T, id, text string, last bool) {
		ev := textUpdate(id, id, id, text, id, !last, last, text, id)
		got, ok := AppendEventLine(nil, ev)
		if want := generalLine(t, ev); !ok || string(got) != want {
			t.Fatalf("line differs:\n got %s\nwant %s", got, want)
		}
	})
}

// benchText is Markdown of the kind a streamed answer carries: mostly
// ASCII words, a newline every few dozen bytes, some code and a table.
func benchText(n int) string {
	const para = "## Step 1\n\nThe itinerary starts early: take the **metro** to the old town and stop for `coffee`.\n\n" +
		"```python\ndef fare(zones):\n    return 1.65 + 0.4 * (zones - 1)\n```\n\n| time | place |\n|------|-------|\n| 09:00 | Alfama |\n\n"
	return strings.Repeat(para, n/len(para)+1)[:n]
}

func BenchmarkAppendJSONString(b *testing.B) {
	for _, n := range []int{64, 1 << 20} {
		s := benchText(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			dst := make([]byte, 0, 2*n)
			for i := 0; i < b.N; i++ {
				dst = appendJSONString(dst[:0], s, true)
			}
		})
	}
}

// TestAppendJSONStringAtEveryOffset puts each byte that needs a look at
// every position of a string longer than two words, so the eight-byte
// skip meets it at each place in a word and across the word boundary.
func TestAppendJSONStringAtEveryOffset(t *testing.T) {
	specials := []string{"\"", "\\", "\n", "\x00", "\x1f", "\x7f", "<", ">", "&", "é", "\u2028", "\xff", "\xe2\x82", "\u0085", " ", "~"}
	for _, sp := range specials {
		for at := 0; at <= 20; at++ {
			s := strings.Repeat("a", at) + sp + strings.Repeat("b", 20-at)
			for _, html := range []bool{false, true} {
				want := encoderString(t, s, html)
				if got := string(appendJSONString(nil, s, html)); got != want {
					t.Errorf("%q (html %v):\n got %s\nwant %s", s, html, got, want)
				}
			}
		}
	}
}

// encoderString is s as a json.Encoder writes it, without the newline:
// what the hand-written encoders are held to.
func encoderString(t *testing.T, s string, html bool) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(html)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
