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
// of a large event is linear in its size. (go-sse's scanner re-scanned
// the whole buffer after each read: a 16 MB line took seconds of CPU to
// refuse.) An event, or a line, longer than max is refused without
// reading further; comment lines are skipped without being kept, however
// long.
//
// Nearly every event of a long stream is one "data:" line and a blank
// line, whole within a block: its data is handed out as a slice of the
// block, not copied (see whole). Everything else goes line by line
// through the general parser (feed), which copies what it keeps.
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
}

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
			if data, n := s.whole(b); n > 0 {
				evs = append(evs, data)
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

// whole recognizes, at the start of a line with no event begun, an event
// of one "data:" line and a blank line, both ended by LF or both by CRLF,
// whole in b: it returns the data and the bytes the event took, or n=0
// for anything else, which the general parser then reads exactly as it
// would have. A line over max is left to it too, to be refused there.
func (s *sseReader) whole(b []byte) (data []byte, n int) {
	if len(b) < 7 || string(b[:5]) != "data:" {
		return nil, 0
	}
	i := bytes.IndexByte(b, '\n')
	if i < 0 {
		return nil, 0
	}
	line, crlf := b[:i], b[i-1] == '\r'
	if crlf {
		line = line[:len(line)-1]
	}
	rest := b[i+1:]
	switch {
	case bytes.IndexByte(line, '\r') >= 0, len(line) > s.max:
		return nil, 0
	case crlf && len(rest) >= 2 && rest[0] == '\r' && rest[1] == '\n':
		n = i + 3
	case !crlf && len(rest) >= 1 && rest[0] == '\n':
		n = i + 2
	default:
		return nil, 0
	}
	data = line[len("data:"):]
	if len(data) > 0 && data[0] == ' ' {
		data = data[1:]
	}
	return data, n
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
