package cli

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// The gate lets through only what was written before a hold, in the
// order it was written across stdout and stderr, and everything once
// open.
func TestStoreGateReleasesInOrder(t *testing.T) {
	var log strings.Builder
	out, errOut := tagWriter{&log, "1>"}, tagWriter{&log, "2>"}
	g := newStoreGate(0)
	stdout, stderr := g.to(out), g.to(errOut)
	stdout.Write([]byte("one "))
	stderr.Write([]byte("note "))
	_, _ = stdout.(interface{ WriteString(string) (int, error) }).WriteString("two ")
	release := g.hold()
	stdout.Write([]byte("three "))
	if log.Len() != 0 {
		t.Fatalf("written before any commit: %q", log.String())
	}
	release()
	if got := log.String(); got != "1>one 2>note 1>two " {
		t.Errorf("after the first commit %q", got)
	}
	g.hold()() // a commit with nothing new before it but "three "
	if got := log.String(); got != "1>one 2>note 1>two 1>three " {
		t.Errorf("after the second commit %q", got)
	}
	stderr.Write([]byte("late "))
	g.openUp()
	stdout.Write([]byte("after"))
	if got := log.String(); got != "1>one 2>note 1>two 1>three 2>late 1>after" {
		t.Errorf("after opening %q", got)
	}
}

type tagWriter struct {
	b   *strings.Builder
	tag string
}

func (w tagWriter) Write(p []byte) (int, error) {
	w.b.WriteString(w.tag)
	w.b.Write(p)
	return len(p), nil
}

// Megabytes held across many chunks, released at marks in between and
// in pieces, come out whole and in order.
func TestStoreGateManyChunks(t *testing.T) {
	var out strings.Builder
	g := newStoreGate(0)
	w := g.to(tagWriter{&out, ""})
	var want strings.Builder
	var releases []func()
	for i := range 20000 {
		line := strings.Repeat(string(rune('a'+i%26)), i%300) + "\n"
		w.Write([]byte(line))
		want.WriteString(line)
		if i%997 == 0 {
			releases = append(releases, g.hold())
		}
		if i%3001 == 0 && len(releases) > 0 {
			releases[0]()
			releases = releases[1:]
			if !strings.HasPrefix(want.String(), out.String()) {
				t.Fatalf("after %d lines the output is not a prefix of what was written", i)
			}
		}
	}
	for _, r := range releases {
		r()
	}
	g.openUp()
	if out.String() != want.String() {
		t.Fatalf("%d bytes out, %d written; not the same", out.Len(), want.Len())
	}
}

// held is what the gate holds now, not let through yet.
func (g *storeGate) heldBytes() int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.total - g.released
}

// A gate with a bound never holds more than it: a write that would go
// past it commits first (commit set, as parley send sets the
// recorder's Flush), or waits for a commit from elsewhere (the
// recorder's goroutine). What comes out is what went in, in order.
func TestStoreGateHoldsAtMostItsBound(t *testing.T) {
	const limit = 4096
	line := func(i int) string { return strings.Repeat(string(rune('a'+i%26)), 1+i%200) + "\n" }
	t.Run("commits", func(t *testing.T) {
		var out strings.Builder
		g := newStoreGate(limit)
		commits := 0
		g.commit = func() { commits++; g.hold()() }
		w := g.to(tagWriter{&out, ""})
		var want strings.Builder
		for i := range 5000 {
			w.Write([]byte(line(i)))
			want.WriteString(line(i))
			if h := g.heldBytes(); h > limit {
				t.Fatalf("after line %d the gate holds %d bytes, bound %d", i, h, limit)
			}
		}
		g.openUp()
		if out.String() != want.String() {
			t.Fatalf("%d bytes out, %d written; not the same", out.Len(), want.Len())
		}
		if commits == 0 {
			t.Fatal("never committed")
		}
	})
	t.Run("waits", func(t *testing.T) {
		var out strings.Builder
		g := newStoreGate(limit)
		w := g.to(tagWriter{&out, ""})
		var want strings.Builder
		done := make(chan error)
		go func() {
			for i := range 5000 {
				w.Write([]byte(line(i)))
				want.WriteString(line(i))
				if h := g.heldBytes(); h > limit {
					done <- fmt.Errorf("after line %d the gate holds %d bytes, bound %d", i, h, limit)
					return
				}
			}
			close(done)
		}()
		// The recorder's goroutine: commits until the writer is done.
		for {
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
				g.openUp()
				if out.String() != want.String() {
					t.Fatalf("%d bytes out, %d written; not the same", out.Len(), want.Len())
				}
				return
			default:
				g.hold()()
				runtime.Gosched()
			}
		}
	})
}
