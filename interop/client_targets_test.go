package interop

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// The client_*_test.go files try parley itself (a2aclient, session, the
// command line) against the a2a-go peers, on every binding they serve.
// The raw-wire tests (peers_smoke_test.go) pin down what the peers send;
// these check that parley makes sense of it.

// clTarget is one binding of one peer, as parley reaches it.
type clTarget struct {
	Name string
	Peer peer
	// Dialect is what parley must end up speaking.
	Dialect a2aclient.Dialect
	// Endpoint is the URL parley must talk to.
	Endpoint string
	// Force is set when the card prefers another binding: the test forces
	// this one with Options.Dialect (--dialect on the command line).
	Force bool
}

// forced is the dialect to pass in Options.Dialect, or "" to let the card
// decide.
func (tg clTarget) forced() a2aclient.Dialect {
	if tg.Force {
		return tg.Dialect
	}
	return a2aclient.DialectUnknown
}

// clTargetsOf lists the bindings of the given peers that parley speaks.
// The order is the card's preference, so the first target of a peer is
// the one the card picks; the others must be forced.
func clTargetsOf(peers ...peer) []clTarget {
	var out []clTarget
	for _, p := range peers {
		first := true
		add := func(binding string, d a2aclient.Dialect, url string) {
			if url == "" {
				return
			}
			out = append(out, clTarget{Name: clPeerSlug(p) + "/" + binding, Peer: p, Dialect: d, Endpoint: url, Force: !first})
			first = false
		}
		// a2a-go/v2 cards list v1.0 JSON-RPC first, then v1.0 REST, then
		// (with the compat layer) v0.3 JSON-RPC and v0.3 REST.
		add("v1.0-jsonrpc", a2aclient.DialectV10, p.JSONRPC10)
		add("v1.0-rest", a2aclient.DialectV10REST, p.REST10)
		add("v0.3-jsonrpc", a2aclient.DialectV03, p.JSONRPC03)
		add("v0.3-rest", a2aclient.DialectV03REST, p.REST03)
		add("v1.0-grpc", a2aclient.DialectV10GRPC, p.GRPC10)
		add("v0.3-grpc", a2aclient.DialectV03GRPC, p.GRPC03)
	}
	return out
}

// clTargets starts one peer of each kind and lists all their bindings:
// v0.3 JSON-RPC on a2a-go v0.3.15; v1.0 JSON-RPC and REST on a2a-go/v2;
// v1.0 and v0.3 JSON-RPC and REST on a2a-go/v2 with its v0.3 layer;
// v1.0 and v0.3 gRPC on a2a-go/v2, and v0.3 gRPC on a2a-go v0.3.15.
func clTargets(t *testing.T) []clTarget {
	return clTargetsOf(startGoV03(t), startGoV2(t), startGoV2Compat03(t), startGRPCGoV2(t), startGRPCGoV03(t))
}

// clV03OnlyTargets starts a2a-go/v2 serving only its v0.3 bindings. Its
// card is still a v1.0 card, whose v0.3 interfaces parley must find.
func clV03OnlyTargets(t *testing.T) []clTarget {
	targets := clTargetsOf(startGoV2Compat03(t, withV03Only()))
	for i := range targets {
		targets[i].Name = strings.Replace(targets[i].Name, "go-v2-compat/", "go-v2-v03only/", 1)
	}
	return targets
}

func clPeerSlug(p peer) string {
	switch {
	case strings.HasPrefix(p.Name, peerGoV2GRPCName):
		return "go-v2-grpc"
	case strings.HasPrefix(p.Name, peerGoV03GRPCName):
		return "go-v03-grpc"
	case strings.HasPrefix(p.Name, peerGoV2CompName):
		return "go-v2-compat"
	case strings.HasPrefix(p.Name, peerGoV2Name):
		return "go-v2"
	}
	return "go-v03"
}

// clOptions are client options for a target: the peer's own HTTP client,
// the forced dialect, and quick polling.
// A gRPC peer's gRPC port is another origin than its card's, which the
// options trust, as a user would with --trust-origin.
func clOptions(tg clTarget) a2aclient.Options {
	o := a2aclient.Options{HTTPClient: tg.Peer.Client(), Dialect: tg.forced(), PollInterval: 5 * time.Millisecond}
	if tg.Peer.grpc != nil {
		o.Trust = a2aclient.NewOrigins(tg.Peer.CardURL, "http://"+tg.Peer.grpc.Addr().String())
	}
	return o
}

// clClient resolves a target from its peer's card URL and checks that
// parley chose the target's binding.
func clClient(t *testing.T, tg clTarget) *a2aclient.Client {
	t.Helper()
	return clClientWith(t, tg, clOptions(tg))
}

func clClientWith(t *testing.T, tg clTarget, o a2aclient.Options) *a2aclient.Client {
	t.Helper()
	c, err := a2aclient.Resolve(clCtx(t), tg.Peer.CardURL, o)
	if err != nil {
		t.Fatalf("resolve %s: %v", tg.Peer.CardURL, err)
	}
	if c.Dialect() != tg.Dialect || c.Endpoint().URL != tg.Endpoint {
		t.Fatalf("parley chose %s at %s, want %s at %s", c.Dialect(), c.Endpoint().URL, tg.Dialect, tg.Endpoint)
	}
	return c
}

// clCtx bounds a test's calls; it is hang protection, not a timing check.
func clCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), patience)
	t.Cleanup(cancel)
	return ctx
}

// clSay is a request carrying one text part.
func clSay(text string) a2aclient.SendRequest {
	return a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart(text)}}}
}

// clReply is a request answering task taskID in context contextID.
func clReply(text, taskID, contextID string) a2aclient.SendRequest {
	r := clSay(text)
	r.Message.TaskID, r.Message.ContextID = taskID, contextID
	return r
}

// clDrain reads a stream to its end into a tracker and returns the events.
func clDrain(t *testing.T, st *a2aclient.Stream, tr *a2aclient.Tracker) []a2aclient.Event {
	t.Helper()
	defer st.Close()
	var evs []a2aclient.Event
	for {
		ev, err := st.Next()
		if errors.Is(err, io.EOF) {
			return evs
		}
		if err != nil {
			t.Fatalf("stream broke after %d events: %v", len(evs), err)
		}
		tr.Apply(ev)
		evs = append(evs, ev)
	}
}

// clExchange runs session.Exchange and fails the test on error.
func clExchange(t *testing.T, c *a2aclient.Client, req a2aclient.SendRequest, o session.FollowOptions) *session.Summary {
	t.Helper()
	s, err := session.Exchange(clCtx(t), c, req, o)
	if err != nil {
		t.Fatalf("exchange %q: %v (summary %+v)", req.Message.Text(), err, s)
	}
	return s
}

// clWant compares one value and reports it by name.
func clWant[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}
