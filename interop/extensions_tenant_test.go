package interop

import (
	"context"
	"iter"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	a2a2 "github.com/a2aproject/a2a-go/v2/a2a"
	srv2 "github.com/a2aproject/a2a-go/v2/a2asrv"

	"github.com/parley-a2a/parley/a2aclient"
)

// a2a-go/v2 receives the extensions parley activates (A2A-Extensions) and
// the tenant it is given (the JSON-RPC tenant field, the REST path
// prefix), over both v1.0 bindings.

const extLimit = "https://example.com/ext/limit/v1"

// echoExecutor answers every message with what the server saw: the
// tenant and the extensions the client asked for.
type echoExecutor struct{}

func (echoExecutor) Execute(ctx context.Context, ec *srv2.ExecutorContext) iter.Seq2[a2a2.Event, error] {
	return func(yield func(a2a2.Event, error) bool) {
		var exts []string
		if ec.ServiceParams != nil {
			exts, _ = ec.ServiceParams.Get(a2a2.SvcParamExtensions)
		}
		text := "tenant=" + ec.Tenant + " extensions=" + strings.Join(exts, ",")
		yield(a2a2.NewMessage(a2a2.MessageRoleAgent, a2a2.NewTextPart(text)), nil)
	}
}

// activator activates the one extension the server knows when a call
// asks for it, as a2a-go's own examples do, in a call interceptor; its
// gRPC handlers then confirm it in the trailer (its HTTP ones do not).
type activator struct{}

func (activator) Before(ctx context.Context, _ *srv2.CallContext, _ *srv2.Request) (context.Context, any, error) {
	if e, ok := srv2.ExtensionsFrom(ctx); ok {
		if ext := (&a2a2.AgentExtension{URI: extLimit}); e.Requested(ext) {
			e.Activate(ext)
		}
	}
	return ctx, nil, nil
}

func (activator) After(context.Context, *srv2.CallContext, *srv2.Response) error { return nil }

func (echoExecutor) Cancel(ctx context.Context, ec *srv2.ExecutorContext) iter.Seq2[a2a2.Event, error] {
	return func(yield func(a2a2.Event, error) bool) {}
}

func startTenantV2(t *testing.T) string {
	handler := srv2.NewHandler(echoExecutor{}, srv2.WithLogger(quietLogger()))
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	mux.Handle(pathJSONRPC, srv2.NewJSONRPCHandler(handler))
	mux.Handle(pathREST+"/", http.StripPrefix(pathREST, srv2.NewTenantRESTHandler("/{*}", handler)))
	card := &a2a2.AgentCard{
		Name: "tenanted a2a-go/v2", Description: "echoes tenant and extensions", Version: "2.4.0",
		Capabilities: a2a2.AgentCapabilities{Extensions: []a2a2.AgentExtension{
			{URI: extLimit, Description: "Limits answers", Required: true},
		}},
		DefaultInputModes:  []string{"text/plain"},
		DefaultOutputModes: []string{"text/plain"},
		Skills:             []a2a2.AgentSkill{{ID: "echo", Name: "Echo", Description: "echo", Tags: []string{"test"}}},
		SupportedInterfaces: []*a2a2.AgentInterface{
			{URL: srv.URL + pathJSONRPC, ProtocolBinding: a2a2.TransportProtocolJSONRPC, ProtocolVersion: a2a2.Version},
			{URL: srv.URL + pathREST, ProtocolBinding: a2a2.TransportProtocolHTTPJSON, ProtocolVersion: a2a2.Version, Tenant: "from-card"},
		},
	}
	mux.Handle(wellKnownCardPath, srv2.NewStaticAgentCardHandler(card))
	return srv.URL
}

func echoReply(t *testing.T, base string, opts a2aclient.Options) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := a2aclient.Resolve(ctx, base, opts)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Send(ctx, a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{{Kind: a2aclient.PartText, Text: "hi"}}}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Message == nil || len(res.Message.Parts) == 0 {
		t.Fatalf("no message in %+v", res)
	}
	return res.Message.Parts[0].Text
}

