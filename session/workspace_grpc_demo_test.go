package session

import (
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// The demo serves two agents on one origin: its card at / (JSON-RPC and
// REST endpoints under paths) and a gRPC-only card at /grpc/, whose
// endpoint is the bare origin. A conversation stored with the gRPC one
// (resumed at start, or reopened) must not be handed to the agent at /:
// `make run` would open on the gRPC agent in place of the demo it
// started, its chat titled with the other card's dialect.
func TestStoredGRPCAgentIsNotTheAgentAtItsOrigin(t *testing.T) {
	const base = "http://127.0.0.1:4141"
	grpcInfo := AgentInfo{Name: "parley demo", Ref: base + "/grpc/", CardURL: base + "/grpc/.well-known/agent-card.json", URL: base, Dialect: a2aclient.DialectV10GRPC}
	rootInfo := AgentInfo{Name: "parley demo", Ref: base + "/", CardURL: base + "/.well-known/agent-card.json", URL: base + "/v1.0/jsonrpc", Dialect: a2aclient.DialectV10}

	for _, resolved := range []bool{false, true} {
		w := NewWorkspace(WorkspaceOptions{}, []string{base + "/"})
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
