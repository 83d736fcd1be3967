package cli

import (
	"io"
	"sync"
	"time"
)

// Following an exchange prints a line (or a chunk of text) per event:
// written straight to stdout that was a write system call per event,
// 20,000 for a long answer. Output is gathered instead and written when
// the stream pauses, so a person piping `parley send --json` into jq
// still sees every line as it comes.
const (
	// outputDelay is how long the first byte not yet written may wait
	// for more: long enough to gather a burst of events, too short for
	// a person to notice.
	outputDelay = 2 * time.Millisecond
	// outputChunk is written at once, whatever the delay.
	outputChunk = 64 << 10
)

// outputBuffer gathers writes for w and writes them outputDelay after
// the first, when outputChunk has gathered, or on Flush. Writes from the
// timer and from Flush go out one at a time and in order.
type outputBuffer struct {
	w io.Writer

	out sync.Mutex // held while writing to w

	mu    sync.Mutex // guards what follows
	buf   []byte
	spare []byte // the last buffer written, to gather into next
	timer *time.Timer
	armed bool
}

func newOutputBuffer(w io.Writer) *outputBuffer {
	return &outputBuffer{w: w}
}

// Write keeps p for later; a write of outputChunk or more (the result
// line of a long answer) goes out at once, after what was gathered. It
// never fails: output errors were never reported, and a write to w that
// fails fails as it did unbuffered.
func (b *outputBuffer) Write(p []byte) (int, error) { return b.gather(p, "") }

// WriteString is Write for the text printer's chunks, without copying
// each into a []byte of its own first.
func (b *outputBuffer) WriteString(s string) (int, error) { return b.gather(nil, s) }

// gather keeps p and then s.
func (b *outputBuffer) gather(p []byte, s string) (int, error) {
	n := len(p) + len(s)
	if n >= outputChunk {
		b.flush(append(p[:len(p):len(p)], s...))
		return n, nil
	}
	b.mu.Lock()
	b.buf = append(append(b.buf, p...), s...)
	full := len(b.buf) >= outputChunk
	if !full && !b.armed {
		b.armed = true
		if b.timer == nil {
			b.timer = time.AfterFunc(outputDelay, b.Flush)
		} else {
			b.timer.Reset(outputDelay)
		}
	}
	b.mu.Unlock()
	if full {
		b.Flush()
	}
	return n, nil
}

// Flush writes everything gathered so far. Writers may go on gathering
// while it writes.
func (b *outputBuffer) Flush() { b.flush(nil) }

// flush writes what was gathered, then more.
func (b *outputBuffer) flush(more []byte) {
	b.out.Lock()
	defer b.out.Unlock()
	b.mu.Lock()
	p := b.buf
	b.buf, b.spare = b.spare[:0], nil
	b.armed = false
	b.mu.Unlock()
	if len(p) > 0 {
		_, _ = b.w.Write(p)
	}
	if len(more) > 0 {
		_, _ = b.w.Write(more)
	}
	if cap(p) <= 4*outputChunk { // keep no answer-sized buffer
		b.mu.Lock()
		b.spare = p[:0]
		b.mu.Unlock()
	}
}

// Close writes what is left and stops the timer: nothing is written
// after it returns.
func (b *outputBuffer) Close() {
	b.mu.Lock()
	if b.timer != nil {
		b.timer.Stop()
	}
	b.mu.Unlock()
	b.Flush()
}

// flushFirst writes to w (stderr) after flushing out (stdout), so that
// what the two streams show keeps the order it happened in.
type flushFirst struct {
	out *outputBuffer
	w   io.Writer
}

func (f flushFirst) Write(p []byte) (int, error) {
	f.out.Flush()
	return f.w.Write(p)
}

// bufferOutput gathers the runner's stdout until the returned function
// runs (before the command returns), and flushes it before anything goes
// to stderr.
func (r *runner) bufferOutput() (done func()) {
	stdout, stderr := r.env.Stdout, r.env.Stderr
	b := newOutputBuffer(stdout)
	r.env.Stdout, r.env.Stderr = b, flushFirst{b, stderr}
	return func() {
		b.Close()
		r.env.Stdout, r.env.Stderr = stdout, stderr
	}
}
