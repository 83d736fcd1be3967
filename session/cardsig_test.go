package session

import (
	"context"
	"errors"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/demoagent"
)

// The demo agent signs its cards with a signer written apart from
// parley's verifier; parley verifies them, by the key the jku names.
func TestDemoCardVerifies(t *testing.T) {
	srv := httptest.NewServer(demoagent.New(demoagent.Options{}).Handler())
	defer srv.Close()
	d := testDirectory(DirectoryOptions{})
	// /grpc: the gRPC copy `make run` lists under the root agent.
	for _, path := range []string{"/", "/v1.0", "/v0.3", "/grpc"} {
		c, err := d.Client(context.Background(), srv.URL+path, Overrides{RequireSigned: true})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		v := DescribeCard(context.Background(), c)
		if v.Signature.Status != "verified" || v.Signature.KeyURL != srv.URL+"/.well-known/jwks.json" || !strings.HasPrefix(v.Signature.KeyID, "demo-") || v.Signature.Algorithm != "ES256" {
			t.Fatalf("%s: %+v", path, v.Signature)
		}
	}
}

// With signed cards required, an unsigned card (the demo's v0.2 copy)
// is refused before anything is sent; parley card (Inspect) still shows
// it.
func TestRequireSignedRefusesUnsignedCard(t *testing.T) {
	srv := httptest.NewServer(demoagent.New(demoagent.Options{}).Handler())
	defer srv.Close()
	cfg := &config.Config{Cards: config.Cards{RequireSigned: true}}
	d := testDirectory(DirectoryOptions{Config: cfg})
	_, err := d.Client(context.Background(), srv.URL+"/v0.2", Overrides{})
	var ue *a2aclient.UnverifiedCardError
	if !errors.As(err, &ue) || ue.Signature.Status != a2aclient.SignatureUnsigned || !strings.Contains(err.Error(), "is not signed") {
		t.Fatalf("got %v", err)
	}
	c, err := d.Client(context.Background(), srv.URL+"/v0.2", Overrides{Inspect: true})
	if err != nil || c.Agent().Signature.Status != a2aclient.SignatureUnsigned {
		t.Fatalf("inspect: %v", err)
	}
	// Without the requirement the same card is used.
	if _, err := testDirectory(DirectoryOptions{}).Client(context.Background(), srv.URL+"/v0.2", Overrides{}); err != nil {
		t.Fatal(err)
	}
}

// Extensions from the config and the flags go out together; the demo
// confirms the one it knows, and parley card says so.
func TestExtensionsActivatedAndConfirmed(t *testing.T) {
	srv := httptest.NewServer(demoagent.New(demoagent.Options{}).Handler())
	defer srv.Close()
	const demoExt = "urn:parley:demo:echo-extension:v1"
	off := false // A2UI, which the demo declares too, has its own test (a2ui_activation_test.go)
	cfg := &config.Config{Cards: config.Cards{Extensions: []string{"urn:example:other"}, A2UI: &off}}
	d := testDirectory(DirectoryOptions{Config: cfg})
	for _, path := range []string{"/", "/v0.3"} {
		c, err := d.Client(context.Background(), srv.URL+path, Overrides{Extensions: []string{demoExt}, Inspect: true})
		if err != nil {
			t.Fatal(err)
		}
		v := DescribeCard(context.Background(), c)
		if !slices.Equal(v.Extensions, []string{"urn:example:other", demoExt}) || !slices.Equal(v.Confirmed, []string{demoExt}) {
			t.Fatalf("%s: activated %v confirmed %v", path, v.Extensions, v.Confirmed)
		}
		// The demo declares its echo extension, then A2UI v0.9 and v0.8 (off here).
		if exts := v.Capabilities.Extensions; len(exts) != 3 || !exts[0].Activated || !exts[0].Confirmed || exts[1].Activated || exts[2].Activated {
			t.Fatalf("%s: %+v", path, v.Capabilities.Extensions)
		}
	}
}
