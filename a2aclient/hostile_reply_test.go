package a2aclient

import (
	"context"
	"errors"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/parley-a2a/parley/internal/hostile"
)

// Malformed and hostile replies: a clear error or a correct result,
// never a panic or a hang.

var sayHi = SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}}

func TestHostileHTMLErrorPage(t *testing.T) {
	page := "<!DOCTYPE html><html><head><title>x</title><style>body{}</style></head><body>\n<h1>Internal\tServer Error</h1>\n" +
		"<script>alert(1)</script><p>\x1b]0;pwned\x07Try later.</p>" + strings.Repeat("<p>filler</p>", 500) + "</body></html>"
	srv := hostile.Serve(hostile.Fault{Mode: hostile.Status, Status: 500, ContentType: "text/html", Body: page})
	c := hostileClient(t, srv, Options{})
	_, err := c.Send(hostileCtx(t), sayHi)
	var he *HTTPError
	if !errors.As(err, &he) || he.StatusCode != 500 {
		t.Fatalf("want HTTP 500, got %T %v", err, err)
	}
	oneCleanLine(t, err, "HTTP 500", "Internal Server Error Try later.")
	for _, bad := range []string{"alert", "body{}", "pwned"} {
		if strings.Contains(err.Error(), bad) {
			t.Errorf("the error shows %q: %s", bad, err)
		}
	}
}

// A busy agent's Retry-After reaches the caller of a blocking call, in
// the error and in what to do.
func TestHostileRetryAfterOnBlockingCalls(t *testing.T) {
	for _, tc := range []struct {
		status int
		header string
	}{
		{503, "7"},
		{429, time.Now().Add(90 * time.Second).UTC().Format(http.TimeFormat)},
	} {
		srv := hostile.Serve(hostile.Fault{Mode: hostile.Status, Status: tc.status, RetryAfter: tc.header, Body: "slow down"})
		c := hostileClient(t, srv, Options{})
		for _, call := range []func() error{
			func() error { _, err := c.Send(hostileCtx(t), sayHi); return err },
			func() error { _, err := c.Stream(hostileCtx(t), sayHi); return err },
		} {
			err := call()
			var he *HTTPError
			if !errors.As(err, &he) || he.StatusCode != tc.status || he.RetryAfter < 5*time.Second {
				t.Fatalf("want HTTP %d with Retry-After, got %v", tc.status, err)
			}
			oneCleanLine(t, err, "retry after", "slow down")
			if h := Hint(err); !strings.Contains(h, "try again in") {
				t.Errorf("hint %q does not say when to try again", h)
			}
		}
	}
}

// Polling waits as long as the agent asks before asking again.
func TestHostileRetryAfterWhilePolling(t *testing.T) {
	t.Parallel()
	srv := hostile.Serve(hostile.Fault{Mode: hostile.Status, Methods: []string{"tasks/get"}, Times: 1, Status: 429, RetryAfter: "1"})
	c := hostileClient(t, srv, Options{PollInterval: time.Millisecond})
	tr, err := followAll(c.Watch(hostileCtx(t), hostile.TaskID))
	if err != nil || tr.State() != StateCompleted {
		t.Fatalf("state %s, err %v", tr.State(), err)
	}
	var gets []hostile.Request
	for _, r := range srv.Requests() {
		if r.RPC == "tasks/get" {
			gets = append(gets, r)
		}
	}
	if len(gets) != 2 || !gets[0].Faulty {
		t.Fatalf("gets: %+v", gets)
	}
	if gap := gets[1].Time.Sub(gets[0].Time); gap < time.Second {
		t.Errorf("polled again after %s; the agent asked for 1s", gap)
	}
}

func TestHostileMalformedReplies(t *testing.T) {
	for _, mode := range []hostile.Mode{hostile.InvalidJSON, hostile.WrongID, hostile.ResultAndError} {
		t.Run(string(mode), func(t *testing.T) {
			c := hostileClient(t, hostile.Serve(hostile.Fault{Mode: mode}), Options{})
			_, err := c.Send(hostileCtx(t), sayHi)
			var pe *ProtocolError
			if !errors.As(err, &pe) {
				t.Errorf("send: want a ProtocolError, got %T %v", err, err)
			}
			st, err := c.Stream(hostileCtx(t), sayHi)
			if err == nil {
				_, err = followAll(st)
			}
			if !errors.As(err, &pe) {
				t.Errorf("stream: want a ProtocolError, got %T %v", err, err)
			}
			oneCleanLine(t, err, "not valid A2A")
		})
	}
}

