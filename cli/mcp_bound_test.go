package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/internal/syncbuf"
)

// liveGrowth runs f and returns the most the heap held live through
// three collections in a row meanwhile, beyond what it held before. The
// collector runs after every few MiB allocated meanwhile, so what f
// holds is seen, not garbage the collector had not come to yet (at the
// default pace, as much again as the heap). What f allocates while a
// collection marks counts as live in that one collection: a stream
// allocating fast makes a spike of a dozen MiB in one, which what f
// holds outlasts (a heap profile at such a spike shows f holding 3 MB).
func liveGrowth(f func()) int64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/cycles/total:gc-cycles"}}
	runtime.GC()
	metrics.Read(sample)
	before := sample[0].Value.Uint64()
	defer debug.SetGCPercent(debug.SetGCPercent(max(1, int(liveGrowthPace*100/max(before, 1)))))
	done, peak := make(chan struct{}), make(chan uint64)
	go func() {
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/cycles/total:gc-cycles"}}
		var top, seen uint64
		var last []uint64 // the live heap after the last collections, newest last
		tick := time.NewTicker(100 * time.Microsecond)
		defer tick.Stop()
		for {
			metrics.Read(s)
			if n := s[1].Value.Uint64(); n != seen {
				seen = n
				last = append(last, s[0].Value.Uint64())
				if len(last) > 3 {
					last = last[1:]
				}
				if len(last) == 3 {
					top = max(top, min(last[0], last[1], last[2]))
				}
			}
			select {
			case <-done:
				if len(last) < 3 { // too short a run for three: its most
					for _, v := range last {
						top = max(top, v)
					}
				}
				peak <- top
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(done)
	return int64(<-peak) - int64(before)
}

// liveGrowthPace is how much f may allocate between collections.
const liveGrowthPace = 4 << 20

// mcpHeapBound is the most the live heap may grow by while a tool
// runs, whatever the answer's size: the tool result's window, the
// stream's pieces in flight and the store's pages.
const mcpHeapBound = 8 << 20

// A 16 MiB answer made send_message's tool result 33.6 MB and the server
// 446 MB: every event line and the answer twice over were held as
// output, parsed and encoded again. The tool result holds the start of
// the text and says how to get the rest, and the call holds a window of
// the answer, as `parley send --json` does (its growth is logged
// beside): the same bound for two sizes of answer.
func TestMCPSendBoundsAHugeAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("streams a 16 and a 32 MiB answer twice each")
	}
	for _, answer := range []int{16 << 20, 32 << 20} {
		t.Run(fmt.Sprintf("%dMiB", answer>>20), func(t *testing.T) { mcpSendHuge(t, answer) })
	}
}

func mcpSendHuge(t *testing.T, answer int) {
	// Chunks of one size: what a chunk costs in flight is the same for
	// both answers.
	const chunk = 64 << 10
	srv, err := loopback.Start(loopback.Options{Chunks: answer / chunk, ChunkSize: chunk})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	e := newEnv(t)
	e.writeConfig("[[agents]]\nname = \"big\"\nurl = \"" + srv.URL + "\"\n")
	cs := mcpSession(t, e)

	sent := liveGrowth(func() {
		env := e.env(&syncbuf.Buffer{}, &syncbuf.Buffer{})
		env.Stdout = io.Discard
		if code := Run(context.Background(), []string{"send", "--json", "big", "go"}, env); code != exitOK {
			t.Fatalf("parley send exited with %d", code)
		}
	})
	var res *mcp.CallToolResult
	var called int64
	// Once more when over the bound: the machine's other work makes a
	// rare spike (parley send showed 15 MiB once in a dozen runs), which
	// does not come back; what an answer makes the call hold does.
	for try := 0; try < 2 && (try == 0 || called > mcpHeapBound); try++ {
		called = liveGrowth(func() {
			res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "send_message", Arguments: map[string]any{"agent": "big", "text": "go"}})
		})
		t.Logf("the live heap grew by %d MiB during parley send and by %d MiB during send_message, for a %d MiB answer", sent>>20, called>>20, answer>>20)
	}
	if called > mcpHeapBound {
		t.Errorf("send_message held %d MiB of the heap for a %d MiB answer; want at most %d MiB whatever the answer's size", called>>20, answer>>20, mcpHeapBound>>20)
	}
	if err != nil {
		t.Fatal(err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	t.Logf("tool result %d bytes", len(text))

	var out map[string]any
	if err := json.Unmarshal([]byte(text), &out); err != nil || res.IsError {
		t.Fatalf("the result is not a JSON result (%v): %.300s", err, text)
	}
	if len(text) > 80<<10 {
		t.Errorf("the tool result is %d bytes for a %d-byte answer; want at most 80 KiB", len(text), answer)
	}
	if out["state"] != "completed" || !strings.HasPrefix(srv.Answer, out["text"].(string)) || len(out["text"].(string)) < 32<<10 {
		t.Errorf("the result does not hold the start of the answer: state %v, %d bytes of text", out["state"], len(out["text"].(string)))
	}
	if out["textBytes"] != float64(answer) {
		t.Errorf("textBytes = %v, want the whole answer's %d", out["textBytes"], answer)
	}
	more, _ := out["more"].(string)
	if !strings.Contains(more, "parley contexts show") || !strings.Contains(more, "get_task") {
		t.Errorf("the result does not say how to get the rest: more = %q", more)
	}
	arts, _ := out["artifacts"].([]any)
	if len(arts) != 1 {
		t.Fatalf("the artifacts are not listed: %v", out["artifacts"])
	}
	parts, _ := arts[0].(map[string]any)["parts"].([]any)
	if len(parts) != 1 || parts[0].(map[string]any)["bytes"] != float64(answer) {
		t.Errorf("the answer's part is not listed with its whole size: %v", parts)
	}
}
