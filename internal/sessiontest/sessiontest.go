// Package sessiontest holds what the tests of session's subpackages
// (session/store, session/push) share: a directory built as the program
// builds it, the demo agent served and resolved, waiting for a
// conversation to settle, and short forms of a transcript to compare.
// session's own tests keep theirs: a package's internal tests cannot
// import a package that imports it.
package sessiontest

import (
	"context"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/auth"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/session"
)

// Directory is session.NewDirectory with auth's machinery when o names
// none, built as the program builds it (cli.Credentials): the
// credentials file next to the config file, the directory's Getenv and
// HTTP client.
func Directory(o session.DirectoryOptions) *session.Directory {
	if o.Auth == nil {
		o.Auth = auth.ForSession(auth.NewManager(auth.Options{Getenv: o.Getenv,
			CredentialsPath: config.CredentialsPathFor(o.ConfigPath), HTTPClient: o.Client.HTTPClient}))
	}
	return session.NewDirectory(o)
}

// DemoServer serves the demo agent with the given pacing.
func DemoServer(t testing.TB, o demoagent.Options) *httptest.Server {
	srv := httptest.NewServer(demoagent.New(o).Handler())
	t.Cleanup(srv.Close)
	return srv
}

// ResolveDemo resolves the agent at url, polling fast.
func ResolveDemo(t testing.TB, url string) *a2aclient.Client {
	t.Helper()
	c, err := a2aclient.Resolve(context.Background(), url, a2aclient.Options{PollInterval: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// WaitIdle waits for every exchange of c to finish. Bounded by the
// test's own deadline, not by a wall-time assertion.
func WaitIdle(t *testing.T, c *session.Conversation) {
	t.Helper()
	for i := 0; c.Busy(); i++ {
		if i > 5000 {
			t.Fatal("conversation never went idle")
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// Kinds is a transcript in short: each item's kind, a status with its
// state.
func Kinds(items []session.Item) string {
	var b []string
	for _, it := range items {
		s := [...]string{"user", "agent", "status", "artifact", "error", "notice"}[it.Kind]
		if it.Kind == session.ItemStatus {
			s += "(" + string(it.State) + ")"
		}
		b = append(b, s)
	}
	return strings.Join(b, " ")
}

// PartsText is the text of parts, joined.
func PartsText(parts []a2aclient.Part) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

// DemoConversation is a conversation with the demo agent served at path,
// and how many times it notified.
func DemoConversation(t *testing.T, path string) (*session.Conversation, *atomic.Int64) {
	t.Helper()
	srv := DemoServer(t, demoagent.Options{})
	cl, err := a2aclient.Resolve(context.Background(), srv.URL+path, a2aclient.Options{PollInterval: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	var n atomic.Int64
	return session.NewConversation(cl, "demo", func() { n.Add(1) }), &n
}
