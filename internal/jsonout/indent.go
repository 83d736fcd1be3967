package jsonout

import (
	"bufio"
	"io"
	"strings"
)

// MaxIndentDepth is how deep JSON shown to a person is indented; deeper
// values are written compactly on their line. Indenting every level
// would let a small document nested deep print lines whose indentation
// is as long as their depth, output quadratic in the data; capped, it
// stays proportional to it.
const MaxIndentDepth = 20

// jsonIndenter indents compact JSON written to it, piece by piece, the
// way json.Indent does, up to MaxIndentDepth. It keeps only its position
// in the document, so a document of any size passes through in bounded
// memory.
type jsonIndenter struct {
	w              *bufio.Writer
	prefix, indent string
	depth          int
	inString, esc  bool
	open           bool // a '{' or '[' was written and its first element not yet
}

func newJSONIndenter(w *bufio.Writer, prefix, indent string, depth int) *jsonIndenter {
	return &jsonIndenter{w: w, prefix: prefix, indent: indent, depth: depth}
}

func (j *jsonIndenter) newline(depth int) {
	j.w.WriteByte('\n')
	j.w.WriteString(j.prefix)
	for range depth {
		j.w.WriteString(j.indent)
	}
}

func (j *jsonIndenter) Write(p []byte) (int, error) {
	for _, c := range p {
		if j.inString {
			j.w.WriteByte(c)
			switch {
			case j.esc:
				j.esc = false
			case c == '\\':
				j.esc = true
			case c == '"':
				j.inString = false
			}
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		if j.open && c != ']' && c != '}' {
			j.open = false
			j.newline(j.depth)
		}
		indented := j.depth <= MaxIndentDepth
		switch c {
		case '"':
			j.inString = true
			j.w.WriteByte(c)
		case '{', '[':
			j.w.WriteByte(c)
			j.depth++
			j.open = j.depth <= MaxIndentDepth
		case ',':
			j.w.WriteByte(c)
			if indented {
				j.newline(j.depth)
			}
		case ':':
			j.w.WriteByte(c)
			if indented {
				j.w.WriteByte(' ')
			}
		case '}', ']':
			if j.open {
				j.open = false // empty: {} and [] stay on one line
			} else if indented {
				j.newline(j.depth - 1)
			}
			j.depth--
			j.w.WriteByte(c)
		default:
			j.w.WriteByte(c)
		}
	}
	return len(p), nil
}

// IndentJSON writes compact JSON indented as json.Indent would, each line
// after the first starting with prefix, values deeper than MaxIndentDepth
// written compactly.
func IndentJSON(w io.Writer, src []byte, prefix, indent string) error {
	bw := bufio.NewWriter(w)
	newJSONIndenter(bw, prefix, indent, 0).Write(src)
	return bw.Flush()
}

// IndentedJSON is IndentJSON into a string.
func IndentedJSON(src []byte, prefix, indent string) string {
	var b strings.Builder
	_ = IndentJSON(&b, src, prefix, indent)
	return b.String()
}

// NewIndenter returns a writer that indents the compact JSON written to
// it, piece by piece, onto w (see MaxIndentDepth): a document of any
// size passes through in bounded memory.
func NewIndenter(w *bufio.Writer, prefix, indent string) io.Writer {
	return newJSONIndenter(w, prefix, indent, 0)
}
