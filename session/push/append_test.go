package push

import (
	"runtime"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// Pushes that append to an artifact cost what they add: 32 appends of
// 256 KiB allocate a small multiple of the 8 MiB they bring, not the
// artifact again at every push (which made 32 pushes cost 16 times
// their size, and each slower than the last).
func TestPushAppendsCostWhatTheyAdd(t *testing.T) {
	s := openTestStore(t)
	in := NewInbox(s)
	route := store.PushRoute{TaskID: "t1", Agent: inboxAgent, AgentRef: "a", Dialect: a2aclient.DialectV03}
	if err := in.Take(Delivery{Route: route, Event: statusEvent("t1", a2aclient.StateWorking)}); err != nil {
		t.Fatal(err)
	}
	const n, size = 32, 256 << 10
	chunk := strings.Repeat("x", size-1) + "\n"
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range n {
		if err := in.Take(Delivery{Route: route, Event: appendPush("t1", chunk, i == n-1)}); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	data := uint64(n * size)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8*data {
		t.Errorf("%d appends of %d KiB allocated %d MiB, %.1f times what they brought", n, size>>10, alloc>>20, float64(alloc)/float64(data))
	}
	t.Logf("%d appends of %d KiB allocated %d MiB", n, size>>10, (after.TotalAlloc-before.TotalAlloc)>>20)
	id, ok, err := s.ContextOfTask(inboxAgent, "t1")
	if err != nil || !ok {
		t.Fatalf("not stored: %v", err)
	}
	oc, err := s.OpenContext(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(artifactText(oc.Items, "t1")); got != n*size {
		t.Errorf("the stored artifact holds %d bytes, want %d", got, n*size)
	}
}

// An artifact pushes would grow past the limit keeps what came before;
// the rest is dropped and the conversation says so, once.
func TestPushedArtifactStopsAtItsLimitAndSaysSo(t *testing.T) {
	s := openTestStore(t)
	in := NewInbox(s)
	in.artifactLimit = 64 << 10
	route := store.PushRoute{TaskID: "t1", Agent: inboxAgent, AgentRef: "a", Dialect: a2aclient.DialectV03}
	chunk := strings.Repeat("y", 16<<10)
	for i := range 8 {
		if err := in.Take(Delivery{Route: route, Event: appendPush("t1", chunk, false)}); err != nil {
			t.Fatalf("push %d: %v", i, err)
		}
	}
	if err := in.Take(Delivery{Route: route, Event: statusEvent("t1", a2aclient.StateCompleted)}); err != nil {
		t.Fatal(err)
	}
	id, _, _ := s.ContextOfTask(inboxAgent, "t1")
	oc, err := s.OpenContext(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(artifactText(oc.Items, "t1")); got != 64<<10 {
		t.Errorf("the artifact holds %d bytes, want the 64 KiB limit", got)
	}
	notes := 0
	for _, it := range oc.Items {
		if it.Kind == session.ItemNotice && strings.Contains(it.Text, "limit for pushed artifacts (64 KiB)") {
			notes++
		}
	}
	if notes != 1 {
		t.Errorf("%d notes of the limit, want 1: %+v", notes, oc.Items)
	}
	if len(in.open) != 0 {
		t.Errorf("%d tasks left open after the task ended", len(in.open))
	}
}
