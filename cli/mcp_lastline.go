package cli

import (
	"bytes"
	"sync"
)

// mcpLineBound is the longest last line a tool keeps of a command's
// output: a result or an error line is far shorter once the answer's
// own text is left out of it.
const mcpLineBound = 1 << 20

// lastLine keeps the last line a command writes, if it is at most max
// bytes: `parley mcp` needs a send's last line (its error, when it
// failed) and nothing before it, and a stream writes a line per chunk.
// The command may write from more than one goroutine.
type lastLine struct {
	mu   sync.Mutex
	max  int
	cur  []byte // the line being written
	over bool   // cur grew past max and is dropped
	prev []byte // the last whole line kept
}

func (w *lastLine) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(p)
	for len(p) > 0 {
		part, rest, ended := bytes.Cut(p, []byte("\n"))
		if !w.over && len(w.cur)+len(part) <= w.max {
			w.cur = append(w.cur, part...)
		} else {
			w.over, w.cur = true, w.cur[:0]
		}
		if !ended {
			break
		}
		if !w.over {
			w.prev, w.cur = w.cur, w.prev[:0]
		} else {
			w.prev = w.prev[:0]
		}
		w.over, p = false, rest
	}
	return n, nil
}

// Line returns the last line written (without its newline), or nothing
// when it was longer than max.
func (w *lastLine) Line() []byte {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch {
	case w.over:
		return nil
	case len(w.cur) > 0:
		return bytes.Clone(w.cur)
	}
	return bytes.Clone(w.prev)
}
