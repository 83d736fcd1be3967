package wire

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	hostileagent "github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/styles"
)

// A cut stream whose lost chunks the agent did not replay is repaired
// from the fetched task; the wire view says so among the traffic.
func TestWireViewNotesTheRepair(t *testing.T) {
	srv := hostileagent.Serve(hostileagent.Fault{Mode: hostileagent.DropOnCut})
	t.Cleanup(srv.Close)
	l := NewLog()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	client, err := a2aclient.Resolve(ctx, srv.URL, a2aclient.Options{Wire: l.Observe})
	if err != nil {
		t.Fatal(err)
	}
	msg := a2aclient.Message{ID: "m1", Role: a2aclient.RoleUser, Parts: []a2aclient.Part{a2aclient.TextPart("count")}}
	s, err := session.Exchange(ctx, client, a2aclient.SendRequest{Message: msg}, session.FollowOptions{ResumeDelay: -1})
	if err != nil || s.Text != hostileagent.DroppedAnswer {
		t.Fatalf("summary %q, %v", s.Text, err)
	}
	view := drawnView(NewView(l, nil), styles.New(themes.Dark), 200, 200)
	if !strings.Contains(view, "※ parley") || !strings.Contains(view, "lost part of the answer") {
		t.Errorf("the wire view does not note the repair:\n%s", view)
	}
	if i, j := strings.Index(view, "tasks/get"), strings.Index(view, "※ parley"); i < 0 || j < i {
		t.Errorf("the note should follow the fetch that repaired the answer")
	}
}
