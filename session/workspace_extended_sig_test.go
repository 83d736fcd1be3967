package session

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
)

// The extended card a sign-in brings replaces the agent's card in the
// agents pane: its signature is checked when it is fetched, as the
// public card's was, so a signed agent does not turn "not checked" the
// moment the user signs in (the demo signs its extended v1.0 card).
func TestExtendedCardSignatureIsChecked(t *testing.T) {
	srv := httptest.NewServer(demoagent.New(demoagent.Options{}).Handler())
	defer srv.Close()
	dir := testDirectory(DirectoryOptions{})
	w := NewWorkspace(WorkspaceOptions{Directory: dir}, nil)
	cl, err := dir.Client(context.Background(), srv.URL+"/v1.0", Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	ext, ok := w.ExtendedCard(context.Background(), cl)
	if !ok {
		t.Fatal("no extended card")
	}
	if s := ext.Agent().Signature; s.Status != a2aclient.SignatureVerified {
		t.Fatalf("extended card signature %q (%s), want verified", s.Status, s.Reason)
	}
}

// Over gRPC the extended card comes as protobuf; the demo signs it, and
// parley verifies the signature over the card's JSON form.
func TestExtendedCardOverGRPCVerifies(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	base, err := demoagent.New(demoagent.Options{}).Serve(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dir := testDirectory(DirectoryOptions{})
	w := NewWorkspace(WorkspaceOptions{Directory: dir}, nil)
	cl, err := dir.Client(ctx, base+"/grpc/", Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	ext, ok := w.ExtendedCard(ctx, cl)
	if !ok {
		t.Fatal("no extended card")
	}
	if s := ext.Agent().Signature; s.Status != a2aclient.SignatureVerified {
		t.Fatalf("extended card over gRPC: signature %q (%s), want verified", s.Status, s.Reason)
	}
}
