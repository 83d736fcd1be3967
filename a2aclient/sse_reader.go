package a2aclient

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// sseReader reads the data of each event of a text/event-stream body
// (WHATWG HTML §9.2.6): lines end in CRLF, LF or a lone CR; "data:" lines
// are joined with LF; a blank line ends an event; comments and the event,
// id and retry fields are skipped, since A2A carries everything in data.
//
// It reads each byte once, so the cost of a large event is linear in its
// size. (go-sse's scanner re-scanned the whole buffer after each read: a
// 16 MB line took seconds of CPU to refuse.) An event, or a line, longer
// than max is refused without reading further; comment lines are skipped
// without being kept, however long.
type sseReader struct {
	br    *bufio.Reader
	max   int
	line  []byte // the line so far, reused
	data  []byte // the event's data so far, handed out when it ends
	has   bool   // a data field was seen
	skip  bool   // the line is a comment
	cr    bool   // the last line ended in CR: an LF next belongs to it
	begun bool   // the BOM check is done
	ready [][]byte
	eof   bool // the body ended after the events in ready
}

func newSSEReader(r io.Reader, max int) *sseReader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 32<<10)
	}
	return &sseReader{br: br, max: max}
}

// next returns the data of the next event with any data, io.EOF at the
// end of the body. An event the body ends in without a blank line is
// still returned, as lenient servers expect. Errors are the reader's,
// or EventTooLargeError.
func (s *sseReader) next() ([]byte, error) {
	for len(s.ready) == 0 {
		if s.eof {
			return nil, io.EOF
		}
		chunk, err := s.br.ReadSlice('\n')
		if !s.begun {
			s.begun = true
			chunk = bytes.TrimPrefix(chunk, []byte("\xef\xbb\xbf"))
		}
		if perr := s.feed(chunk); perr != nil {
			return nil, perr
		}
		switch {
		case err == nil, errors.Is(err, bufio.ErrBufferFull):
		case err == io.EOF:
			if len(s.line) > 0 || s.skip {
				s.endLine()
			}
			s.dispatch()
			s.eof = true
		default:
			return nil, err
		}
	}
	ev := s.ready[0]
	s.ready = s.ready[1:]
	return ev, nil
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
		// Two byte searches (vectorised) beat one IndexAny (a byte loop).
		i := bytes.IndexByte(b, '\r')
		if j := bytes.IndexByte(b, '\n'); j >= 0 && (i < 0 || j < i) {
			i = j
		}
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
