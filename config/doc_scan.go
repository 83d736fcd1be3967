package config

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/parley-a2a/parley/internal/backslash"
)

// The scanner cuts a TOML file into statements that each cover whole
// lines: a comment or blank line, a key = value (however many lines its
// value spans), or a table header. An edit then replaces or removes
// whole statements, or one value's bytes, and leaves every other byte of
// the file as the person wrote it. It runs only on text the TOML library
// has already accepted, so it needs to find boundaries, not to judge.

type span struct{ start, end int }

type stmtKind int

const (
	stmtTrivia     stmtKind = iota // blank or comment line
	stmtKeyVal                     // key = value
	stmtTable                      // [table]
	stmtArrayTable                 // [[array.of.tables]]
)

type stmt struct {
	kind       stmtKind
	start, end int      // whole lines: from a line's start to after its newline
	key        []string // the key, or the table's path
	val        span     // the value of a key = value
	arr        *arrayVal
}

func (s *stmt) header() bool { return s.kind == stmtTable || s.kind == stmtArrayTable }

// arrayVal is where an array value's brackets and elements are, so one
// element can be added or removed without touching the others.
type arrayVal struct {
	open, close int // offsets of '[' and ']'
	elems       []span
}

type scanner struct {
	src []byte
	p   int
}

var errScan = errors.New("unexpected text")

func scanDoc(src []byte) ([]stmt, error) {
	s := &scanner{src: src}
	var out []stmt
	for s.p < len(src) {
		st, err := s.statement()
		if err != nil {
			return nil, fmt.Errorf("%w at byte %d", err, s.p)
		}
		out = append(out, st)
	}
	return out, nil
}

func (s *scanner) peek() byte {
	if s.p < len(s.src) {
		return s.src[s.p]
	}
	return 0
}

func (s *scanner) has(prefix string) bool { return bytes.HasPrefix(s.src[s.p:], []byte(prefix)) }

func (s *scanner) skipWS() {
	for s.p < len(s.src) && (s.src[s.p] == ' ' || s.src[s.p] == '\t') {
		s.p++
	}
}

// atLineEnd: a newline, a comment or the end of the file comes next.
func (s *scanner) atLineEnd() bool {
	return s.p >= len(s.src) || s.src[s.p] == '\n' || s.src[s.p] == '#' || s.has("\r\n")
}

// skipSpace skips blanks, newlines and comments, as inside an array.
func (s *scanner) skipSpace() {
	for s.p < len(s.src) {
		switch c := s.src[s.p]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			s.p++
		case c == '#':
			s.skipComment()
		default:
			return
		}
	}
}

func (s *scanner) skipComment() {
	for s.p < len(s.src) && s.src[s.p] != '\n' {
		s.p++
	}
}

func (s *scanner) statement() (stmt, error) {
	st := stmt{start: s.p}
	s.skipWS()
	var err error
	switch {
	case s.atLineEnd():
		st.kind = stmtTrivia
	case s.peek() == '[':
		close := "]"
		st.kind, s.p = stmtTable, s.p+1
		if s.peek() == '[' {
			close, st.kind, s.p = "]]", stmtArrayTable, s.p+1
		}
		s.skipWS()
		if st.key, err = s.key(); err != nil {
			return st, err
		}
		s.skipWS()
		if !s.has(close) {
			return st, errScan
		}
		s.p += len(close)
	default:
		st.kind = stmtKeyVal
		if st.key, err = s.keyEquals(); err != nil {
			return st, err
		}
		st.val.start = s.p
		if st.arr, err = s.value(); err != nil {
			return st, err
		}
		st.val.end = s.p
	}
	s.skipWS()
	if s.peek() == '#' {
		s.skipComment()
	}
	switch {
	case s.has("\r\n"):
		s.p += 2
	case s.peek() == '\n':
		s.p++
	case s.p < len(s.src):
		return st, errScan
	}
	st.end = s.p
	return st, nil
}

// keyEquals reads a key and the "=" after it, and the white space up to
// the value: the start of a key/value pair, in a statement or an inline
// table.
func (s *scanner) keyEquals() ([]string, error) {
	key, err := s.key()
	if err != nil {
		return nil, err
	}
	s.skipWS()
	if s.peek() != '=' {
		return nil, errScan
	}
	s.p++
	s.skipWS()
	return key, nil
}

