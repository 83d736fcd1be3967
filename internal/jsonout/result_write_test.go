package jsonout

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
)

// terminalSafe is the cli's escapeControls, written again for these
// tests: DEL and C1 controls, rune by rune, as \u escapes.
func terminalSafe(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		if r == 0x7f || r >= 0x80 && r <= 0x9f {
			fmt.Fprintf(&b, `\u%04x`, r)
		} else {
			b.WriteString(s[:size])
		}
		s = s[size:]
	}
	return b.String()
}

// pieces records every write, to check where the line was cut.
type pieces struct{ got [][]byte }

func (p *pieces) Write(b []byte) (int, error) {
	p.got = append(p.got, bytes.Clone(b))
	return len(b), nil
}

// checkTerminalSafe writes s's result line in pieces of about piece
// bytes and holds it to the encoder plus escapeControls, and each piece
// to whole runes of about the size asked for.
func checkTerminalSafe(t *testing.T, s *Outcome, id int64, piece int) {
	t.Helper()
	r, err := NewResultLine(s, id)
	if err != nil {
		t.Fatal(err)
	}
	var p pieces
	if err := r.writeTerminalSafe(&p, piece); err != nil {
		t.Fatal(err)
	}
	if got, want := string(bytes.Join(p.got, nil)), terminalSafe(generalResult(t, s, id)); got != want {
		t.Fatalf("terminal-safe line in pieces of %d differs:\n got %q\nwant %q", piece, got, want)
	}
	for i, b := range p.got {
		if !utf8.Valid(b) {
			t.Fatalf("piece %d of %d cuts a rune: %q", i, len(p.got), b)
		}
		if len(b) == 0 {
			t.Fatalf("piece %d of %d is empty", i, len(p.got))
		}
	}
}

func TestWriteTerminalSafeMatchesTheEncoder(t *testing.T) {
	for _, s := range trickySummaries() {
		for _, piece := range []int{1, 2, 3, 5, 8, 13, 64, resultPiece} {
			checkTerminalSafe(t, s, 9, piece)
		}
	}
}

// A long answer dense with what needs a look, at every offset from the
// cuts between pieces: C1 controls, DEL, invalid and cut-short UTF-8,
// multi-byte runes, escapes with and without HTML escaping.
func TestWriteTerminalSafeLongAnswer(t *testing.T) {
	const unit = "ab\u0085c\x7fd\xffé日\xe2\x82<&\"\\\n😀\u009f\u2028\x00 plain words\xc2"
	text := strings.Repeat(unit, 3*resultPiece/len(unit)+7)
	s := &Outcome{Dialect: "v1.0", TaskID: "t\u0090", ContextID: "c", State: "completed", Text: text, StatusText: unit,
		Artifacts: []a2aclient.Artifact{{ID: "answer", Parts: []a2aclient.Part{a2aclient.TextPart(text),
			{Kind: a2aclient.PartData, Data: map[string]any{"k": unit}}, a2aclient.TextPart(text[1:])}}}}
	for _, piece := range []int{resultPiece, resultPiece + 1, 4093, 1000, 7} {
		checkTerminalSafe(t, s, 3, piece)
	}
	var p pieces
	r, _ := NewResultLine(s, 3)
	if err := r.WriteTerminalSafe(&p); err != nil {
		t.Fatal(err)
	}
	for i, b := range p.got {
		if len(b) > 6*resultPiece+64 {
			t.Errorf("piece %d is %d bytes, more than about %d", i, len(b), 6*resultPiece)
		}
	}
	if len(p.got) < 6 {
		t.Errorf("a %d-byte answer written in %d pieces", len(text), len(p.got))
	}
}

type failingWriter struct{ n int }

func (w *failingWriter) Write(b []byte) (int, error) {
	w.n++
	return 0, errors.New("closed")
}

func TestWriteTerminalSafeStopsAtTheFirstError(t *testing.T) {
	s := &Outcome{State: "completed", Text: strings.Repeat("x", 10*resultPiece)}
	r, _ := NewResultLine(s, 1)
	var w failingWriter
	if err := r.WriteTerminalSafe(&w); err == nil || w.n != 1 {
		t.Errorf("got %v after %d writes; want the error after one", err, w.n)
	}
}

func TestNewResultLineFailsBeforeWriting(t *testing.T) {
	s := &Outcome{State: "completed", Artifacts: []a2aclient.Artifact{{ID: "a", Parts: []a2aclient.Part{
		{Kind: a2aclient.PartData, Data: map[string]any{"f": func() {}}}}}}}
	if r, err := NewResultLine(s, 1); err == nil {
		t.Errorf("got %v, no error", r)
	}
}

// The terminal-safe escapes, with and without HTML escaping, at every
// place in and across the eight-byte words skipPlain reads.
func TestAppendJSONBodyTerminalAtEveryOffset(t *testing.T) {
	specials := []string{"\x7f", "\u0080", "\u0085", "\u009f", "\u00a0", "\xc2", "\xc2\x7f", "\"", "\\", "\n", "\x00", "<", "&", "é", "\u2028", "\xff", "\xe2\x82", "~"}
	for _, sp := range specials {
		for at := 0; at <= 20; at++ {
			s := strings.Repeat("a", at) + sp + strings.Repeat("b", 20-at)
			for _, html := range []bool{false, true} {
				want := terminalSafe(encoderString(t, s, html))
				esc := escTerminal
				if html {
					esc |= escHTML
				}
				if got := string(appendJSONBody([]byte(`"`), s, esc)) + `"`; got != want {
					t.Errorf("%q (html %v):\n got %s\nwant %s", s, html, got, want)
				}
			}
		}
	}
}

// Encoding the two sides of a runeCut writes what encoding the whole
// does, on runes of every length, stray and cut-short ones, and runs of
// continuation bytes longer than any rune.
func TestRuneCutKeepsTheEncoding(t *testing.T) {
	for _, s := range []string{
		"a😀b日c\u0085éd\x7f", "\x80\x80\x80\x80\x80\x80\x80\x80\x80", "\xf0\x9f\x98\x80\x80\x80\x80x\xf0\x9f\x98",
		"\xe2\x80\xa8\xe2\x80\xe2\x80\xa9\xc2\x85\xc2\xc2\x9f", "\xff\xfe\xf8\x88\x80\x80\x80ab",
	} {
		s = s + s
		for _, esc := range []escapes{0, escHTML, escTerminal, escHTML | escTerminal} {
			want := string(appendJSONBody(nil, s, esc))
			for n := 4; n < len(s); n++ {
				cut := runeCut(s, n)
				if got := string(appendJSONBody(appendJSONBody(nil, s[:cut], esc), s[cut:], esc)); got != want || cut > n || cut < n-3 {
					t.Errorf("%q cut at %d for %d:\n got %s\nwant %s", s, cut, n, got, want)
				}
			}
		}
	}
}
