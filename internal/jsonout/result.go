package jsonout

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/termsafe"
)

// ResultLine is the last line `parley send --json` prints: byte for
// byte what a json.Encoder without HTML escaping writes for
// ResultToJSON(s) followed by "storeId" (left out when 0), newline
// included.
//
// The result holds the whole answer twice, as text and in the artifacts,
// so it is written by hand and in pieces: encoding/json would re-scan
// what PartJSON.MarshalJSON returned, and one buffer for the whole line
// would be a fresh copy of twice the answer, its pages faulted in and
// zeroed, before a second pass made it terminal-safe.
type ResultLine struct {
	s       *Outcome
	storeID int64
	// extras are the parts appendArtifact does not write itself and the
	// artifacts' metadata, in the order the line holds them: encoded
	// before anything is written, so that a value encoding/json cannot
	// write fails before the first byte goes out.
	extras [][]byte
	// Leading, when set, hands the artifacts that come before
	// s.Artifacts, read as the line is written: the answer parley send
	// let go of and reads back from the store. Its error ends the line
	// there and is returned by the write.
	Leading func(fn func(*a2aclient.Artifact) error) error
	// Text, when set, hands the text field's pieces in order, read as
	// the line is written: the field is written as s.Text would be were
	// it their join (parley send lets go of the front of a long answer
	// once stored, and reads it back). Its error ends the line there.
	Text Pieces
	// PartText, when set, may return the pieces a text part of one of
	// s.Artifacts is written from instead of its own text (nil: its
	// own), as Text.
	PartText func(a *a2aclient.Artifact, part int) Pieces
}

// Pieces hands fn a string's pieces in order, stopping at fn's error.
type Pieces func(fn func(string) error) error

// NewResultLine readies the result line of s. On an error (a value
// encoding/json cannot write) the caller goes the general way.
func NewResultLine(s *Outcome, storeID int64) (*ResultLine, error) {
	r := &ResultLine{s: s, storeID: storeID}
	for i := range s.Artifacts {
		a := &s.Artifacts[i]
		for i := range a.Parts {
			p := &a.Parts[i]
			if fastPart(p) {
				continue
			}
			// Files, data and parts with metadata are rare and small:
			// the encoder's own bytes, which it copies as they are
			// (compact, nothing to re-escape without HTML escaping).
			b, err := json.Marshal(PartToJSON(*p))
			if err != nil {
				return nil, err
			}
			r.extras = append(r.extras, b)
		}
		if len(a.Metadata) > 0 {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(a.Metadata); err != nil {
				return nil, err
			}
			r.extras = append(r.extras, bytes.TrimSuffix(b.Bytes(), []byte("\n")))
		}
	}
	return r, nil
}

// AppendResultLine appends the result line of s (see ResultLine) to dst.
// On an error dst comes back as it was, and the caller goes the general
// way.
func AppendResultLine(dst []byte, s *Outcome, storeID int64) ([]byte, error) {
	r, err := NewResultLine(s, storeID)
	if err != nil {
		return dst, err
	}
	l := lineWriter{buf: slices.Grow(dst, resultSize(s)), extras: r.extras}
	r.write(&l)
	return l.buf, nil
}

// resultPiece is how much of the result line WriteTerminalSafe gathers
// before handing it to the writer: small enough to stay in the cache and
// be reused, large enough that a long answer is a few dozen writes.
const resultPiece = 64 << 10

// WriteTerminalSafe writes the line to w in pieces of about 64 KB (up to
// six times that where every byte needs an escape), with
// DEL and the C1 controls escaped as \u007f and \u0080…\u009f — what the
// cli's escapeControls does to the whole line — so that what an agent
// sent cannot drive the terminal it is printed on. It stops at w's first
// error and returns it.
func (r *ResultLine) WriteTerminalSafe(w io.Writer) error {
	return r.writeTerminalSafe(w, resultPiece)
}

// WriteClean is WriteTerminalSafe with every string as termsafe.Clean
// leaves it (see AppendCleanJSON): what --json prints without --raw.
func (r *ResultLine) WriteClean(w io.Writer) error {
	return r.writePieces(w, resultPiece, escClean)
}

func (r *ResultLine) writeTerminalSafe(w io.Writer, piece int) error {
	return r.writePieces(w, piece, escTerminal)
}

