//go:build linux

package session

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// lowered counts the process's threads running at a lower priority than
// the process's own (field 19 of /proc/self/task/TID/stat is a thread's
// nice; the process's is the least of them when the test starts).
// After is the count once the lowered work ended: there the main thread
// is left out, since Go cannot end it: a lowered goroutine that ended
// while it ran there leaves it parked for good (runtime.mexit), at the
// lowered priority but running nothing again.
func lowered(t *testing.T, after bool) int {
	t.Helper()
	return countNice(t, after, func(nice int) bool { return nice > processNice })
}

// processNice is the nice of the test process's threads before any was
// lowered (set by the test).
var processNice int

func countNice(t *testing.T, after bool, match func(nice int) bool) int {
	t.Helper()
	stats, err := filepath.Glob("/proc/self/task/*/stat")
	if err != nil || len(stats) == 0 {
		t.Skipf("no /proc here: %v", err)
	}
	n := 0
	main := fmt.Sprintf("/proc/self/task/%d/stat", os.Getpid())
	for _, p := range stats {
		if after && p == main {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			continue // the thread ended meanwhile
		}
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:]) // after "pid (comm) "
		if nice, err := strconv.Atoi(f[16]); err == nil && match(nice) {
			n++
		}
	}
	return n
}

// A conversation of the TUI (one with a keyboard) reads its stream and
// records it on threads of their own, lowered, so that a key typed goes
// first; when they end, their threads go with them. A conversation
// without a keyboard (parley send) lowers nothing.
func TestTUIStreamsAndRecordingRunBehindTheKeys(t *testing.T) {
	processNice = 20
	countNice(t, false, func(nice int) bool { processNice = min(processNice, nice); return false })
	if processNice >= 19 {
		t.Skip("the test runs at the lowest priority: nothing can be lowered")
	}
	if lowered(t, true) != 0 {
		t.Skip("some thread of the test is already lowered")
	}
	for _, keyboard := range []bool{false, true} {
		release := make(chan struct{})
		f := newFakeAgent(t, true)
		f.on("message/stream", func(w http.ResponseWriter, c rpcCall) {
			events(w, c, false, task("t1", "working"), chunk("t1", "a1", "Hello, ", false, false))
			<-release // mid-answer until the test has looked
			events(w, c, false, chunk("t1", "a1", "world", true, true), status("t1", "completed", ""))
		})
		s := openTestStore(t)
		conv := NewConversation(client(t, f), "fake", nil)
		if keyboard {
			conv.SetKeyboard(&Keyboard{})
		}
		want := lowered(t, false) // the main thread, when an earlier run left it parked
		rec := s.Record(conv, RecordOptions{Agent: AgentInfo{Name: "fake", Ref: "fake"}})
		conv.Send("hello")
		// Both are lowered at their first piece of work: the stream at its
		// first event, the recorder at its first group.
		if keyboard {
			want += 2
		}
		deadline := time.Now().Add(20 * time.Second)
		for lowered(t, false) < want && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if got := lowered(t, false); got != want {
			close(release)
			t.Fatalf("keyboard %v: %d threads lowered mid-stream, want %d", keyboard, got, want)
		}
		close(release)
		for conv.Busy() && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		rec.Close()
		for lowered(t, true) > 0 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if got := lowered(t, true); got != 0 {
			t.Fatalf("keyboard %v: %d threads still lowered after the stream and the recorder ended", keyboard, got)
		}
	}
}
