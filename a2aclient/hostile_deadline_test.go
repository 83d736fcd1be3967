package a2aclient

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/internal/hostile"
)

// Nothing waits forever: a reply that trickles in, one byte at a time,
// ends with a DeadlineError once the whole-body limit passes, whether it
// is a card, a blocking reply, a stream request answered with one body,
// or an error page (whose error is then reported with what came).

func wantDeadline(t *testing.T, err error, idle bool) {
	t.Helper()
	var de *DeadlineError
	var te *TransportError
	if !errors.As(err, &de) || !errors.As(err, &te) || de.Idle != idle {
		t.Fatalf("want a TransportError with a DeadlineError (idle %v), got %T %v", idle, err, err)
	}
	oneCleanLine(t, err)
}

func TestHostileTrickledCardTimesOut(t *testing.T) {
	t.Parallel()
	srv := hostile.Serve(hostile.Fault{Mode: hostile.Trickle, Methods: []string{"card"}, Pause: 20 * time.Millisecond})
	t.Cleanup(srv.Close)
	_, err := Resolve(hostileCtx(t), srv.URL, Options{BodyTimeout: 200 * time.Millisecond})
	wantDeadline(t, err, false)
	if !strings.Contains(err.Error(), "did not finish within 200ms") {
		t.Errorf("error %q", err)
	}
}

func TestHostileTrickledRepliesTimeOut(t *testing.T) {
	t.Parallel()
	srv := hostile.Serve(hostile.Fault{Mode: hostile.Trickle, Methods: []string{"message/send", "message/stream", "tasks/get"}, Pause: 20 * time.Millisecond})
	c := hostileClient(t, srv, Options{BodyTimeout: 200 * time.Millisecond})
	_, err := c.Send(hostileCtx(t), sayHi)
	wantDeadline(t, err, false)
	_, err = c.Stream(hostileCtx(t), sayHi)
	wantDeadline(t, err, false)
	_, err = c.Get(hostileCtx(t), hostile.TaskID, nil)
	wantDeadline(t, err, false)
}

func TestHostileTrickledErrorPageIsCut(t *testing.T) {
	t.Parallel()
	srv := hostile.Serve(hostile.Fault{Mode: hostile.Trickle, Methods: []string{"message/send"}, Status: http.StatusBadGateway, Pause: 5 * time.Millisecond})
	c := hostileClient(t, srv, Options{BodyTimeout: 200 * time.Millisecond})
	_, err := c.Send(hostileCtx(t), sayHi)
	var he *HTTPError
	if !errors.As(err, &he) || he.StatusCode != http.StatusBadGateway {
		t.Fatalf("want the HTTP 502, got %T %v", err, err)
	}
	oneCleanLine(t, err, "HTTP 502")
}

// A stream that delivers nothing at all, not even a keep-alive, past
// the idle limit ends as a TransportError, which is resumed like a cut.
func TestHostileSilentStreamEndsAfterIdle(t *testing.T) {
	t.Parallel()
	srv := hostile.Serve(hostile.Fault{Mode: hostile.SilentStream, Methods: []string{"message/stream"}})
	c := hostileClient(t, srv, Options{IdleTimeout: 200 * time.Millisecond})
	st, err := c.Stream(hostileCtx(t), sayHi)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, err = st.Next()
	wantDeadline(t, err, true)
	if !strings.Contains(err.Error(), "nothing arrived for 200ms") {
		t.Errorf("error %q", err)
	}
}

// Keep-alives keep a stream alive however long the task takes: only the
// caller's context ends it.
func TestHostileKeepAlivesOutliveTheIdleLimit(t *testing.T) {
	t.Parallel()
	srv := hostile.Serve(hostile.Fault{Mode: hostile.KeepAlives, Methods: []string{"message/stream"}})
	// The agent writes every 0.2 ms; a limit far above that, so a loaded
	// machine's scheduling does not pass for silence.
	c := hostileClient(t, srv, Options{IdleTimeout: 500 * time.Millisecond})
	ctx, cancel := context.WithTimeout(hostileCtx(t), 3*time.Second)
	defer cancel()
	st, err := c.Stream(ctx, sayHi)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, err = st.Next()
	var de *DeadlineError
	if errors.As(err, &de) || ctx.Err() == nil {
		t.Fatalf("a stream of keep-alives ended by itself: %v", err)
	}
}

