package store

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/a2ui"
)

// The Markdown export draws an agent's form as text, as parley send
// does, rather than its A2UI messages as JSON; the JSON export keeps
// them whole.
func TestExportMarkdownDrawsForms(t *testing.T) {
	srv := sessiontest.DemoServer(t, demoagent.Options{})
	cl, err := a2aclient.Resolve(context.Background(), srv.URL, a2aclient.Options{PollInterval: 5 * time.Millisecond, Offers: []a2aclient.ExtensionOffer{a2ui.Offer()}})
	if err != nil {
		t.Fatal(err)
	}
	s := openTestStore(t)
	conv := session.NewConversation(cl, "parley demo", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(srv.URL, conv.Client())})
	conv.Send("Book a table")
	sessiontest.WaitIdle(t, conv)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	if err := s.ExportMarkdown(&md, rec.ID()); err != nil {
		t.Fatal(err)
	}
	out := md.String()
	for _, want := range []string{"── booking (A2UI", "Name: [", "[[ Book ]]"} {
		if !strings.Contains(out, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{"createSurface", "updateComponents"} {
		if strings.Contains(out, bad) {
			t.Errorf("Markdown holds the raw A2UI message %q:\n%s", bad, out)
		}
	}
	var js bytes.Buffer
	if err := s.ExportJSON(&js, rec.ID()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), "updateComponents") {
		t.Error("the JSON export lost the A2UI messages")
	}
}
