package session

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/auth"
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
	dir := testDirectory(DirectoryOptions{Config: cfg, ConfigPath: t.TempDir() + "/config.toml", Getenv: func(string) string { return "" }})
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

// What asks for a sign-in: a refusal (with its challenge) or a task in
// auth-required (with its id); nothing else does.
func TestSignInNeeded(t *testing.T) {
	refused := Item{Kind: ItemError, Err: &a2aclient.AuthError{StatusCode: 401, Challenge: `Bearer realm="x"`}}
	if ch, task, ok := SignInNeeded(refused); !ok || ch != `Bearer realm="x"` || task != "" {
		t.Errorf("a 401 = %q %q %v", ch, task, ok)
	}
	turn := Item{Kind: ItemStatus, State: a2aclient.StateAuthRequired, TaskID: "t1"}
	if _, task, ok := SignInNeeded(turn); !ok || task != "t1" {
		t.Errorf("an auth-required turn = %q %v", task, ok)
	}
	for _, it := range []Item{
		{Kind: ItemError, Err: errors.New("boom")},
		{Kind: ItemStatus, State: a2aclient.StateInputRequired, TaskID: "t2"},
	} {
		if _, _, ok := SignInNeeded(it); ok {
			t.Errorf("%+v asks for a sign-in", it)
		}
	}
}

// parley login's choice: the flow asked for, offered even when the card
// does not name it; else the card's OAuth way before a typed secret.
func TestSignInPick(t *testing.T) {
	w := NewWorkspace(WorkspaceOptions{Directory: testDirectory(DirectoryOptions{ConfigPath: t.TempDir() + "/config.toml"})}, nil)
	card := &a2aclient.Agent{SecuritySchemes: []a2aclient.SecurityScheme{
		{Name: "key", Type: a2aclient.SchemeAPIKey, In: "header", ParamName: "X-Key"},
		{Name: "sso", Type: a2aclient.SchemeOAuth2, Flows: a2aclient.OAuthFlows{DeviceCode: &a2aclient.OAuthFlow{DeviceAuthorizationURL: "http://127.0.0.1:1/device", TokenURL: "http://127.0.0.1:1/token"}}},
	}}
	s := w.SignInTo("http://127.0.0.1:1/", card, "")
	if i := s.Pick(""); !s.Ways[i].OAuth() {
		t.Errorf("picked %q, want the OAuth way", s.Ways[i].Label())
	}
	n := len(s.Ways)
	if i := s.Pick(auth.GrantClientCredentials); !s.Ways[i].OAuth() || len(s.Ways) != n+1 {
		t.Errorf("a flow the card does not name was not offered: %q of %d ways", s.Ways[i].Label(), len(s.Ways))
	}
}
