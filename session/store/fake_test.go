package store

import (
	"context"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/fakeagent"
	"github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

// The scripted agent of these tests is internal/fakeagent's, under the
// names the tests use.
type (
	fakeAgent = fakeagent.Agent
	rpcCall   = fakeagent.Call
)

func newFakeAgent(t *testing.T, streaming bool) *fakeAgent { return fakeagent.New(t, streaming) }

var (
	writeJSON = fakeagent.WriteJSON
	events    = fakeagent.Events
	task      = fakeagent.Task
	status    = fakeagent.Status
	chunk     = fakeagent.Chunk
)

// The hostile agents' client and deadline, and a first message, as
// session's follow tests have them.

func hostileFollowClient(t *testing.T, srv *hostile.Server) *a2aclient.Client {
	t.Helper()
	t.Cleanup(srv.Close)
	c, err := a2aclient.Resolve(context.Background(), srv.URL, a2aclient.Options{PollInterval: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func hostileFollowCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func hello() a2aclient.SendRequest {
	return a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("hello")}}}
}

func client(t *testing.T, f *fakeAgent) *a2aclient.Client {
	t.Helper()
	d := sessiontest.Directory(session.DirectoryOptions{Client: a2aclient.Options{PollInterval: time.Millisecond}})
	c, err := d.Client(context.Background(), f.Srv.URL, session.Overrides{})
	if err != nil {
		t.Fatalf("resolve fake agent: %v", err)
	}
	return c
}
