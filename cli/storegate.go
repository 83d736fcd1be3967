package cli

import (
	"io"
	"sync"
)

// storeGate holds what `parley send` prints until the context store has
// committed the changes it shows, so that a crash at any moment leaves
// on disk at least what reached the screen or the pipe. The recorder
// groups changes every few milliseconds; the gate lets each group's
// output through once the group is written (session.RecordOptions.Hold),
// so printing keeps pace with recording rather than with each event.
//
// Notes for stderr written meanwhile (a stream broke) queue behind the
// output before them, so the two streams keep the order of events.
//
// What it holds is bounded (limit): a stream arrives faster than SQLite
// commits it, and a group that writes for tens of milliseconds would
// otherwise leave megabytes of printed lines (about three times the
// answer's bytes) waiting in memory, the largest thing a send holds at
// its peak. A write that would go past the bound waits for the commit
// in progress (or, with commit set, commits at once rather than waiting
// for the recorder's next group); the stream waits with it, and nothing
// is dropped.
type storeGate struct {
	mu    sync.Mutex
	cond  sync.Cond // signalled when output is let through
	limit int64     // bytes held before a write waits; 0: no bound
	// commit, when set, writes what the conversation holds now and lets
	// its output through (the recorder's Flush). A write past the bound
	// calls it instead of waiting out the recorder's grouping delay,
	// during which nothing would arrive: the stream is waiting.
	commit   func()
	held     []heldWrite
	free     [][]byte // released chunks, to gather into next
	total    int64    // bytes ever written to the gate
	released int64    // of which passed on
	open     bool     // recording ended: write straight through
}

// heldWrite is output for one writer, not passed on yet: a chunk of at
// most gateChunk bytes (or one larger write), so that holding megabytes
// while a slow commit runs never copies them to grow one buffer.
type heldWrite struct {
	w    io.Writer
	data []byte
	end  int64 // the gate's total once this was written
}

// gateChunk is the size of the chunks output is held in.
const gateChunk = 64 << 10

// maxFree bounds the chunks kept for reuse (4 MiB).
const maxFree = 64

// maxHeld is the bound on held output `parley send` uses: a few
// thousand lines, a few milliseconds of a fast stream.
const maxHeld = 256 << 10

// newStoreGate returns a gate that holds at most limit bytes (0: no
// bound) before a write waits for a commit.
func newStoreGate(limit int64) *storeGate {
	g := &storeGate{limit: limit}
	g.cond.L = &g.mu
	return g
}

// to returns a writer that goes to w through the gate.
func (g *storeGate) to(w io.Writer) io.Writer { return storeGateWriter{g, w} }

type storeGateWriter struct {
	g *storeGate
	w io.Writer
}

func (gw storeGateWriter) Write(p []byte) (int, error) { return gw.g.write(gw.w, p, "") }

// WriteString is Write for the text printer's chunks, without a copy
// into a []byte of their own.
func (gw storeGateWriter) WriteString(s string) (int, error) { return gw.g.write(gw.w, nil, s) }

func (g *storeGate) write(w io.Writer, p []byte, s string) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := len(p) + len(s)
	// Every byte held was written after its change reached the
	// conversation, whose recorder was told and will commit it: the
	// wait ends. A write alone larger than the bound waits for nothing
	// but what is before it.
	for !g.open && g.limit > 0 && g.total > g.released && g.total-g.released+int64(n) > g.limit {
		if g.commit == nil {
			g.cond.Wait()
			continue
		}
		// The commit takes the gate (hold, release): not held here.
		g.mu.Unlock()
		g.commit()
		g.mu.Lock()
	}
	if g.open {
		if s != "" {
			return io.WriteString(w, s)
		}
		return w.Write(p)
	}
	k := len(g.held) - 1
	if k < 0 || g.held[k].w != w || len(g.held[k].data)+n > cap(g.held[k].data) {
		g.held = append(g.held, heldWrite{w: w, data: g.chunk(n)})
		k++
	}
	h := &g.held[k]
	h.data = append(append(h.data, p...), s...)
	g.total += int64(n)
	h.end = g.total
	return n, nil
}

// chunk is an empty buffer for at least n bytes.
func (g *storeGate) chunk(n int) []byte {
	if n <= gateChunk && len(g.free) > 0 {
		b := g.free[len(g.free)-1]
		g.free = g.free[:len(g.free)-1]
		return b
	}
	return make([]byte, 0, max(n, gateChunk))
}

// hold marks what has been written so far: it shows changes the
// conversation already holds, which the group being taken will commit.
// The returned function lets it through.
func (g *storeGate) hold() func() {
	g.mu.Lock()
	mark := g.total
	g.mu.Unlock()
	return func() { g.release(mark) }
}

// release passes on, in order, what was written up to mark.
func (g *storeGate) release(mark int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for len(g.held) > 0 && g.released < mark {
		h := &g.held[0]
		start := h.end - int64(len(h.data))
		n := int(min(mark, h.end) - start)
		_, _ = h.w.Write(h.data[:n])
		g.released = start + int64(n)
		if n < len(h.data) {
			// What came after the mark moves to the front of the chunk.
			h.data = h.data[:copy(h.data, h.data[n:])]
			break
		}
		if cap(h.data) == gateChunk && len(g.free) < maxFree {
			g.free = append(g.free, h.data[:0])
		}
		g.held[0] = heldWrite{}
		g.held = g.held[1:]
	}
	g.cond.Broadcast()
}

// openUp lets everything through, for good: recording has ended, and
// what was held is committed (or could not be, and was warned about).
func (g *storeGate) openUp() {
	g.mu.Lock()
	total := g.total
	g.mu.Unlock()
	g.release(total)
	g.mu.Lock()
	g.open = true
	g.cond.Broadcast()
	g.mu.Unlock()
}