func (r *ResultLine) writePieces(w io.Writer, piece int, esc escapes) error {
	l := lineWriter{buf: make([]byte, 0, piece+64), w: w, piece: piece, esc: esc, extras: r.extras}
	r.write(&l)
	l.spill(true)
	return l.err
}

func (r *ResultLine) write(l *lineWriter) {
	s := r.s
	l.lit(`{"type":"result","dialect":`)
	l.str(string(s.Dialect), false)
	l.lit(`,"contextId":`)
	l.str(s.ContextID, false)
	l.lit(`,"taskId":`)
	l.str(s.TaskID, false)
	l.lit(`,"state":`)
	l.str(s.State, false)
	l.lit(`,"text":`)
	if r.Text != nil {
		l.strPieces(r.Text, false)
	} else {
		l.str(s.Text, false)
	}
	l.lit(`,"statusText":`)
	l.str(s.StatusText, false)
	l.lit(`,"artifacts":[`)
	n := 0
	if r.Leading != nil {
		err := r.Leading(func(a *a2aclient.Artifact) error {
			if n++; n > 1 {
				l.lit(",")
			}
			l.artifactInline(a)
			l.spill(false)
			return l.err
		})
		if err != nil {
			if l.err == nil {
				l.err = err
			}
			return
		}
	}
	l.partText = r.PartText
	for i := range s.Artifacts {
		if n++; n > 1 {
			l.lit(",")
		}
		l.artifact(&s.Artifacts[i])
	}
	l.partText = nil
	l.lit("]")
	if s.Timings != nil {
		l.lit(`,"timings":`)
		l.timings(s.Timings)
	}
	l.omitEmpty(`,"traceId":`, s.TraceID)
	if r.storeID != 0 {
		l.buf = strconv.AppendInt(append(l.buf, `,"storeId":`...), r.storeID, 10)
	}
	l.lit("}\n")
}

// resultSize guesses the line's length, so that a long answer is copied
// into its buffer once rather than at every doubling: the text twice,
// and some room for escapes and the rest.
func resultSize(s *Outcome) int {
	n := 2*len(s.Text) + len(s.StatusText) + 256
	return n + n/16
}

// fastPart reports whether appendArtifact writes p itself. It takes a
// pointer: a Part is large, and this is asked once per chunk.
func fastPart(p *a2aclient.Part) bool {
	return p.Kind == a2aclient.PartText && len(p.Metadata) == 0
}

// lineWriter gathers a line of JSON, whole in buf or, with w, written
// out in pieces.
type lineWriter struct {
	buf []byte
	// w, when set, is written buf once buf holds piece bytes or more.
	w     io.Writer
	piece int
	// esc is added to the escapes of every string and extra.
	esc escapes
	// extras are what artifact writes for parts it does not write itself
	// and for metadata, in order (see ResultLine).
	extras [][]byte
	// partText is ResultLine.PartText while s.Artifacts are written.
	partText func(a *a2aclient.Artifact, part int) Pieces
	err      error // w's first error: nothing more is written after it
}

func (l *lineWriter) lit(s string) { l.buf = append(l.buf, s...) }

// str writes s quoted. With w, a string longer than the room left in
// the piece is cut at rune boundaries (runeCut), each cut encoded on its
// own and written once the piece is full.
func (l *lineWriter) str(s string, html bool) {
	esc := l.esc
	if html {
		esc |= escHTML
	}
	l.buf = append(l.buf, '"')
	for l.w != nil {
		n := max(l.piece-len(l.buf), 4)
		if n >= len(s) {
			break
		}
		cut := runeCut(s, n)
		var dirty int
		if l.buf, dirty = appendJSONBodyClean(l.buf, s[:cut], esc); dirty >= 0 {
			// Something to clean: the rest of the string is cleaned
			// whole, so that a sequence across a cut goes whole too.
			s, esc = termsafe.Clean(s[dirty:]), esc&^escClean
			continue
		}
		s = s[cut:]
		l.spill(false)
	}
	l.buf = append(appendJSONBody(l.buf, s, esc), '"')
}

// pieces is what a text part is written from instead of its own text,
// if anything (ResultLine.PartText).
func (l *lineWriter) pieces(a *a2aclient.Artifact, part int) Pieces {
	if l.partText == nil {
		return nil
	}
	return l.partText(a, part)
}

