package a2aclient

import (
	"bufio"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	sse "github.com/tmaxmax/go-sse"
)

// readEvents reads every event's data from body, one byte at a time when
// slow is set, so every line ending and field falls across reads
// somewhere.
func readEvents(body string, max int, slow bool) ([]string, error) {
	if slow {
		return readEventsIn(body, max, 1)
	}
	return readEventsIn(body, max, sseBlockSize)
}

// readEventsIn reads body in blocks of the given size, one block reused
// for every read as the stream reuses its blocks: data kept from an
// earlier read and then overwritten would show.
func readEventsIn(body string, max, block int) ([]string, error) {
	s := newSSEReader(bufio.NewReaderSize(strings.NewReader(body), 16), max)
	buf := make([]byte, 0, block)
	var out []string
	for {
		evs, err := s.read(buf, nil)
		for _, data := range evs {
			out = append(out, string(data))
		}
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
	}
}

// sseBlocks are the block sizes the reader is tried with: one byte, sizes
// that cut lines and line endings anywhere, and the real one.
var sseBlocks = []int{1, 2, 3, 5, 7, 16, sseBlockSize}

func TestSSEReader(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"lf", "data: a\n\ndata: b\n\n", []string{"a", "b"}},
		{"crlf", "data: a\r\n\r\ndata: b\r\n\r\n", []string{"a", "b"}},
		{"lone cr", "data: a\r\rdata: b\r\r", []string{"a", "b"}},
		{"mixed endings", "data: a\r\n\rdata: b\n\r\n", []string{"a", "b"}},
		{"multi-line data", "data: a\ndata:b\ndata:  c\n\n", []string{"a\nb\n c"}},
		{"comments and other fields", ": hi\nevent: x\nid: 7\nretry: 10\ndata: a\n: between\ndata: b\n\n", []string{"a\nb"}},
		{"comment lines do not end an event", "data: a\n:\ndata: b\n\n", []string{"a\nb"}},
		{"no data, no event", "event: ping\n\n: keep-alive\n\n\n\n", nil},
		{"empty data is an event", "data:\n\n", []string{""}},
		{"field without colon", "data\n\n", []string{""}},
		{"unknown fields", "dato: x\ndata: a\n\n", []string{"a"}},
		{"bom", "\xef\xbb\xbfdata: a\n\n", []string{"a"}},
		{"no blank line at the end", "data: a\n\ndata: b", []string{"a", "b"}},
		{"leading blank lines", "\n\n\ndata: a\n\n", []string{"a"}},
		{"colon in value", "data: {\"a\":1}\n\n", []string{`{"a":1}`}},
		// Near misses of the one-line event read without copying.
		{"cr inside the line", "data: a\rb\n\ndata: c\n\n", []string{"a", "c"}},
		{"crlf then lf", "data: a\r\n\ndata: b\n\r\n", []string{"a", "b"}},
		{"crlf then lone cr", "data: a\r\n\rdata: b\r\n\r\n", []string{"a", "b"}},
		{"lf then more data", "data: a\ndata: b\n\ndata: c\n\n", []string{"a\nb", "c"}},
		{"data then another field", "data: a\nid: 1\n\n", []string{"a"}},
		{"datum is not data", "datum: a\n\ndata: b\n\n", []string{"b"}},
		{"two spaces", "data:  a\n\n", []string{" a"}},
		{"bare data lines", "data:\n\ndata:\r\n\r\n", []string{"", ""}},
		{"bom once only", "\xef\xbb\xbf\xef\xbb\xbfdata: a\n\ndata: b\n\n", []string{"b"}},
		{"bom cut short", "\xef\xbbdata: a\n\n", nil},
		// Near misses of the many-line event joined in the block.
		{"many lines, lone cr in the second", "data: a\r\ndata: b\rdata: c\r\n\r\ndata: d\n\n", []string{"a\nb\nc", "d"}},
		{"many lines, lone cr before the blank line", "data: a\ndata: b\r\rdata: c\n\n", []string{"a\nb", "c"}},
		{"many lines, comment and fields between", "data: a\r\n: x\r\nid: 3\r\ndata:b\r\nevent: e\r\ndata\r\n\r\n", []string{"a\nb\n"}},
		{"many lines, no blank line at the end", "data: a\ndata: b\n", []string{"a\nb"}},
		{"only fields, then data", "id: 1\r\nevent: e\r\n\r\ndata: a\r\n\r\n", []string{"a"}},
		{"the same event twice", "data: a\ndata: b\n\ndata: a\ndata: b\n\n", []string{"a\nb", "a\nb"}},
	} {
		for _, block := range sseBlocks {
			got, err := readEventsIn(tc.body, 1<<10, block)
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s (blocks of %d): got %q, %v; want %q", tc.name, block, got, err, tc.want)
			}
		}
	}
}

