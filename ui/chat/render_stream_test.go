package chat

import (
	"strings"
	"testing"
	"unsafe"
)

// A streaming answer is not copied to be cleaned while cleaning changes
// nothing: the stream's clean text is the answer's own bytes. Once a
// chunk carries something to clean, the clean text is kept apart, and
// stays what cleaning the whole answer gives, however it arrived.
func TestStreamKeepsNoCopyOfCleanText(t *testing.T) {
	s := newMDStream()
	answer := strings.Repeat("## Step\n\nplain words, nothing to clean\n\n", 50)
	for n := 7; n <= len(answer); n += 97 {
		s.set(answer[:n])
	}
	s.set(answer)
	if s.clean != answer || unsafe.StringData(s.clean) != unsafe.StringData(answer) {
		t.Fatalf("the clean text of a clean answer is a copy (or differs)")
	}

	hostile := answer + "a line with \x1b[2J a screen clear and \u202e a bidi override\n\n" + answer
	s = newMDStream()
	for n := 5; n <= len(hostile); n += 61 {
		s.set(hostile[:n])
	}
	s.set(hostile)
	if want := prepareMarkdown(hostile); s.clean != want {
		t.Fatalf("the clean text of a streamed answer differs from the answer cleaned whole:\n%q\n%q", s.clean[len(answer)-10:len(answer)+80], want[len(answer)-10:len(answer)+80])
	}
	if strings.Contains(s.clean, "\x1b") || strings.Contains(s.clean, "\u202e") {
		t.Fatal("a control sequence reached the clean text")
	}
}

// What the chat keeps for each piece of a streaming answer stays small:
// an answer of short paragraphs has thousands of pieces (9,284 for the
// bench's 1.28 MB answer), each with a segment and, off screen, a
// stand-in's place.
func TestPieceRecordsStaySmall(t *testing.T) {
	if n := unsafe.Sizeof(mdSegment{}); n > 32 {
		t.Errorf("a segment is %d bytes", n)
	}
	if n := unsafe.Sizeof(standAt{}); n > 12 {
		t.Errorf("a stand-in's place is %d bytes", n)
	}
}
