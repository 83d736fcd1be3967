package jsonout

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
	var lines EventLines // one for all: the ids change from event to event
	for _, ev := range events {
		got, ok := AppendEventLine([]byte("prefix"), ev)
		if !ok {
			t.Fatalf("a text update went the general way: %+v", ev.Artifact)
		}
		if want := "prefix" + generalLine(t, ev); string(got) != want {
			t.Errorf("line differs:\n got %s\nwant %s", got, want)
		}
		checkEventLines(t, &lines, ev)
	}
}

// checkEventLines holds lines' terminal-safe line for ev to the general
// path plus escapeControls.
func checkEventLines(t *testing.T, lines *EventLines, ev a2aclient.Event) {
	t.Helper()
	got, ok := lines.AppendTerminalSafe([]byte("prefix"), ev)
	if !ok {
		t.Fatalf("a text update went the general way: %+v", ev.Artifact)
	}
	if want := "prefix" + terminalSafe(generalLine(t, ev)); string(got) != want {
		t.Errorf("terminal-safe line differs:\n got %s\nwant %s", got, want)
	}
}

// withField returns a copy of ev with the i-th string its line's prefix
// is made from (task id, context id, artifact id, name, description)
// set to s.
func withField(ev a2aclient.Event, i int, s string) a2aclient.Event {
	u := *ev.Artifact
	switch i {
	case 0:
		u.TaskID = s
	case 1:
		u.ContextID = s
	case 2:
		u.Artifact.ID = s
	case 3:
		u.Artifact.Name = s
	default:
		u.Artifact.Description = s
	}
	return a2aclient.Event{Artifact: &u}
}

// TestEventLinesNoticeEachChange streams chunks whose prefix strings
// change one at a time between consecutive events, to hostile values
// and to empty (a field left out), and back: a cached prefix kept when
// one of them changed would show here.
func TestEventLinesNoticeEachChange(t *testing.T) {
	hostile := []string{"", "\x1b]0;pwned\x07", "\u009b31m", "del\x7f", "bad \xff\xc3", "\u2028\u2029", "\u0085\x1b[2J"}
	base := textUpdate("task-1", "ctx-1", "art-1", "answer", "desc", true, false, "chunk")
	var lines EventLines
	checkEventLines(t, &lines, base)
	for i := range 5 {
		for _, h := range hostile {
			for j, text := range []string{"plain", h, "\x1b[31m\u0090\x7f\xff\u2028 <&>"} {
				ev := withField(base, i, h)
				ev.Artifact.Artifact.Parts = []a2aclient.Part{a2aclient.TextPart(text)}
				ev.Artifact.LastChunk = j == 2
				checkEventLines(t, &lines, ev)
			}
			checkEventLines(t, &lines, base)
		}
	}
	// The same strings in fresh memory, as the decoder makes them for
	// each event, still make the same line.
	same := withField(base, 0, strings.Clone(base.Artifact.TaskID))
	checkEventLines(t, &lines, same)
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
//	go test ./internal/jsonout/ -run '^$' -fuzz FuzzAppendEventLine -fuzztime 60s
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
		// The terminal-safe line with its cached prefix, through a
		// change of one of the prefix's strings and back.
		var lines EventLines
		checkEventLines(t, &lines, ev)
		checkEventLines(t, &lines, withField(ev, len(text)%5, text))
		checkEventLines(t, &lines, ev)
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
				dst = AppendString(dst[:0], s, true)
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
				if got := string(AppendString(nil, s, html)); got != want {
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

// BenchmarkEventLine is one streamed chunk's line: the encoder-form line
// built whole, and the terminal-safe one with its prefix cached.
func BenchmarkEventLine(b *testing.B) {
	ev := textUpdate("0f8c1d52-6a3e-4c1b-9a57-2f4d8e1b7c30", "5b2e9f41-7d8a-4e6c-b3f0-1a9c8d7e6f52",
		"9d4c2b1a-3e5f-4a6b-8c7d-0e1f2a3b4c5d", "answer", "", true, false, benchText(64))
	b.Run("whole", func(b *testing.B) {
		var line []byte
		for i := 0; i < b.N; i++ {
			line, _ = AppendEventLine(line[:0], ev)
		}
	})
	b.Run("cached", func(b *testing.B) {
		var line []byte
		var lines EventLines
		for i := 0; i < b.N; i++ {
			line, _ = lines.AppendTerminalSafe(line[:0], ev)
		}
	})
}
