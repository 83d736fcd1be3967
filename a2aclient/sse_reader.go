package a2aclient

import (
	"bytes"
	"io"
)

// sseReader reads the data of each event of a text/event-stream body
// (WHATWG HTML §9.2.6): lines end in CRLF, LF or a lone CR; "data:" lines
// are joined with LF; a blank line ends an event; comments and the event,
// id and retry fields are skipped, since A2A carries everything in data.
//
// It reads the body in large blocks and reads each byte once, so the cost
// of a large event is linear in its size, never of a rescan per read. An
// event, or a line, longer than max is refused without
// reading further; comment lines are skipped without being kept, however
// long.
//
// Nearly every event of a long stream is whole within a block. Such an
// event is read in one pass over its lines (see event): one "data:" line
// is handed out as a slice of the block, not copied; several are joined
// in place in the block, over the bytes of the event already read. So
// an event framed as other SDKs frame it (CRLF, comments, event and id
// fields, indented JSON over many data lines) costs no more than a look
// at each line. Everything else — an event cut by the end of the block,
// a lone CR, a line over max — goes line by line through the general
// parser (feed), which copies what it keeps.
type sseReader struct {
	r     io.Reader
	max   int
	line  []byte // the line so far, reused
	data  []byte // the event's data so far, handed out when it ends
	has   bool   // a data field was seen
	skip  bool   // the line is a comment
	cr    bool   // the last line ended in CR: an LF next belongs to it
	begun bool   // the BOM check is done
	head  []byte // the body's first bytes, kept until the BOM check
	ready [][]byte
	spans []dataSpan // the data lines of the event being read whole, reused
}

// dataSpan is where one data line's value lies in a block.
type dataSpan struct{ from, to int }

// sseBlockSize is how much of the body one read asks for: a few hundred
// events of a fast stream, so the per-read costs (a system call, a
// hand-over to the consumer) are shared among many events.
const sseBlockSize = 64 << 10

var utf8BOM = []byte("\xef\xbb\xbf")

func newSSEReader(r io.Reader, max int) *sseReader {
	return &sseReader{r: r, max: max}
}

// read reads the body once into buf's capacity and appends the data of
// every event it completed to evs. Data may point into buf, so buf must
// not be read into again while they are in use. At the end of the body
// the error is io.EOF, after the event the body ends in without a blank
// line, which is still returned, as lenient servers expect. Otherwise
// errors are the body's, or EventTooLargeError; events completed before
// an error are returned with it. read must not be called after an error.
func (s *sseReader) read(buf []byte, evs [][]byte) ([][]byte, error) {
	n, err := s.r.Read(buf[:cap(buf)])
	b := buf[:n]
	if !s.begun {
		b = s.skipBOM(b, err)
	}
	evs, perr := s.scan(b, evs)
	if perr != nil {
		return evs, perr
	}
	if err == io.EOF {
		if len(s.line) > 0 || s.skip {
			s.endLine()
		}
		s.dispatch()
		evs = s.takeReady(evs)
	}
	return evs, err
}

// skipBOM drops a byte order mark the body starts with, holding back the
// first bytes until there are enough of them to tell.
func (s *sseReader) skipBOM(b []byte, err error) []byte {
	if s.head != nil {
		b = append(s.head, b...)
	}
	if len(b) < len(utf8BOM) && bytes.HasPrefix(utf8BOM, b) && err == nil {
		s.head = append([]byte{}, b...) // buf is read into again
		return nil
	}
	s.begun, s.head = true, nil
	return bytes.TrimPrefix(b, utf8BOM)
}

// scan parses b, the bytes just read.
func (s *sseReader) scan(b []byte, evs [][]byte) ([][]byte, error) {
	for len(b) > 0 {
		if !s.has && !s.skip && !s.cr && len(s.line) == 0 {
			if data, has, n := s.event(b); n > 0 {
				if has {
					evs = append(evs, data)
				}
				b = b[n:]
				continue
			}
		}
		// One line (or the rest of b) the general way.
		n := lineEnd(b) + 1
		if n == 0 {
			n = len(b)
		}
		err := s.feed(b[:n])
		evs = s.takeReady(evs)
		if err != nil {
			return evs, err
		}
		b = b[n:]
	}
	return evs, nil
}

