package store

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

// The demo serves two agents on one origin: its card at / (JSON-RPC and
// REST endpoints under paths) and a gRPC-only card at /grpc/, whose
// endpoint is the bare origin. A conversation stored with the gRPC one
// (resumed at start, or reopened) must not be handed to the agent at /:
// `make run` would open on the gRPC agent in place of the demo it
// started, its chat titled with the other card's dialect.
func TestStoredGRPCAgentIsNotTheAgentAtItsOrigin(t *testing.T) {
	const base = "http://127.0.0.1:4141"
	grpcInfo := session.AgentInfo{Name: "parley demo", Ref: base + "/grpc/", CardURL: base + "/grpc/.well-known/agent-card.json", URL: base, Dialect: a2aclient.DialectV10GRPC}
	rootInfo := session.AgentInfo{Name: "parley demo", Ref: base + "/", CardURL: base + "/.well-known/agent-card.json", URL: base + "/v1.0/jsonrpc", Dialect: a2aclient.DialectV10}

	for _, resolved := range []bool{false, true} {
		w := session.NewWorkspace(session.WorkspaceOptions{Directory: sessiontest.Directory(session.DirectoryOptions{})}, []string{base + "/"})
		root := w.Agents()[0]
		if resolved {
			c, err := a2aclient.NewClient(&a2aclient.Agent{Name: "parley demo", CardURL: rootInfo.CardURL,
				Interfaces: []a2aclient.Interface{{URL: rootInfo.URL, Dialect: a2aclient.DialectV10}}}, a2aclient.Options{})
			if err != nil {
				t.Fatal(err)
			}
			w.Resolved(root, c, nil)
		}
		if a := w.ForStored(grpcInfo, nil); a == root {
			t.Errorf("resolved=%v: the /grpc/ agent's conversation went to the agent at /", resolved)
		} else if !a.Stored {
			t.Errorf("resolved=%v: the /grpc/ agent is listed as the user's, want stored", resolved)
		}
		// The control: the root's own conversation is the root's.
		if a := w.ForStored(rootInfo, nil); a != root {
			t.Errorf("resolved=%v: the root's stored conversation went to %q", resolved, a.Ref)
		}
	}
}

// `make run` lists both: each stored conversation goes to its own row,
// and neither is taken for one the user never added.
func TestStoredDemoConversationsGoToTheirOwnRows(t *testing.T) {
	const base = "http://127.0.0.1:4141"
	w := session.NewWorkspace(session.WorkspaceOptions{Directory: sessiontest.Directory(session.DirectoryOptions{}), DemoURL: base + "/", DemoMore: []string{base + "/grpc/"}}, []string{base + "/", base + "/grpc/"})
	root, grpc := w.Agents()[0], w.Agents()[1]
	grpcInfo := session.AgentInfo{Name: "parley demo gRPC", Ref: base + "/grpc/", CardURL: base + "/grpc/.well-known/agent-card.json", URL: base, Dialect: a2aclient.DialectV10GRPC}
	rootInfo := session.AgentInfo{Name: "parley demo", Ref: base + "/", CardURL: base + "/.well-known/agent-card.json", URL: base + "/v1.0/jsonrpc", Dialect: a2aclient.DialectV10}
	if a := w.ForStored(grpcInfo, nil); a != grpc {
		t.Errorf("the gRPC agent's conversation went to %q (stored %v), want its own row", a.Ref, a.Stored)
	}
	if a := w.ForStored(rootInfo, nil); a != root {
		t.Errorf("the root's conversation went to %q", a.Ref)
	}
	if n := len(w.Agents()); n != 2 {
		t.Errorf("%d agents listed, want the 2 demo agents", n)
	}
}

// The memory of the gRPC agent, which lives on the root's origin, must
// not lead the root agent (whose card lists gRPC last) off JSON-RPC:
// `make run` opens on the root agent over v1.0 JSON-RPC, however much
// the user talked to the gRPC one the time before.
func TestDemoRootStaysJSONRPCAfterTheGRPCAgentAnswered(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	base, err := demoagent.New(demoagent.Options{}).Serve(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	st, err := Open(filepath.Join(t.TempDir(), "parley.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	dir := sessiontest.Directory(session.DirectoryOptions{Config: &config.Config{}, Memory: st})
	g, err := dir.Client(ctx, base+"/grpc/", session.Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if _, err := g.Send(ctx, a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("hi")}}}); err != nil {
		t.Fatal(err)
	}
	if g.Dialect() != a2aclient.DialectV10GRPC {
		t.Fatalf("the /grpc/ agent spoke %s", g.Dialect())
	}
	dir.Remember(g)

	next := sessiontest.Directory(session.DirectoryOptions{Config: &config.Config{}, Memory: st})
	r, err := next.Client(ctx, base+"/", session.Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.Dialect() != a2aclient.DialectV10 || r.Endpoint().URL != base+"/v1.0/jsonrpc" {
		t.Fatalf("the root agent chose %s at %s, want v1.0 JSON-RPC", r.Dialect(), r.Endpoint().URL)
	}
}

// Both demo agents listen on the port of the moment: a save keeps
// neither, and keeps an agent the user added beside them.
func TestSaveLeavesOutBothDemoAgents(t *testing.T) {
	const base = "http://127.0.0.1:4141"
	p := filepath.Join(t.TempDir(), "config.toml")
	cfg := &config.Config{}
	w := session.NewWorkspace(session.WorkspaceOptions{Directory: sessiontest.Directory(session.DirectoryOptions{Config: cfg, ConfigPath: p}),
		Config: cfg, ConfigPath: p, DemoURL: base + "/", DemoMore: []string{base + "/grpc/"}},
		[]string{base + "/", base + "/grpc/", "http://127.0.0.1:7009/"})
	write, _, err := w.Save()
	if err != nil {
		t.Fatal(err)
	}
	if err := write(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b); strings.Contains(got, ":4141") || !strings.Contains(got, "http://127.0.0.1:7009/") {
		t.Errorf("saved config:\n%s\nwant the added agent and no demo agent", got)
	}
	if !w.IsDemo(w.Agents()[1]) || w.IsDemo(w.Agents()[2]) {
		t.Errorf("IsDemo: the gRPC copy %v, the added agent %v", w.IsDemo(w.Agents()[1]), w.IsDemo(w.Agents()[2]))
	}
}
