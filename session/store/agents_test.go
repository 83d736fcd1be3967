package store

import (
	"path/filepath"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// The store remembers an agent by its card's URL and finds it again by
// that URL, by its endpoint, or by a base URL under which it is the only
// known agent; a base URL with several agents under it, another origin,
// or a card URL carrying a token find nothing, and a token is never
// written down.
func TestStoreRemembersAgentsByCardURL(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "parley.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	helper := session.KnownAgent{CardURL: "http://127.0.0.1:4000/.well-known/helper/agent-card.json", Endpoint: "http://127.0.0.1:4000/a2a/helper", Dialect: a2aclient.DialectV03}
	for _, a := range []session.KnownAgent{
		helper,
		{CardURL: "http://127.0.0.1:5000/.well-known/one/agent-card.json", Endpoint: "http://127.0.0.1:5000/a2a/one", Dialect: a2aclient.DialectV03},
		{CardURL: "http://127.0.0.1:5000/.well-known/two/agent-card.json", Endpoint: "http://127.0.0.1:5000/a2a/two", Dialect: a2aclient.DialectV03},
		{CardURL: "http://127.0.0.1:6000/card.json?token=s3cret", Endpoint: "http://127.0.0.1:6000/", Dialect: a2aclient.DialectV10},
	} {
		if err := s.RememberAgent(a); err != nil {
			t.Fatal(err)
		}
	}
	for _, ref := range []string{helper.CardURL, helper.Endpoint, "http://127.0.0.1:4000", "http://127.0.0.1:4000/"} {
		if got, ok := s.RecallAgent(ref); !ok || got != helper {
			t.Errorf("%s: recalled %+v %v", ref, got, ok)
		}
	}
	for _, ref := range []string{"http://127.0.0.1:5000/", "http://127.0.0.1:4001/", "https://127.0.0.1:4000/", "http://127.0.0.1:6000/", "not a url", "http://127.0.0.1:4000/a2a"} {
		if got, ok := s.RecallAgent(ref); ok {
			t.Errorf("%s: recalled %+v", ref, got)
		}
	}
	var n int
	if err := s.db.QueryRow(`SELECT count(*) FROM agents_known WHERE card_url LIKE '%s3cret%' OR endpoint LIKE '%s3cret%'`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("a token was written down (%d rows, %v)", n, err)
	}
}
