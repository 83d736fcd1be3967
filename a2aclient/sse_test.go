package a2aclient

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A long stream, written in pieces of every size and read in blocks that
// are handed to the consumer and reused, yields every payload intact and
// in order: events that fall across reads, lines ended every way, events
// of several data lines, comments and keep-alives between them. Run with
// -race, it also checks the reader never writes a block the consumer is
// still reading.
func TestPayloadStreamLongStream(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var body strings.Builder
	var want []string
	for i := range 5000 {
		text := fmt.Sprintf(`{"n":%d,"text":"%s"}`, i, strings.Repeat(string(rune('a'+i%26)), rng.IntN(400)))
		switch rng.IntN(8) {
		case 0:
			body.WriteString("data: " + text + "\r\n\r\n")
		case 1:
			body.WriteString("data: " + text[:3] + "\ndata:" + text[3:] + "\n\n")
			text = text[:3] + "\n" + text[3:]
		case 2:
			body.WriteString(": keep-alive\n\ndata:" + text + "\r\r")
		case 3:
			body.WriteString("event: x\nid: 1\ndata: " + text + "\n\ndata:\n\n")
		default:
			body.WriteString("data: " + text + "\n\n")
		}
		want = append(want, text)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for rest := body.String(); len(rest) > 0; {
			n := min(len(rest), 1+rng.IntN(3*sseBlockSize/2))
			w.Write([]byte(rest[:n]))
			w.(http.Flusher).Flush()
			rest = rest[n:]
		}
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ps, _, err := newTransport(Options{}).openStream(ctx, request{op: "stream", method: http.MethodGet, url: srv.URL}, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ps.close()
	for i := 0; ; i++ {
		data, err := ps.nextPayload()
		if err != nil {
			if i != len(want) || err != io.EOF {
				t.Fatalf("the stream ended after %d payloads of %d: %v", i, len(want), err)
			}
			return
		}
		if i >= len(want) || string(data) != want[i] {
			t.Fatalf("payload %d is %.60q…", i, data)
		}
	}
}
