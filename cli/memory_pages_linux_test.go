package cli

import (
	"os"
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

func TestStartupPagesLeaveTheRSS(t *testing.T) {
	before := rssFileKB(t)
	dropStartupPages()
	after := rssFileKB(t)
	t.Logf("RssFile %d -> %d kB", before, after)
	// The test binary has run every package's init and these tests:
	// megabytes of its code and tables are resident, and only what the
	// two reads above run maps back.
	if after > before-1024 {
		t.Fatalf("RssFile %d -> %d kB: the binary's read-only pages stayed mapped", before, after)
	}
}

func TestDroppingStartupPagesKeepsWhatTheProcessWrote(t *testing.T) {
	written = 42
	dropStartupPages()
	if written != 42 {
		t.Fatalf("a package variable reads %d after the drop, not 42: a writable mapping was dropped back to the file's bytes", written)
	}
	// The code dropped runs again from the page cache.
	if got := devMajor(0x0301); got != 3 {
		t.Fatalf("devMajor after the drop = %d", got)
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
		s, e, ok := readOnlyMappingOf(c.line, dev, ino)
		if ok != c.ok {
			t.Errorf("%q: ok = %v, want %v", c.line, ok, c.ok)
		}
		if ok && (s == 0 || e <= s) {
			t.Errorf("%q: range %#x-%#x", c.line, s, e)
		}
	}
}