// event reads, at the start of a line with no event begun, one event
// whole in b: lines ended by LF or CRLF up to a blank line. It returns
// the event's data, whether it had any data field, and the bytes it
// took; or n=0, touching nothing, for anything the general parser must
// read (the end of b before the blank line, a lone CR, an event longer
// than max), which it then reads exactly as it would have.
//
// Data of one line is a slice of b. Data of several lines is joined with
// LF in place: each value moves back over the bytes before it ("data:"
// and the line end at least), which belong to this event and have been
// read. b is therefore changed, and only once the whole event is known.
func (s *sseReader) event(b []byte) (data []byte, has bool, n int) {
	spans := s.spans[:0]
	pos := 0
	for {
		i := bytes.IndexByte(b[pos:], '\n')
		if i < 0 || pos+i > s.max {
			return nil, false, 0
		}
		line := b[pos : pos+i]
		if i > 0 && line[i-1] == '\r' {
			line = line[:i-1]
		}
		if bytes.IndexByte(line, '\r') >= 0 {
			return nil, false, 0 // a lone CR ends a line: the general parser
		}
		from := pos
		pos += i + 1
		switch {
		case len(line) == 0:
			s.spans = spans
			return join(b, spans), len(spans) > 0, pos
		case line[0] == ':': // a comment
			continue
		}
		name, value := line, len(line)
		if c := bytes.IndexByte(line, ':'); c >= 0 {
			name, value = line[:c], c+1
			if value < len(line) && line[value] == ' ' {
				value++
			}
		}
		if string(name) == "data" {
			spans = append(spans, dataSpan{from + value, from + len(line)})
		}
	}
}

// join is the data of an event's data lines: a slice of b for one line,
// the lines joined with LF, in place, for several.
func join(b []byte, spans []dataSpan) []byte {
	switch len(spans) {
	case 0:
		return nil
	case 1:
		return b[spans[0].from:spans[0].to]
	}
	start, w := spans[0].from, spans[0].to
	for _, sp := range spans[1:] {
		b[w] = '\n'
		w++
		w += copy(b[w:], b[sp.from:sp.to])
	}
	return b[start:w:w]
}

// lineEnd is the index of the first CR or LF in b, -1 if none.
func lineEnd(b []byte) int {
	// Two byte searches (vectorised) beat one IndexAny (a byte loop); the
	// CR search stops at the LF, so a block is not searched to its end
	// for every line.
	i := bytes.IndexByte(b, '\n')
	end := i
	if end < 0 {
		end = len(b)
	}
	if j := bytes.IndexByte(b[:end], '\r'); j >= 0 {
		return j
	}
	return i
}

// feed takes bytes of the body, ending lines at CR, LF or CRLF.
func (s *sseReader) feed(b []byte) error {
	for len(b) > 0 {
		if s.cr {
			s.cr = false
			if b[0] == '\n' {
				b = b[1:]
				continue
			}
		}
		i := lineEnd(b)
		if i < 0 {
			return s.grow(b)
		}
		if err := s.grow(b[:i]); err != nil {
			return err
		}
		s.cr = b[i] == '\r'
		b = b[i+1:]
		s.endLine()
	}
	return nil
}

// grow adds to the current line, refusing lines and events over max.
func (s *sseReader) grow(b []byte) error {
	if len(s.line) == 0 && !s.skip && len(b) > 0 && b[0] == ':' {
		s.skip = true
	}
	if s.skip {
		return nil
	}
	if len(s.line)+len(b)+len(s.data) > s.max {
		return &EventTooLargeError{Limit: s.max}
	}
	s.line = append(s.line, b...)
	return nil
}

// endLine interprets a complete line.
func (s *sseReader) endLine() {
	line, comment := s.line, s.skip
	s.line, s.skip = s.line[:0], false
	if cap(s.line) > 64<<10 {
		s.line = nil // do not hold a huge line's buffer for the whole stream
	}
	switch {
	case comment:
		return
	case len(line) == 0:
		s.dispatch()
		return
	}
	name, value, found := bytes.Cut(line, []byte(":"))
	if found && len(value) > 0 && value[0] == ' ' {
		value = value[1:]
	}
	if string(name) == "data" {
		s.data = append(s.data, value...)
		s.data = append(s.data, '\n')
		s.has = true
	}
}

// dispatch ends the event, queueing its data without the last LF.
func (s *sseReader) dispatch() {
	if !s.has {
		return
	}
	s.ready = append(s.ready, s.data[:len(s.data)-1:len(s.data)-1])
	s.data, s.has = nil, false
}

// takeReady moves the events the general parser ended to evs.
func (s *sseReader) takeReady(evs [][]byte) [][]byte {
	evs = append(evs, s.ready...)
	clear(s.ready)
	s.ready = s.ready[:0]
	return evs
}