// strPieces writes the pieces each hands as one quoted string, as str
// writes their join: each piece escaped as it comes (pieces are whole
// runes), until one holds something termsafe.Clean changes; the rest,
// from there, is joined and cleaned whole, since a sequence to clean may
// run across pieces.
func (l *lineWriter) strPieces(each Pieces, html bool) {
	esc := l.esc
	if html {
		esc |= escHTML
	}
	l.buf = append(l.buf, '"')
	var rest strings.Builder
	dirty := false
	err := each(func(s string) error {
		if dirty {
			rest.WriteString(s)
			return nil
		}
		for s != "" {
			cut := len(s)
			if l.w != nil {
				if n := max(l.piece-len(l.buf), 4); n < len(s) {
					cut = runeCut(s, n)
				}
			}
			var at int
			if l.buf, at = appendJSONBodyClean(l.buf, s[:cut], esc); at >= 0 {
				dirty = true
				rest.WriteString(s[at:])
				return nil
			}
			s = s[cut:]
			l.spill(false)
		}
		return l.err
	})
	if dirty {
		l.buf = appendJSONBody(l.buf, termsafe.Clean(rest.String()), esc&^escClean)
	}
	l.buf = append(l.buf, '"')
	if err != nil && l.err == nil {
		l.err = err
	}
}

// omitEmpty writes the field key (`,"name":`) with the string s, unless s
// is empty: the encoder's omitempty.
func (l *lineWriter) omitEmpty(key, s string) {
	if s != "" {
		l.lit(key)
		l.str(s, false)
	}
}

// extra writes the next of l.extras.
func (l *lineWriter) extra() {
	b := l.extras[0]
	l.extras = l.extras[1:]
	if l.esc&escClean != 0 {
		l.buf = AppendCleanJSON(l.buf, b)
	} else if l.esc&escTerminal != 0 {
		l.buf = AppendTerminalSafe(l.buf, b)
	} else {
		l.buf = append(l.buf, b...)
	}
	l.spill(false)
}

// spill writes buf to w when it is full or, with all, when it holds
// anything; without w it keeps everything.
func (l *lineWriter) spill(all bool) {
	if l.w == nil || len(l.buf) == 0 || !all && len(l.buf) < l.piece {
		return
	}
	if l.err == nil {
		_, l.err = l.w.Write(l.buf)
	}
	l.buf = l.buf[:0]
}

// artifact writes ArtifactToJSON(a) as the encoder would inside the
// result: its own strings without HTML escaping, each part as
// PartJSON.MarshalJSON writes it (json.Marshal, which escapes HTML).
func (l *lineWriter) artifact(a *a2aclient.Artifact) {
	l.artifactHead(a)
	l.artifactTail(a)
}

// artifactHead writes the artifact up to its first part: the same for
// every chunk of one streamed answer (see EventLines).
func (l *lineWriter) artifactHead(a *a2aclient.Artifact) {
	l.lit(`{"artifactId":`)
	l.str(a.ID, false)
	l.omitEmpty(`,"name":`, a.Name)
	l.omitEmpty(`,"description":`, a.Description)
	l.lit(`,"parts":[`)
}

// artifactTail writes the rest of the artifact after artifactHead.
func (l *lineWriter) artifactTail(a *a2aclient.Artifact) {
	for i := range a.Parts {
		p := &a.Parts[i]
		if i > 0 {
			l.lit(",")
		}
		if fastPart(p) {
			l.lit(`{"kind":"text","text":`)
			if pieces := l.pieces(a, i); pieces != nil {
				l.strPieces(pieces, true)
			} else {
				l.str(p.Text, true)
			}
			l.lit("}")
			continue
		}
		l.extra()
	}
	l.lit("]")
	if len(a.Metadata) > 0 {
		l.lit(`,"metadata":`)
		l.extra()
	}
	l.lit("}")
}

// artifactInline writes a leading artifact (ResultLine.Leading) as
// artifact would: what it does not write itself is encoded here, since
// it was not among the extras encoded before the line.
func (l *lineWriter) artifactInline(a *a2aclient.Artifact) {
	saved := l.extras
	l.extras = nil
	for i := range a.Parts {
		if p := &a.Parts[i]; !fastPart(p) {
			b, err := json.Marshal(PartToJSON(*p))
			if err != nil && l.err == nil {
				l.err = err
			}
			l.extras = append(l.extras, b)
		}
	}
	if len(a.Metadata) > 0 {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(a.Metadata); err != nil && l.err == nil {
			l.err = err
		}
		l.extras = append(l.extras, bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	}
	l.artifact(a)
	l.extras = saved
}
