package session

import (
	"context"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/session/a2ui"
)

// A2UI is activated with an agent whose card declares it, the newest
// version both understand, unless the config turns it off: at the top
// for every agent, in an agent's entry for that one.
func TestA2UIActivatedUnlessTurnedOff(t *testing.T) {
	srv := httptest.NewServer(demoagent.New(demoagent.Options{}).Handler())
	defer srv.Close()
	on, off := true, false
	for _, c := range []struct {
		name   string
		top    *bool
		entry  *bool
		ref    string
		active bool
	}{
		{"default, by URL", nil, nil, srv.URL, true},
		{"default, by name", nil, nil, "demo", true},
		{"off at the top", &off, nil, srv.URL, false},
		{"off for the agent", nil, &off, "demo", false},
		{"on for the agent, off at the top", &off, &on, "demo", true},
	} {
		cfg := &config.Config{Cards: config.Cards{A2UI: c.top}}
		cfg.Agents = []config.Agent{{Name: "demo", URL: srv.URL, Cards: config.Cards{A2UI: c.entry}}}
		cl, err := testDirectory(DirectoryOptions{Config: cfg}).Client(context.Background(), c.ref, Overrides{})
		if err != nil {
			t.Fatal(err)
		}
		want := []string(nil)
		if c.active {
			want = []string{a2ui.ExtensionV09}
		}
		if got := cl.Extensions(); !slices.Equal(got, want) {
			t.Errorf("%s: activates %v, want %v", c.name, got, want)
		}
	}
}

// TestA2UIOfferedOnlyWhereSurfacesAreDrawn: a front end that cannot draw
// surfaces (DirectoryOptions.WithoutA2UI) makes no offer, so an agent
// answers it in words rather than with a form it would show as JSON.
func TestA2UIOfferedOnlyWhereSurfacesAreDrawn(t *testing.T) {
	srv := httptest.NewServer(demoagent.New(demoagent.Options{}).Handler())
	defer srv.Close()
	on := true
	cfg := &config.Config{Cards: config.Cards{A2UI: &on}}
	cl, err := testDirectory(DirectoryOptions{Config: cfg, WithoutA2UI: true}).Client(context.Background(), srv.URL, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if got := cl.Extensions(); len(got) != 0 {
		t.Errorf("activates %v, want nothing", got)
	}
}
