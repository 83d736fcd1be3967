package session

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/demoagent"
)

// An agent whose token is env:MY_TOKEN, with MY_TOKEN unset, needs the
// person to sign in (issue 15 item 11): the failure names the variable,
// the agent is offered the sign-in, and a credential typed in then gets
// it its card, though the variable is still unset.
func TestWorkspaceUnsetTokenVariableAsksToSignIn(t *testing.T) {
	srv := httptest.NewServer(demoagent.New(demoagent.Options{}).Handler())
	t.Cleanup(srv.Close)
	cfg := &config.Config{Agents: []config.Agent{{Name: "work", URL: srv.URL + "/", Auth: "bearer", Token: "env:MY_TOKEN"}}}
	dir := NewDirectory(DirectoryOptions{Config: cfg, ConfigPath: t.TempDir() + "/config.toml", Getenv: func(string) string { return "" }})
	w := NewWorkspace(WorkspaceOptions{Directory: dir, Config: cfg}, nil)
	a := w.Find("work")
	ctx := context.Background()
	cl, err := w.Resolve(ctx, a.Ref)
	w.Resolved(a, cl, err)
	if name, ok := MissingVariable(a.Err); !ok || name != "MY_TOKEN" {
		t.Fatalf("the failure does not name the unset variable: %v", a.Err)
	}
	if _, ok := a.NeedsSignIn(); !ok {
		t.Fatalf("an agent whose token variable is unset is not offered the sign-in (%v)", a.Err)
	}
	s := w.SignIn(a, "")
	if len(s.Ways) == 0 || !s.Ways[s.Preferred].Typed() {
		t.Fatalf("sign-in ways = %+v", s.Ways)
	}
	refetch, err := w.ApplyCredential(a, s.Typed(s.Preferred, "", "typed-token"))
	if err != nil || !refetch {
		t.Fatalf("apply = %v, %v; want a refetch", refetch, err)
	}
	cl, err = w.SignedIn(ctx, a.Ref)
	w.Resolved(a, cl, err)
	if a.Status != AgentReady {
		t.Fatalf("after typing a token the agent is still %v: %v", a.Status, a.Err)
	}
}
