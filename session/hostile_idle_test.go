package session

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/hostile"
)

// A stream that sends its first event, then nothing at all (not even a
// keep-alive) past the idle limit, is resumed like a cut stream, and the
// task ends with the whole answer.
func TestHostileSilentStreamIsResumed(t *testing.T) {
	t.Parallel()
	srv := hostile.Serve(hostile.Fault{Mode: hostile.SlowStream, Methods: []string{"message/stream"}, Times: 1, Pause: time.Hour})
	t.Cleanup(srv.Close)
	c, err := a2aclient.Resolve(context.Background(), srv.URL, a2aclient.Options{PollInterval: time.Millisecond, IdleTimeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	var resumes []Resume
	s, err := Exchange(hostileFollowCtx(t), c, hello(), hostileNoDelay(&resumes))
	if err != nil || s.State != "completed" || s.Text != hostile.Answer {
		t.Fatalf("summary %+v, err %v", s, err)
	}
	var de *a2aclient.DeadlineError
	if len(resumes) != 1 || !errors.As(resumes[0].Cause, &de) || !strings.Contains(resumes[0].Cause.Error(), "nothing arrived for 200ms") {
		t.Fatalf("resumes %+v", resumes)
	}
}