// key reads a dotted key: bare, "basic" or 'literal' parts.
func (s *scanner) key() ([]string, error) {
	var parts []string
	for {
		s.skipWS()
		part, err := s.keyPart()
		if err != nil {
			return nil, err
		}
		parts = append(parts, part)
		s.skipWS()
		if s.peek() != '.' {
			return parts, nil
		}
		s.p++
	}
}

func (s *scanner) keyPart() (string, error) {
	start := s.p
	switch s.peek() {
	case '"', '\'':
		if err := s.str(); err != nil {
			return "", err
		}
		return unquote(string(s.src[start:s.p]))
	}
	for s.p < len(s.src) && isBare(s.src[s.p]) {
		s.p++
	}
	if s.p == start {
		return "", errScan
	}
	return string(s.src[start:s.p]), nil
}

func isBare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// value skips one value and returns its layout when it is an array.
func (s *scanner) value() (*arrayVal, error) {
	switch s.peek() {
	case '"', '\'':
		return nil, s.str()
	case '[':
		a := &arrayVal{open: s.p}
		s.p++
		for {
			s.skipSpace()
			if s.peek() == ']' {
				a.close = s.p
				s.p++
				return a, nil
			}
			start := s.p
			if _, err := s.value(); err != nil {
				return nil, err
			}
			a.elems = append(a.elems, span{start, s.p})
			s.skipSpace()
			if s.peek() == ',' {
				s.p++
			} else if s.peek() != ']' {
				return nil, errScan
			}
		}
	case '{':
		s.p++
		for {
			s.skipSpace()
			if s.peek() == '}' {
				s.p++
				return nil, nil
			}
			if _, err := s.keyEquals(); err != nil {
				return nil, err
			}
			if _, err := s.value(); err != nil {
				return nil, err
			}
			s.skipSpace()
			if s.peek() == ',' {
				s.p++
			} else if s.peek() != '}' {
				return nil, errScan
			}
		}
	}
	// A number, boolean or date: up to a delimiter. A date and a time
	// may be separated by one space.
	start := s.p
	for s.p < len(s.src) && !bytes.ContainsRune([]byte(" \t\r\n,]}#"), rune(s.src[s.p])) {
		s.p++
		if s.p-start == 10 && s.p+1 < len(s.src) && s.src[s.p] == ' ' && isDigit(s.src[s.p+1]) && s.src[start+4] == '-' {
			s.p++
		}
	}
	if s.p == start {
		return nil, errScan
	}
	return nil, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// str skips a string of any of TOML's four kinds.
func (s *scanner) str() error {
	q := s.src[s.p]
	triple := string([]byte{q, q, q})
	if s.has(triple) {
		s.p += 3
		for s.p < len(s.src) {
			switch {
			case q == '"' && s.src[s.p] == '\\':
				s.p += 2
			case s.has(triple):
				s.p += 3
				// Up to two more quotes belong to the content.
				for i := 0; i < 2 && s.peek() == q; i++ {
					s.p++
				}
				return nil
			default:
				s.p++
			}
		}
		return errScan
	}
	s.p++
	for s.p < len(s.src) && s.src[s.p] != '\n' {
		switch c := s.src[s.p]; {
		case q == '"' && c == '\\':
			s.p += 2
		case c == q:
			s.p++
			return nil
		default:
			s.p++
		}
	}
	return errScan
}

// unquote decodes a one-line "basic" or 'literal' string.
func unquote(tok string) (string, error) {
	if len(tok) < 2 {
		return "", errScan
	}
	body := tok[1 : len(tok)-1]
	if tok[0] == '\'' {
		return body, nil
	}
	var b []byte
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' {
			b = append(b, c)
			continue
		}
		i++
		if i >= len(body) {
			return "", errScan
		}
		switch body[i] {
		case 'e':
			b = append(b, 0x1b)
		case 'u', 'U', 'x':
			n := map[byte]int{'u': 4, 'U': 8, 'x': 2}[body[i]]
			if i+1+n > len(body) {
				return "", errScan
			}
			r, err := strconv.ParseUint(body[i+1:i+1+n], 16, 32)
			if err != nil {
				return "", errScan
			}
			b = utf8.AppendRune(b, rune(r))
			i += n
		default:
			d, ok := backslash.Decode(body[i])
			if !ok {
				return "", errScan
			}
			b = append(b, d)
		}
	}
	return string(b), nil
}
