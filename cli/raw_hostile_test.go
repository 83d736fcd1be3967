//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// raw's BODY from @FILE is read as a body, not whatever the path names:
// a FIFO nobody writes to, /dev/zero, a directory and a file larger
// than a body may be are each refused with one sentence, at once,
// before anything is sent (a FIFO would block past --timeout, and
// /dev/zero would read until the memory ran out).
func TestRawBodyFileIsARegularFileOfABodysSize(t *testing.T) {
	base := demo(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.json")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(maxAttachment + 1); err != nil {
		t.Fatal(err)
	}
	_ = f.Close()
	for path, want := range map[string]string{
		fifo:                              "not a regular file",
		"/dev/zero":                       "not a regular file",
		dir:                               "is a directory",
		huge:                              "larger than",
		filepath.Join(dir, "absent.json"): "no such file",
	} {
		r := newEnv(t).run("raw", base+"/v0.3", "tasks/get", "@"+path, "--timeout", "5s")
		wantCode(t, r, exitUsage)
		if !strings.Contains(r.stderr, want) || strings.Contains(r.stderr, "a raw") {
			t.Errorf("@%s: stderr = %q, want %q and nothing sent", path, r.stderr, want)
		}
	}
}
