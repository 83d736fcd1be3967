package cli

import (
	"context"
	"encoding/json"
	"io"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parley-a2a/parley/bench/loopback"
)

// liveGrowth runs f and returns the most the heap held live after any
// collection meanwhile, beyond what it held before. The collector runs
// after every 10% of growth meanwhile, so what f holds is seen, not
// garbage the collector had not come to yet (at the default pace, as
// much again as the heap).
func liveGrowth(f func()) int64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	runtime.GC()
	metrics.Read(sample)
	before := sample[0].Value.Uint64()
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	done, peak := make(chan struct{}), make(chan uint64)
	go func() {
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		var top uint64
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(s)
			top = max(top, s[0].Value.Uint64())
			select {
			case <-done:
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

// A 16 MiB answer made send_message's tool result 33.6 MB and the server
// 446 MB: every event line and the answer twice over were held as
// output, parsed and encoded again. The tool result holds the start of
// the text and says how to get the rest, and the call holds the answer
// once, in a buffer that doubles as it grows (as `parley send` did
// before it held a window of a long answer, which it now measures
// under: its growth is logged beside).
func TestMCPSendBoundsAHugeAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("streams a 16 MiB answer twice")
	}
	const answer = 16 << 20
	srv, err := loopback.Start(loopback.Options{Chunks: 256, ChunkSize: answer / 256})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	e := newEnv(t)
	e.writeConfig("[[agents]]\nname = \"big\"\nurl = \"" + srv.URL + "\"\n")
	cs := mcpSession(t, e)

	sent := liveGrowth(func() {
		env := e.env(&lockedBuffer{}, &lockedBuffer{})
		env.Stdout = io.Discard
		if code := Run(context.Background(), []string{"send", "--json", "big", "go"}, env); code != exitOK {
			t.Fatalf("parley send exited with %d", code)
		}
	})
	var res *mcp.CallToolResult
	called := liveGrowth(func() {
		res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "send_message", Arguments: map[string]any{"agent": "big", "text": "go"}})
	})
	t.Logf("the live heap grew by %d MiB during parley send and by %d MiB during send_message, for a %d MiB answer", sent>>20, called>>20, answer>>20)
	if called > 3*answer+8<<20 {
		t.Errorf("send_message held %d MiB of the heap for a %d MiB answer; want the answer once, in a buffer that doubles (under %d MiB)", called>>20, answer>>20, (3*answer+8<<20)>>20)
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
	if out["state"] != "completed" || !strings.HasPrefix(loopback.Answer(answer), out["text"].(string)) || len(out["text"].(string)) < 32<<10 {
		t.Errorf("the result does not hold the start of the answer: state %v, %d bytes of text", out["state"], len(out["text"].(string)))
	}
	more, _ := out["more"].(string)
	if !strings.Contains(more, "parley contexts show") || !strings.Contains(more, "get_task") {
		t.Errorf("the result does not say how to get the rest: more = %q", more)
	}
	if arts, _ := out["artifacts"].([]any); len(arts) != 1 {
		t.Errorf("the artifacts are not listed: %v", out["artifacts"])
	}
}
