package startpages

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// written lives in the binary's writable data: its first value is the
// file's, the one it holds after the test writes it is the process's.
var written = 7

// rssFileKB reads the file-backed share of this process's RSS.
func rssFileKB(t *testing.T) int {
	t.Helper()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status:", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "RssFile:"); ok {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				t.Fatalf("RssFile line %q: %v", line, err)
			}
			return n
		}
	}
	t.Skip("no RssFile in /proc/self/status")
	return 0
}

func TestDropLeavesTheRSS(t *testing.T) {
	before := rssFileKB(t)
	Drop()
	after := rssFileKB(t)
	t.Logf("RssFile %d -> %d kB", before, after)
	// The test binary has run every package's init and this test: its
	// code and tables are resident, and only what the two reads above
	// run maps back.
	if after > before-256 {
		t.Fatalf("RssFile %d -> %d kB: the binary's read-only pages stayed mapped", before, after)
	}
}

func TestDropKeepsWhatTheProcessWrote(t *testing.T) {
	written = 42
	Drop()
	if written != 42 {
		t.Fatalf("a package variable reads %d after the drop, not 42: a writable mapping was dropped back to the file's bytes", written)
	}
	// The code dropped runs again from the page cache.
	if got := devMajor(0x0301); got != 3 {
		t.Fatalf("devMajor after the drop = %d", got)
	}
}

// A PIE (as distributions build Go programs) has a RELRO mapping: read-only
// once started, but written by the loader first. Dropped, it would hold
// unrelocated pointers and the program would crash at its next use.
func TestDropInEveryBuildMode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	dir := t.TempDir()
	for _, mode := range []string{"pie", "exe"} {
		bin := filepath.Join(dir, mode)
		build := exec.Command("go", "build", "-buildmode="+mode, "-o", bin, "./testdata/pie")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build -buildmode=%s: %v\n%s", mode, err, out)
		}
		out, err := exec.Command(bin).CombinedOutput()
		if err != nil {
			t.Fatalf("-buildmode=%s: the program failed after the drop: %v\n%s", mode, err, out)
		}
		if want := "42 after binary drop on runs the the *strings.Builder\n"; string(out) != want {
			t.Fatalf("-buildmode=%s printed %q, want %q", mode, out, want)
		}
	}
}

func TestReadOnlyMappingOf(t *testing.T) {
	const dev, ino = 0xfd01, 1234 // 253:1
	for _, c := range []struct {
		line string
		ok   bool
	}{
		{"00400000-01280000 r-xp 00000000 fd:01 1234 /tmp/parley", true},
		{"01280000-02320000 r--p 00e7c000 fd:01 1234 /tmp/parley (deleted)", true},
		{"02320000-02460000 rw-p 01f1c000 fd:01 1234 /tmp/parley", false}, // data: the process's own values
		{"02320000-02460000 r--s 01f1c000 fd:01 1234 /tmp/parley", false}, // shared
		{"00400000-01280000 r-xp 00000000 fd:01 1235 /tmp/other", false},  // another file
		{"00400000-01280000 r-xp 00000000 fd:02 1234 /tmp/parley", false}, // another device
		{"7ffd1000-7ffd3000 r-xp 00000000 00:00 0 [vdso]", false},
		{"garbage", false},
	} {
		s, e, ok := ReadOnlyMappingOf(c.line, dev, ino)
		if ok != c.ok {
			t.Errorf("%q: ok = %v, want %v", c.line, ok, c.ok)
		}
		if ok && (s == 0 || e <= s) {
			t.Errorf("%q: range %#x-%#x", c.line, s, e)
		}
	}
	for line, want := range map[string]bool{
		"00400000-01280000 r-xp 00000000 fd:01 1234 /tmp/parley": true,
		"7ffd1000-7ffd3000 r-xp 00000000 00:00 0":                true,
		"Rss:                 124 kB":                            false,
		"VmFlags: rd ex mr mw me dw sd":                          false,
		"Anonymous:             0 kB":                            false,
	} {
		if got := header(line); got != want {
			t.Errorf("header(%q) = %v, want %v", line, got, want)
		}
	}
}
