package store

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

// The memory learns only what the agent taught: a dialect the user
// forced is not remembered, and an agent whose card's own choice answers
// keeps being spoken to in it, so a card that changes its preference is
// followed. A dialect that answered after the card's choice failed is
// remembered and tried first the next time.
func TestDirectoryRemembersOnlyWhatItLearned(t *testing.T) {
	srv := httptest.NewServer(demoagent.New(demoagent.Options{}).Handler())
	defer srv.Close()
	st, err := Open(filepath.Join(t.TempDir(), "parley.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	exchange := func(o session.Overrides) a2aclient.Dialect {
		t.Helper()
		dir := sessiontest.Directory(session.DirectoryOptions{Config: &config.Config{}, Memory: st})
		c, err := dir.Client(ctx, srv.URL, o)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Send(ctx, a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("hi")}}}); err != nil {
			t.Fatal(err)
		}
		dir.Remember(c)
		return c.Dialect()
	}
	cardChoice := exchange(session.Overrides{})
	if forced := exchange(session.Overrides{Dialect: a2aclient.DialectV03}); forced != a2aclient.DialectV03 || cardChoice == a2aclient.DialectV03 {
		t.Fatalf("the demo's card chooses %s; forced, parley spoke %s", cardChoice, forced)
	}
	if again := exchange(session.Overrides{}); again != cardChoice {
		t.Fatalf("after a forced %s, parley spoke %s to an agent whose card chooses %s", a2aclient.DialectV03, again, cardChoice)
	}
	if k, ok := st.RecallAgent(srv.URL); ok && k.Dialect != "" {
		t.Fatalf("remembered %+v for an agent whose card's choice answers", k)
	}
}