// A busy agent (429 or 503) did not take the request: it is sent again
// after the wait asked for, and each wait is announced.
func TestHostileBusyAgentIsWaitedOut(t *testing.T) {
	t.Parallel()
	for _, method := range []string{"message/send", "message/stream", "tasks/cancel", "card"} {
		t.Run(method, func(t *testing.T) {
			t.Parallel()
			srv := hostile.Serve(hostile.Fault{Mode: hostile.Status, Methods: []string{method}, Times: 1, Status: 429, RetryAfter: "1"})
			t.Cleanup(srv.Close)
			var retries []Retry
			o := Options{Retry: RetryPolicy{OnRetry: func(r Retry) { retries = append(retries, r) }}}
			c, err := Resolve(hostileCtx(t), srv.URL, o)
			if err == nil {
				switch method {
				case "message/send":
					_, err = c.Send(hostileCtx(t), sayHi)
				case "message/stream":
					var st *Stream
					if st, err = c.Stream(hostileCtx(t), sayHi); err == nil {
						_, err = followAll(st)
					}
				case "tasks/cancel":
					_, err = c.Cancel(hostileCtx(t), hostile.TaskID)
				}
			}
			if err != nil {
				t.Fatalf("the retry did not succeed: %v", err)
			}
			if len(retries) != 1 || retries[0].Wait != time.Second || retries[0].Status != 429 || retries[0].Attempt != 2 {
				t.Errorf("retries %+v", retries)
			}
			if s := retries[0].String(); !strings.Contains(s, "agent busy (HTTP 429), retrying in 1s") {
				t.Errorf("notice %q", s)
			}
		})
	}
}

// Nothing the agent may have acted on is sent again: a 500, a 502, a cut
// stream, a reply that timed out. A busy agent that asks for more than
// the policy allows, or stays busy, fails with its Retry-After.
func TestHostileNeverRetriesWhatMayHaveBeenDone(t *testing.T) {
	t.Parallel()
	for _, f := range []hostile.Fault{
		{Mode: hostile.Status, Methods: []string{"message/send"}, Status: 500, Body: "oops"},
		{Mode: hostile.Status, Methods: []string{"message/send"}, Status: 502, Body: "bad gateway"},
		{Mode: hostile.Status, Methods: []string{"message/send"}, Status: 504},
		{Mode: hostile.Trickle, Methods: []string{"message/send"}, Pause: 20 * time.Millisecond},
		{Mode: hostile.Status, Methods: []string{"message/send"}, Status: 503, RetryAfter: "60"},
	} {
		srv := hostile.Serve(f)
		c := hostileClient(t, srv, Options{BodyTimeout: 100 * time.Millisecond, Retry: RetryPolicy{OnRetry: func(r Retry) { t.Errorf("%s %d: retried: %s", f.Mode, f.Status, r) }}})
		if _, err := c.Send(hostileCtx(t), sayHi); err == nil {
			t.Errorf("%s %d: no error", f.Mode, f.Status)
		}
		sends := 0
		for _, r := range srv.Requests() {
			if r.RPC == "message/send" {
				sends++
			}
		}
		if sends != 1 {
			t.Errorf("%s %d: the message was sent %d times", f.Mode, f.Status, sends)
		}
	}
	// Busy every time: the tries run out, the error keeps the wait asked.
	srv := hostile.Serve(hostile.Fault{Mode: hostile.Status, Methods: []string{"message/send"}, Status: 503})
	var retries []Retry
	c := hostileClient(t, srv, Options{Retry: RetryPolicy{Tries: 2, MaxWait: time.Minute, OnRetry: func(r Retry) { retries = append(retries, r) }}})
	_, err := c.Send(hostileCtx(t), sayHi)
	var he *HTTPError
	if !errors.As(err, &he) || he.StatusCode != 503 || len(retries) != 2 || retries[1].Wait != 2*time.Second || retries[1].Max != 3 {
		t.Errorf("err %v, retries %+v", err, retries)
	}
}
