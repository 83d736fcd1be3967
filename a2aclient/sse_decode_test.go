package a2aclient

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
)

// decodedOutcome is what one call of a decoded stream's next gave.
type decodedOutcome struct {
	ev  Event
	err string
}

// A long JSON-RPC stream decoded on the reader goroutine gives, call by
// call, what decoding each payload in order on the caller's goroutine
// gives: the same events (from the fast path, its template and the
// general path), the payloads' errors where they come, events that carry
// nothing skipped, and the error the body ends with after every event
// before it. The events are all kept and compared at the end, so an event
// pointing into a block read into again would show; run with -race, the
// reader writing anything the consumer reads would show too.
func TestDecodedStreamAgreesWithDecodingInOrder(t *testing.T) {
	for _, shape := range []fastShape{fastKind, fastV10} {
		t.Run(map[fastShape]string{fastKind: "v0.3", fastV10: "v1.0"}[shape], func(t *testing.T) {
			chunk, result, dialect := taggedChunk, taggedResults(fromStream), DialectV03
			if shape == fastV10 {
				chunk, result, dialect = v10Chunk, decodeV10Event, DialectV10
			}
			var payloads []string
			for i := range 6000 {
				text := fastTexts[i%len(fastTexts)]
				switch i % 97 {
				case 3: // another id
					payloads = append(payloads, strings.Replace(chunk(text), `"id":"7"`, `"id":"other"`, 1))
				case 5:
					payloads = append(payloads, `{"jsonrpc":"2.0","id":"7","result":`) // not JSON
				case 7: // an extra member: the general path
					payloads = append(payloads, strings.Replace(chunk(text), `"append":true`, `"append":true,"metadata":{"n":1}`, 1))
				case 11: // no event in it
					payloads = append(payloads, `{"jsonrpc":"2.0","id":"7","result":{}}`)
				case 13:
					payloads = append(payloads, `{"jsonrpc":"2.0","id":"7","error":{"code":-32603,"message":"bad"}}`)
				default: // runs of the same chunk, and of chunks of one template
					payloads = append(payloads, chunk(fmt.Sprintf(`"%d %s`, i/3, text[1:])))
				}
			}
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				id := protoReadRPC(t, body).ID
				w.Header().Set("Content-Type", "text/event-stream")
				for i, p := range payloads {
					fmt.Fprintf(w, "data: %s\n\n", strings.Replace(p, `"id":"7"`, `"id":`+string(id), 1))
					if i%700 == 0 {
						w.(http.Flusher).Flush()
					}
				}
				w.(http.Flusher).Flush()
				panic(http.ErrAbortHandler) // the body ends without its last chunk
			}))
			defer srv.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			c := &rpc{t: newTransport(Options{}), url: srv.URL, dialect: dialect}
			s, err := c.stream(ctx, "stream", "m", nil, shape, result)
			if err != nil {
				t.Fatal(err)
			}
			defer s.close()
			var want []decodedOutcome
			for _, p := range payloads {
				ev, ok, err := slowEvent([]byte(strings.Replace(p, `"id":"7"`, `"id":"`+s.id+`"`, 1)), s.id, shape)
				switch {
				case err != nil:
					want = append(want, decodedOutcome{err: err.Error()})
				case ok:
					want = append(want, decodedOutcome{ev: ev})
				}
			}
			var got []decodedOutcome
			for {
				ev, err := s.next()
				if err == io.EOF {
					t.Fatal("the stream ended cleanly; the body was cut")
				}
				if _, broke := err.(*TransportError); broke {
					break
				}
				o := decodedOutcome{ev: ev}
				if err != nil {
					o = decodedOutcome{err: err.Error()}
				}
				got = append(got, o)
			}
			if len(got) != len(want) {
				t.Fatalf("%d outcomes before the body's error, want %d", len(got), len(want))
			}
			for i := range want {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Fatalf("outcome %d of %d:\n got  %+v\n want %+v", i, len(want), got[i], want[i])
				}
			}
		})
	}
}

// readers counts the goroutines reading a stream's body.
func readers() int {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	return strings.Count(string(buf), "(*payloadStream).read(")
}

// waitReaders fails unless the readers come down to n soon: a stream
// closed, or its context ended, must not leave its reader decoding ahead.
func waitReaders(t *testing.T, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); readers() > n; {
		if time.Now().After(deadline) {
			t.Fatalf("%d stream readers still running, want %d", readers(), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Closing a stream, or ending its context, stops its reader whether it is
// blocked handing decoded events over, blocked reading a silent body, or
// in between, and Next then ends rather than giving what was decoded
// ahead.
func TestDecodedStreamStopsItsReader(t *testing.T) {
	silent := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		id := protoReadRPC(t, body).ID
		w.Header().Set("Content-Type", "text/event-stream")
		n := 0
		if r.URL.Query().Has("silent") {
			n = 3
		}
		for i := 0; ; i++ {
			if n > 0 && i == n {
				w.(http.Flusher).Flush()
				select {
				case <-r.Context().Done():
				case <-silent:
				}
				return
			}
			if _, err := fmt.Fprintf(w, "data: %s\n\n", strings.Replace(v10Chunk(fmt.Sprintf(`"%d"`, i)), `"id":"7"`, `"id":`+string(id), 1)); err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	defer close(silent)
	base := readers()
	for _, tc := range []struct {
		name   string
		query  string
		cancel bool
	}{
		{"close an endless stream", "", false},
		{"cancel an endless stream", "", true},
		{"close a silent stream", "?silent", false},
		{"cancel a silent stream", "?silent", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			c := &rpc{t: newTransport(Options{}), url: srv.URL + tc.query, dialect: DialectV10}
			s, err := c.stream(ctx, "stream", "m", nil, fastV10, decodeV10Event)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 3 {
				ev, err := s.next()
				if err != nil || ev.Artifact == nil || ev.Artifact.Artifact.Parts[0].Text != fmt.Sprint(i) {
					t.Fatalf("event %d: %+v, %v", i, ev, err)
				}
			}
			if tc.query == "" {
				time.Sleep(20 * time.Millisecond) // let the reader decode ahead and block
			}
			if tc.cancel {
				cancel()
			} else {
				s.close()
			}
			for i := 0; ; i++ {
				if _, err := s.next(); err != nil {
					break
				}
				if !tc.cancel || i > 10*sseBlockSize {
					t.Fatalf("next gave an event after the stream was closed")
				}
			}
			s.close()
			waitReaders(t, base)
		})
	}
}
