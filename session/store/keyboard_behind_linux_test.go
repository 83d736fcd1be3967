//go:build linux

package store

import (
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parley-a2a/parley/session"
	"golang.org/x/sys/unix"
)

// threadNices is each thread of the process by id, with its nice
// (field 19 of /proc/self/task/TID/stat).
func threadNices(t *testing.T) map[int]int {
	t.Helper()
	stats, err := filepath.Glob("/proc/self/task/*/stat")
	if err != nil || len(stats) == 0 {
		t.Skipf("no /proc here: %v", err)
	}
	out := map[int]int{}
	for _, p := range stats {
		b, err := os.ReadFile(p)
		if err != nil {
			continue // the thread ended meanwhile
		}
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:]) // after "pid (comm) "
		tid, err1 := strconv.Atoi(filepath.Base(filepath.Dir(p)))
		nice, err2 := strconv.Atoi(f[16])
		if err1 == nil && err2 == nil {
			out[tid] = nice
		}
	}
	return out
}

// lowered is the threads running below the process's own priority
// (the least nice of its threads when the test started).
func lowered(t *testing.T, processNice int) map[int]bool {
	out := map[int]bool{}
	for tid, nice := range threadNices(t) {
		if nice > processNice {
			out[tid] = true
		}
	}
	return out
}

// testKeyboard is the test binary's one keyboard, as the TUI has one:
// the worker its recorders write on lives as long as the process.
var testKeyboard = &session.Keyboard{}

// A conversation of the TUI (one with a keyboard) reads its stream on a
// thread of its own, lowered, that ends with the stream, and its
// recorder writes on the keyboard's one lowered thread, so that a key
// typed goes first. A conversation without a keyboard (parley send)
// lowers nothing.
func TestTUIStreamsAndRecordingRunBehindTheKeys(t *testing.T) {
	processNice := 20
	for _, nice := range threadNices(t) {
		processNice = min(processNice, nice)
	}
	if processNice >= 19 {
		t.Skip("the test runs at the lowest priority: nothing can be lowered")
	}
	for _, keyboard := range []bool{false, true} {
		release := make(chan struct{})
		f := newFakeAgent(t, true)
		f.On("message/stream", func(w http.ResponseWriter, c rpcCall) {
			events(w, c, false, task("t1", "working"), chunk("t1", "a1", "Hello, ", false, false))
			<-release // mid-answer until the test has looked
			events(w, c, false, chunk("t1", "a1", "world", true, true), status("t1", "completed", ""))
		})
		s := openTestStore(t)
		conv := session.NewConversation(client(t, f), "fake", nil)
		if keyboard {
			conv.SetKeyboard(testKeyboard)
		}
		before := lowered(t, processNice)
		var mu sync.Mutex
		writers := map[int]int{} // the threads the groups were written on, with their nice
		rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "fake", Ref: "fake"}, OnFlush: func(session.Flush) {
			tid := unix.Gettid()
			nice := threadNices(t)[tid]
			mu.Lock()
			writers[tid] = nice
			mu.Unlock()
		}})
		conv.Send("hello")
		// Mid-answer: a group written, and (with a keyboard) a lowered
		// thread that is neither one of before nor a writer: the stream's.
		streamLowered := func() (written, streaming bool) {
			mu.Lock()
			defer mu.Unlock()
			for tid := range lowered(t, processNice) {
				if _, w := writers[tid]; !w && !before[tid] {
					streaming = true
				}
			}
			return len(writers) > 0, streaming
		}
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			if w, st := streamLowered(); w && st == keyboard {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		written, streaming := streamLowered()
		close(release)
		if !written || streaming != keyboard {
			t.Fatalf("keyboard %v: mid-answer, a group written %v, the stream's thread lowered %v", keyboard, written, streaming)
		}
		for conv.Busy() && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		rec.Close()
		mu.Lock()
		for tid, nice := range writers {
			if (nice > processNice) != keyboard {
				t.Errorf("keyboard %v: a group was written on thread %d at nice %d (the process's %d)", keyboard, tid, nice, processNice)
			}
		}
		mu.Unlock()
		// Once the stream ended, its thread is gone; what stays lowered
		// is the writes' worker, and the main thread if a lowered
		// goroutine ended on it (Go parks it for good: runtime.mexit).
		left := func() (n int) {
			mu.Lock()
			defer mu.Unlock()
			for tid := range lowered(t, processNice) {
				if _, w := writers[tid]; !w && !before[tid] && tid != os.Getpid() {
					n++
				}
			}
			return n
		}
		for left() > 0 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if n := left(); n != 0 {
			t.Fatalf("keyboard %v: %d threads still lowered after the stream ended", keyboard, n)
		}
	}
}
