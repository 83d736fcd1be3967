package store

import (
	"context"
	"flag"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

// The soak: many tasks streaming at once across several agents, each
// agent in its own dialect, through Conversations that the context store
// records. `make test` runs one round of 50 tasks; `make soak` (-soak)
// runs rounds of 200 until a time bound and checks memory does not grow
// from round to round. Loopback only; bounded in count and time.

var (
	soak     = flag.Bool("soak", false, "run the long concurrency soak (make soak)")
	soakTime = flag.Duration("soaktime", 2*time.Minute, "how long the soak runs rounds")
)

// soakPaths are the demo agent's dialects: v1.0, v0.3 and v0.2 stream,
// v0.1 streams with its own shapes, the gateway is polled.
var soakPaths = []string{"/", "/v0.3/", "/v0.2/", "/v0.1/", "/gateway/"}

type soakAgent struct {
	srv  *httptest.Server
	conv *session.Conversation
	rec  *Recorder
}

func TestSoakConcurrentStreams(t *testing.T) {
	rounds, perAgent, bound := 1, 10, 60*time.Second
	if *soak {
		rounds, perAgent, bound = 1000, 40, *soakTime
	} else if testing.Short() {
		t.Skip("streams 50 tasks")
	}
	store, err := Open(filepath.Join(t.TempDir(), "soak.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	goroutines := runtime.NumGoroutine()
	before := soakHeap()
	start := time.Now()
	var firstHeap uint64
	for round := 1; round <= rounds && time.Since(start) < bound; round++ {
		soakRound(t, store, perAgent)
		heap := soakHeap()
		if round == 1 {
			firstHeap = heap
			if heap > before+32<<20 {
				t.Fatalf("the live heap grew from %d MB to %d MB in the first round", before>>20, heap>>20)
			}
		}
		t.Logf("round %d: %d tasks, live heap %d KB, %d goroutines", round, perAgent*len(soakPaths), heap>>10, runtime.NumGoroutine())
		if heap > firstHeap+32<<20 {
			t.Fatalf("the live heap grew from %d MB after round 1 to %d MB after round %d", firstHeap>>20, heap>>20, round)
		}
	}
	// Everything that ran stopped: no streams, pollers or recorders left.
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > goroutines+2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > goroutines+2 {
		buf := make([]byte, 1<<20)
		t.Fatalf("%d goroutines left running, %d before:\n%s", n, goroutines, buf[:runtime.Stack(buf, true)])
	}
}

// soakRound starts perAgent tasks on each agent at once, waits for all to
// complete, then checks the transcripts and the store.
func soakRound(t *testing.T, store *Store, perAgent int) {
	t.Helper()
	demo := demoagent.New(demoagent.Options{ChunkDelay: time.Millisecond})
	var agents []*soakAgent
	for _, path := range soakPaths {
		srv := httptest.NewServer(demo.Handler())
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		c, err := a2aclient.Resolve(ctx, srv.URL+path, a2aclient.Options{PollInterval: 5 * time.Millisecond})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		conv := session.NewConversation(c, c.Agent().Name, nil)
		rec := store.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(srv.URL+path, c)})
		agents = append(agents, &soakAgent{srv: srv, conv: conv, rec: rec})
	}
	for _, a := range agents {
		for range perAgent {
			a.conv.Send("Write some markdown")
		}
	}
	deadline := time.Now().Add(60 * time.Second)
	for _, a := range agents {
		for !soakSettled(a.conv, perAgent) {
			if time.Now().After(deadline) {
				buf := make([]byte, 1<<20)
				t.Fatalf("tasks did not finish in 60 s (a deadlock?): %+v\n%s", a.conv.Tasks(), buf[:runtime.Stack(buf, true)])
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	var want string
	for _, a := range agents {
		if err := a.rec.Close(); err != nil {
			t.Fatalf("recording: %v", err)
		}
		a.srv.Close()
		items, err := store.LoadTail(a.rec.ID(), 0)
		if err != nil {
			t.Fatal(err)
		}
		answers := 0
		for _, it := range items {
			switch it.Kind {
			case session.ItemArtifact:
				text := sessiontest.PartsText(it.Parts)
				if want == "" {
					want = text
				}
				if !it.Done || text != want || len(text) < 500 {
					t.Errorf("%s: a stored answer is not whole (done %v, %d bytes of %d)", a.srv.URL, it.Done, len(text), len(want))
				}
				answers++
			case session.ItemError:
				t.Errorf("%s: %s", a.srv.URL, it.Text)
			}
		}
		if answers != perAgent {
			t.Errorf("%s: %d answers stored, want %d", a.srv.URL, answers, perAgent)
		}
		tasks, err := store.Tasks(a.rec.ID())
		if err != nil || len(tasks) != perAgent {
			t.Errorf("%s: %d tasks stored (%v), want %d", a.srv.URL, len(tasks), err, perAgent)
		}
	}
}

// soakSettled reports whether all n tasks of conv completed and nothing is
// still being followed.
func soakSettled(conv *session.Conversation, n int) bool {
	if conv.Busy() {
		return false
	}
	tasks := conv.Tasks()
	done := 0
	for _, task := range tasks {
		if task.State == a2aclient.StateCompleted {
			done++
		}
	}
	return done == n
}

// soakHeap is the heap in use after a collection.
func soakHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
