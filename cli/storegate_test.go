package cli

import (
	"strings"
	"testing"
)

// The gate lets through only what was written before a hold, in the
// order it was written across stdout and stderr, and everything once
// open.
func TestStoreGateReleasesInOrder(t *testing.T) {
	var log strings.Builder
	out, errOut := tagWriter{&log, "1>"}, tagWriter{&log, "2>"}
	g := newStoreGate()
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
