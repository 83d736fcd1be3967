package a2aclient

import (
	"bufio"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	sse "github.com/tmaxmax/go-sse"
)

// readEvents reads every event's data from body, through a reader that
// hands out one byte at a time when slow is set, so every line ending
// and field falls across reads somewhere.
func readEvents(body string, max int, slow bool) ([]string, error) {
	var r io.Reader = strings.NewReader(body)
	if slow {
		r = iotest.OneByteReader(r)
	}
	s := newSSEReader(bufio.NewReaderSize(r, 16), max)
	var out []string
	for {
		data, err := s.next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, string(data))
	}
}

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
	} {
		for _, slow := range []bool{false, true} {
			got, err := readEvents(tc.body, 1<<10, slow)
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s (slow %v): got %q, %v; want %q", tc.name, slow, got, err, tc.want)
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
		got, err := readEvents("data: first\n\n"+body, 100, true)
		var tooLarge *EventTooLargeError
		if !errors.As(err, &tooLarge) || tooLarge.Limit != 100 || !reflect.DeepEqual(got, []string{"first"}) {
			t.Errorf("got %q, %v", got, err)
		}
	}
	// A comment is skipped however long: it is never kept.
	got, err := readEvents(":"+strings.Repeat("a", 1000)+"\ndata: b\n\n", 100, false)
	if err != nil || !reflect.DeepEqual(got, []string{"b"}) {
		t.Errorf("long comment: got %q, %v", got, err)
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
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		ours, err := readEvents(string(body), 1<<20, false)
		if err != nil {
			t.Fatalf("our reader failed on a small body: %v", err)
		}
		slow, _ := readEvents(string(body), 1<<20, true)
		if !reflect.DeepEqual(ours, slow) {
			t.Fatalf("read whole %q, byte by byte %q", ours, slow)
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
