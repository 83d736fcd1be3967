package a2aclient

import (
	"context"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/internal/hostile"
)

// Broken networks: each test points a client at a fault (see
// internal/hostile) and checks that it ends with a clear error or a
// correct result, promptly. docs/reliability.md lists them all.

// hostileCtx bounds a test: a hang fails it instead of the whole run.
// hostilePatience bounds how long a hostile test waits for something
// that must happen (a request to arrive, a call to return). It is only a
// failure bound, never a measure: a loaded machine (make test runs the
// packages side by side on few cores) may take seconds to get there.
const hostilePatience = 30 * time.Second

func hostileCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), hostilePatience)
	t.Cleanup(cancel)
	return ctx
}

func hostileClient(t *testing.T, srv *hostile.Server, o Options) *Client {
	t.Helper()
	t.Cleanup(srv.Close)
	c, err := Resolve(hostileCtx(t), srv.URL, o)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// follow drains a stream into a tracker.
func followAll(st *Stream) (*Tracker, error) {
	var tr Tracker
	defer st.Close()
	for {
		ev, err := st.Next()
		if errors.Is(err, io.EOF) {
			return &tr, nil
		}
		if err != nil {
			return &tr, err
		}
		tr.Apply(ev)
	}
}

// oneLine checks an error reads as one clean line a person can act on.
func oneCleanLine(t *testing.T, err error, wants ...string) {
	t.Helper()
	if err == nil {
		t.Fatal("want an error, got none")
	}
	msg := err.Error()
	if strings.ContainsAny(msg, "\n\r\x1b\x07") || strings.Contains(msg, "<") || len(msg) > 400 {
		t.Errorf("error is not one clean line: %q", msg)
	}
	for _, w := range wants {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q does not say %q", msg, w)
		}
	}
}

func TestHostileConnectionRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, err = Resolve(hostileCtx(t), "http://"+addr, Options{})
	var te *TransportError
	if !errors.As(err, &te) {
		t.Fatalf("want a TransportError, got %T %v", err, err)
	}
	oneCleanLine(t, err, "refused", addr)
}

func TestHostileDNSFailure(t *testing.T) {
	_, err := Resolve(hostileCtx(t), "http://parley-test.invalid/", Options{})
	var dnsErr *net.DNSError
	if !errors.As(err, &dnsErr) {
		t.Skipf("this machine does not resolve names itself (a proxy?): %v", err)
	}
	oneCleanLine(t, err, `"parley-test.invalid" could not be resolved`)
}

func TestHostileTLSUntrusted(t *testing.T) {
	srv := hostile.NewTLS(hostile.Options{})
	t.Cleanup(srv.Close)
	_, err := Resolve(hostileCtx(t), srv.URL, Options{})
	var te *TransportError
	if !errors.As(err, &te) {
		t.Fatalf("want a TransportError, got %T %v", err, err)
	}
	oneCleanLine(t, err, "certificate is not trusted")
}

// A private CA is trusted by giving the client an HTTP client that
// trusts it; the redirect policy still applies to that client.
func TestHostileTLSCustomCA(t *testing.T) {
	srv := hostile.NewTLS(hostile.Options{})
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	hc := DefaultHTTPClient()
	hc.Transport.(*http.Transport).TLSClientConfig.RootCAs = pool
	c := hostileClient(t, srv, Options{HTTPClient: hc})
	res, err := c.Send(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Task == nil || res.Task.Status.State != StateCompleted {
		t.Fatalf("result %+v", res)
	}
}

// A connection that never completes (a black-holed address) is bounded
// by the header timeout: here a dialer that waits forever stands in for
// the network, since a test cannot rely on a black hole existing. The
// address is loopback all the same: tests never name another one.
func TestHostileConnectTimeout(t *testing.T) {
	tr := DefaultHTTPClient().Transport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, _, _ string) (net.Conn, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	_, err := Resolve(hostileCtx(t), "http://127.0.0.1:9", Options{HTTPClient: &http.Client{Transport: tr}, HeaderTimeout: 30 * time.Millisecond})
	var te *TransportError
	if !errors.As(err, &te) {
		t.Fatalf("want a TransportError, got %T %v", err, err)
	}
	oneCleanLine(t, err, "no response within 30ms")
}

// A server that accepts and never answers is cut off by the header
// timeout on calls that should answer promptly.
func TestHostileHeaderTimeout(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.Silent, Methods: []string{"tasks/get", "message/stream"}})
	// The healthy card fetch shares the timeout, so it is wide enough
	// for a loaded machine running the race detector.
	c := hostileClient(t, srv, Options{HeaderTimeout: 300 * time.Millisecond})
	_, err := c.Get(hostileCtx(t), hostile.TaskID, nil)
	oneCleanLine(t, err, "get task", "no response within 300ms")
	_, err = c.Stream(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
	oneCleanLine(t, err, "stream message", "no response within 300ms")
}

// A long-lived stream is not a slow reply: once the headers are in, the
// body may take longer than the header timeout between events.
func TestHostileSlowStreamIsNotTimedOut(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.SlowStream, Pause: 400 * time.Millisecond})
	c := hostileClient(t, srv, Options{HeaderTimeout: 300 * time.Millisecond})
	st, err := c.Stream(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := followAll(st)
	if err != nil || tr.State() != StateCompleted || tr.Text() != hostile.Answer {
		t.Fatalf("state %s, text %q, err %v", tr.State(), tr.Text(), err)
	}
}

// A blocking send has no header timeout (the agent may hold the reply
// until the task ends), so a server that never answers is ended by the
// caller's context, promptly.
func TestHostileNeverAnswersCancel(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.Silent})
	c := hostileClient(t, srv, Options{})
	ctx, cancel := context.WithCancel(hostileCtx(t))
	done := make(chan error, 1)
	go func() {
		_, err := c.Send(ctx, SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
		done <- err
	}()
	waitRequests(t, srv, 2) // the card, then the send
	cancel()
	wantCanceled(t, done, "Send")
}

// wantCanceled waits for a call whose context was just canceled (what)
// to return context.Canceled on done.
func wantCanceled(t *testing.T, done <-chan error, what string) {
	t.Helper()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("%s returned %v, want context.Canceled", what, err)
		}
	case <-time.After(hostilePatience):
		t.Fatalf("%s did not return after its context was canceled", what)
	}
}

// A stream whose server sends headers and then nothing: Next returns
// when the context ends, and Close from another goroutine unblocks it.
func TestHostileSilentStream(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.SilentStream})
	c := hostileClient(t, srv, Options{HeaderTimeout: 300 * time.Millisecond})
	for _, how := range []string{"cancel", "close"} {
		ctx, cancel := context.WithCancel(hostileCtx(t))
		st, err := c.Stream(ctx, SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() {
			_, err := st.Next()
			done <- err
		}()
		if how == "cancel" {
			cancel()
		} else {
			st.Close()
		}
		select {
		case err := <-done:
			if how == "cancel" && !errors.Is(err, context.Canceled) || how == "close" && err == nil {
				t.Errorf("%s: Next returned %v", how, err)
			}
		case <-time.After(hostilePatience):
			t.Fatalf("%s: Next did not return", how)
		}
		cancel()
	}
}

func waitRequests(t *testing.T, srv *hostile.Server, n int) {
	t.Helper()
	for deadline := time.Now().Add(hostilePatience); len(srv.Requests()) < n; {
		if time.Now().After(deadline) {
			t.Fatalf("the server saw %d requests, want %d", len(srv.Requests()), n)
		}
		time.Sleep(time.Millisecond)
	}
}