// Replies that are odd but readable still give the right answer.
func TestHostileOddRepliesGiveTheAnswer(t *testing.T) {
	for _, mode := range []hostile.Mode{hostile.UnknownThings, hostile.OtherTask, hostile.AppendMissing, hostile.InvalidUTF8} {
		t.Run(string(mode), func(t *testing.T) {
			c := hostileClient(t, hostile.Serve(hostile.Fault{Mode: mode}), Options{})
			st, err := c.Stream(hostileCtx(t), sayHi)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := followAll(st)
			if err != nil || tr.State() != StateCompleted {
				t.Fatalf("state %s, err %v", tr.State(), err)
			}
			task := tr.Task()
			if task.ID != hostile.TaskID {
				t.Errorf("task id %q", task.ID)
			}
			text := tr.Text()
			if !utf8.ValidString(text) || !strings.HasPrefix(text, "Hello ") || !strings.HasSuffix(text, "world") || strings.Contains(text, "EVIL") {
				t.Errorf("answer %q", text)
			}
			if mode == hostile.InvalidUTF8 && !strings.ContainsRune(text, utf8.RuneError) {
				t.Errorf("invalid bytes should read as U+FFFD: %q", text)
			}
			if mode == hostile.UnknownThings && len(task.Artifacts[0].Parts) < 2 {
				t.Errorf("the unknown part kind was lost: %+v", task.Artifacts[0].Parts)
			}
			res, err := c.Send(hostileCtx(t), sayHi)
			if err != nil || res.Task == nil || res.Task.Status.State != StateCompleted {
				t.Fatalf("send: %+v, %v", res, err)
			}
		})
	}
}

// heapAlloc is the live heap after a collection.
func liveHeapBytes() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func allocatedBytes() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}

// One SSE line of 50 MB is refused at the cap, having allocated about
// the cap, not the line; the same for a 50 MB reply body.
func TestHostileHugeEvent(t *testing.T) {
	const line = 50 << 20
	const limit = 1 << 20
	srv := hostile.Serve(hostile.Fault{Mode: hostile.HugeLine, HugeSize: line})
	c := hostileClient(t, srv, Options{MaxEventSize: limit})
	for _, how := range []string{"stream", "send"} {
		before := allocatedBytes()
		var err error
		if how == "stream" {
			var st *Stream
			if st, err = c.Stream(hostileCtx(t), sayHi); err == nil {
				_, err = followAll(st)
			}
		} else {
			_, err = c.Send(hostileCtx(t), sayHi)
		}
		allocated := allocatedBytes() - before
		var tooLarge *EventTooLargeError
		if !errors.As(err, &tooLarge) || tooLarge.Limit != limit {
			t.Fatalf("%s: want EventTooLargeError, got %T %v", how, err, err)
		}
		oneCleanLine(t, err, "1 MiB limit")
		if allocated > 8*limit {
			t.Errorf("%s: refusing a %d MB line allocated %d MB", how, line>>20, allocated>>20)
		}
	}
	if sent := srv.Sent(); sent >= 2*line {
		t.Errorf("the client read %d MB of two 50 MB replies before refusing", sent>>20)
	}
}

// The default cap (16 MiB) refuses it too.
func TestHostileHugeEventDefaultCap(t *testing.T) {
	c := hostileClient(t, hostile.Serve(hostile.Fault{Mode: hostile.HugeLine, Methods: []string{"message/stream"}}), Options{})
	st, err := c.Stream(hostileCtx(t), sayHi)
	if err == nil {
		_, err = followAll(st)
	}
	var tooLarge *EventTooLargeError
	if !errors.As(err, &tooLarge) || tooLarge.Limit != DefaultMaxEventSize {
		t.Fatalf("want EventTooLargeError, got %T %v", err, err)
	}
}

// An endless stream of keep-alives yields no events, holds no growing
// memory, and ends with the context.
func TestHostileEndlessKeepAlives(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.KeepAlives})
	c := hostileClient(t, srv, Options{})
	ctx, cancel := context.WithCancel(hostileCtx(t))
	defer cancel()
	st, err := c.Stream(ctx, sayHi)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := st.Next()
		done <- err
	}()
	waitSent(t, srv, 1<<20)
	base := liveHeapBytes()
	waitSent(t, srv, 4<<20)
	if grown := int64(liveHeapBytes()) - int64(base); grown > 1<<20 {
		t.Errorf("the heap grew by %d KB while 3 MB of keep-alives streamed", grown>>10)
	}
	select {
	case err := <-done:
		t.Fatalf("Next returned during keep-alives: %v", err)
	default:
	}
	cancel()
	wantCanceled(t, done, "Next")
}

func waitSent(t *testing.T, srv *hostile.Server, n int64) {
	t.Helper()
	for deadline := time.Now().Add(hostilePatience); srv.Sent() < n; {
		if time.Now().After(deadline) {
			t.Fatalf("the server sent only %d bytes", srv.Sent())
		}
		time.Sleep(time.Millisecond)
	}
}