func TestA2AGoV2ReceivesTenantAndExtensions(t *testing.T) {
	base := startTenantV2(t)
	for _, d := range []a2aclient.Dialect{a2aclient.DialectV10, a2aclient.DialectV10REST} {
		t.Run(string(d), func(t *testing.T) {
			got := echoReply(t, base, a2aclient.Options{Dialect: d, Tenant: "acme", Extensions: []string{extLimit}})
			if want := "tenant=acme extensions=" + extLimit; got != want {
				t.Fatalf("got %q, want %q", got, want)
			}
		})
	}
	// Without --tenant, the card's own tenant for that interface goes out.
	got := echoReply(t, base, a2aclient.Options{Dialect: a2aclient.DialectV10REST})
	if got != "tenant=from-card extensions=" {
		t.Fatalf("card tenant: got %q", got)
	}
}

func TestRequiredExtensionNotActivatedIsKnown(t *testing.T) {
	base := startTenantV2(t)
	ctx := context.Background()
	c, err := a2aclient.Resolve(ctx, base, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m := c.MissingRequiredExtensions(); len(m) != 1 || m[0].URI != extLimit || m[0].Description != "Limits answers" {
		t.Fatalf("missing %+v", m)
	}
	c, err = a2aclient.Resolve(ctx, base, a2aclient.Options{Extensions: []string{extLimit}})
	if err != nil {
		t.Fatal(err)
	}
	if m := c.MissingRequiredExtensions(); len(m) != 0 {
		t.Fatalf("missing %+v with the extension activated", m)
	}
}

// Over gRPC the same go as metadata (a2a-extensions, x-a2a-extensions for
// v0.3) and the v1.0 tenant field; a2a-go confirms the extension it
// activated, and parley reports it.
func TestA2AGoV2GRPCReceivesTenantAndExtensions(t *testing.T) {
	handler := srv2.NewHandler(echoExecutor{}, srv2.WithLogger(quietLogger()), srv2.WithCallInterceptors(activator{}))
	addr := serveSecuredGRPC(t, handler, func(*http.Request) bool { return true })
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	card := &a2a2.AgentCard{
		Name: "gRPC a2a-go/v2", Description: "echoes tenant and extensions", Version: "2.4.0",
		Capabilities:       a2a2.AgentCapabilities{Extensions: []a2a2.AgentExtension{{URI: extLimit}}},
		DefaultInputModes:  []string{"text/plain"},
		DefaultOutputModes: []string{"text/plain"},
		Skills:             []a2a2.AgentSkill{{ID: "echo", Name: "Echo", Description: "echo", Tags: []string{"test"}}},
		SupportedInterfaces: []*a2a2.AgentInterface{
			{URL: addr, ProtocolBinding: a2a2.TransportProtocolGRPC, ProtocolVersion: a2a2.Version},
			{URL: addr, ProtocolBinding: a2a2.TransportProtocolGRPC, ProtocolVersion: "0.3"},
		},
	}
	mux.Handle(wellKnownCardPath, srv2.NewStaticAgentCardHandler(card))
	for _, c := range []struct {
		d      a2aclient.Dialect
		tenant string
	}{{a2aclient.DialectV10GRPC, "acme"}, {a2aclient.DialectV03GRPC, ""}} {
		t.Run(string(c.d), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			// One extension: a2a-go v2.4.0 matches each metadata value
			// whole and does not split the comma-separated list the
			// specification asks clients to send, so of two it would
			// activate neither.
			cl, err := a2aclient.Resolve(ctx, srv.URL, a2aclient.Options{Dialect: c.d, Tenant: "acme", Extensions: []string{extLimit}})
			if err != nil {
				t.Fatal(err)
			}
			res, err := cl.Send(ctx, a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{{Kind: a2aclient.PartText, Text: "hi"}}}})
			if err != nil {
				t.Fatal(err)
			}
			want := "tenant=" + c.tenant + " extensions=" + extLimit
			if res.Message == nil || res.Message.Parts[0].Text != want {
				t.Fatalf("got %+v, want %q", res, want)
			}
			if got := cl.ActivatedExtensions(); len(got) != 1 || got[0] != extLimit {
				t.Fatalf("confirmed %v", got)
			}
		})
	}
}