func TestSSEReaderRefusesLargeEvents(t *testing.T) {
	for _, body := range []string{
		"data: " + strings.Repeat("a", 200) + "\n\n",
		strings.Repeat("data: aaaaaaaaaa\n", 20) + "\n",
		"data: " + strings.Repeat("a", 200), // no line end at all
	} {
		for _, block := range sseBlocks {
			got, err := readEventsIn("data: first\n\n"+body, 100, block)
			var tooLarge *EventTooLargeError
			if !errors.As(err, &tooLarge) || tooLarge.Limit != 100 || !reflect.DeepEqual(got, []string{"first"}) {
				t.Errorf("blocks of %d: got %q, %v", block, got, err)
			}
		}
	}
	// A comment is skipped however long: it is never kept.
	got, err := readEvents(":"+strings.Repeat("a", 1000)+"\ndata: b\n\n", 100, false)
	if err != nil || !reflect.DeepEqual(got, []string{"b"}) {
		t.Errorf("long comment: got %q, %v", got, err)
	}
	// A line of exactly the limit is not too large; one byte more is.
	at := strings.Repeat("a", 95)
	got, err = readEvents("data:"+at+"\n\n", 100, false)
	if err != nil || !reflect.DeepEqual(got, []string{at}) {
		t.Errorf("line at the limit: got %q, %v", got, err)
	}
	var tooLarge *EventTooLargeError
	if got, err = readEvents("data:"+at+"a\n\n", 100, false); !errors.As(err, &tooLarge) || got != nil {
		t.Errorf("line over the limit: got %q, %v", got, err)
	}
}

// The reader and go-sse (the library it replaced) agree on every input
// both accept: go-sse is the oracle for the parts of the format they
// share. Events without data, which parley skips, are left out of both.
func FuzzSSEReader(f *testing.F) {
	for _, s := range []string{
		"data: a\n\n", "data: a\r\n\r\ndata: b\r\r", "\xef\xbb\xbfdata:x\n:c\nid: 1\nevent: e\ndata: y\n\n",
		"data\n\ndata:\n\n", "data: a", ": only a comment", "\r\n\r\n\n\rdata: z\r",
		"data: {\"jsonrpc\":\"2.0\",\"id\":\"1\",\"result\":{\"kind\":\"task\"}}\n\n",
		": c\r\nevent: message\r\nid: 1\r\ndata: {\r\ndata:   \"id\": \"1\"\r\ndata: }\r\n\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		ours, err := readEvents(string(body), 1<<20, false)
		if err != nil {
			t.Fatalf("our reader failed on a small body: %v", err)
		}
		for _, block := range []int{1, 7} {
			cut, _ := readEventsIn(string(body), 1<<20, block)
			if !reflect.DeepEqual(ours, cut) {
				t.Fatalf("read whole %q, in blocks of %d %q", ours, block, cut)
			}
		}
		var theirs []string
		for ev, err := range sse.Read(strings.NewReader(string(body)), &sse.ReadConfig{MaxEventSize: 1 << 20}) {
			if err != nil {
				return
			}
			if ev.Data != "" {
				theirs = append(theirs, ev.Data)
			}
		}
		var ourData []string
		for _, d := range ours {
			if d != "" {
				ourData = append(ourData, d)
			}
		}
		if !reflect.DeepEqual(ourData, theirs) {
			t.Fatalf("body %q: ours %q, go-sse %q", body, ourData, theirs)
		}
	})
}

// The events servers send — ours, a2a-go's (an id line first), CRLF
// ones (sse-starlette) — are handed out from the block, not copied: a
// block of them costs no allocation. This fails if the one-line path
// stops recognizing them, which no other test would notice.
func TestSSEReaderDoesNotCopyCommonEvents(t *testing.T) {
	data := `{"jsonrpc":"2.0","id":"1","result":{"kind":"artifact-update"}}`
	for _, event := range []string{
		"data: " + data + "\n\n",
		"id: 2f1c7a4e-4b0e-4d55-9a43-3c1f0c0f9b1e\ndata: " + data + "\n\n",
		"data:" + data + "\r\n\r\n",
		"event: message\r\nid: 7\r\ndata: " + data + "\r\n\r\n",
		": keep-alive\n\ndata: " + data + "\n\n",
		// Indented JSON over many data lines, CRLF, a comment, event
		// and id fields: joined in place in the block.
		": chunk 7\r\nevent: message\r\nid: 7\r\ndata: {\"jsonrpc\":\"2.0\",\r\ndata: \"id\":\"1\",\r\ndata: \"result\":{\"kind\":\"artifact-update\"}}\r\n\r\n",
		"data: {\"jsonrpc\":\"2.0\",\ndata: \"id\":\"1\",\n: between\ndata: \"result\":{\"kind\":\"artifact-update\"}}\n\n",
	} {
		body := strings.NewReader("")
		s := newSSEReader(body, 1<<20)
		buf := make([]byte, 0, sseBlockSize)
		evs := make([][]byte, 0, 100)
		block := strings.Repeat(event, 100)
		want := data
		if strings.Count(event, "data:") > 1 {
			want = strings.ReplaceAll(want, `,"`, ",\n\"")
		}
		allocs := testing.AllocsPerRun(10, func() {
			body.Reset(block)
			got, err := s.read(buf, evs[:0])
			if err != nil || len(got) != 100 || string(got[0]) != want || string(got[99]) != want {
				t.Fatalf("%q: %d events, %v", event, len(got), err)
			}
		})
		if allocs != 0 {
			t.Errorf("%q: %.0f allocations for a block of 100", event, allocs)
		}
	}
}
