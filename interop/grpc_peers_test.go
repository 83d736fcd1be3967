package interop

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	a2a03 "github.com/a2aproject/a2a-go/a2a"
	grpc03 "github.com/a2aproject/a2a-go/a2agrpc"
	srv03 "github.com/a2aproject/a2a-go/a2asrv"
	"github.com/a2aproject/a2a-go/a2asrv/eventqueue"
	log03 "github.com/a2aproject/a2a-go/log"
	a2a2 "github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
	grpcv0 "github.com/a2aproject/a2a-go/v2/a2agrpc/v0"
	grpcv1 "github.com/a2aproject/a2a-go/v2/a2agrpc/v1"
	srv2 "github.com/a2aproject/a2a-go/v2/a2asrv"
	log2 "github.com/a2aproject/a2a-go/v2/log"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	grpcpeer "google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
)

// gRPC peers: a2a-go's own gRPC servers (a2agrpc) on a loopback port of
// their own, with the agent card served over HTTP at the well-known path
// as the spec has it. The card lists only gRPC interfaces, so a client
// that cannot speak gRPC cannot use these peers at all.

const (
	peerGoV2GRPCName  = "a2a-go/v2 v2.4.0 gRPC"
	peerGoV03GRPCName = "a2a-go v0.3.15 gRPC"
)

// grpcListener is a gRPC server's loopback listener that keeps the
// connections it accepted, so that a test can cut them like a network
// failure would.
type grpcListener struct {
	net.Listener
	srv *grpc.Server

	mu    sync.Mutex
	conns map[string]net.Conn // by remote address
	live  map[*liveGRPC]bool  // server streams in progress
	md    []metadata.MD       // every call's incoming metadata
	tap   *wireTap
}

type liveGRPC struct{ remote string }

// startGRPC binds a loopback port for p's gRPC server and sets
// p.GRPC10 and p.GRPC03 to it (the caller clears what it does not
// serve). Handlers are registered with the server serve() returns.
func listenGRPC(t testing.TB, p *peer) *grpcListener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := &grpcListener{Listener: ln, conns: map[string]net.Conn{}, live: map[*liveGRPC]bool{}, tap: p.tap}
	g.srv = grpc.NewServer(grpc.ChainUnaryInterceptor(g.unary), grpc.ChainStreamInterceptor(g.stream))
	addr := ln.Addr().String()
	p.GRPC10, p.GRPC03 = addr, addr
	p.cut = g.cut
	p.grpc = g
	t.Cleanup(g.srv.Stop)
	return g
}

// serve starts serving; handlers must be registered before.
func (g *grpcListener) serve() { go g.srv.Serve(g) }

func (g *grpcListener) Accept() (net.Conn, error) {
	c, err := g.Listener.Accept()
	if err == nil {
		g.mu.Lock()
		g.conns[c.RemoteAddr().String()] = c
		g.mu.Unlock()
	}
	return c, err
}

// record notes a call as a peerRequest (Path the full method, RPCMethod
// the method's name) and keeps its metadata.
func (g *grpcListener) record(ctx context.Context, full string) {
	md, _ := metadata.FromIncomingContext(ctx)
	rec := peerRequest{HTTPMethod: "POST", Path: full, RPCMethod: full[strings.LastIndex(full, "/")+1:], ContentType: "application/grpc"}
	if v := md.Get("a2a-version"); len(v) > 0 {
		rec.A2AVersion = v[0]
	}
	g.tap.mu.Lock()
	g.tap.reqs = append(g.tap.reqs, rec)
	g.tap.mu.Unlock()
	g.mu.Lock()
	g.md = append(g.md, md.Copy())
	g.mu.Unlock()
}

func (g *grpcListener) unary(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	g.record(ctx, info.FullMethod)
	return h(ctx, req)
}

func (g *grpcListener) stream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	g.record(ss.Context(), info.FullMethod)
	l := &liveGRPC{}
	if pr, ok := grpcpeer.FromContext(ss.Context()); ok {
		l.remote = pr.Addr.String()
	}
	g.mu.Lock()
	g.live[l] = true
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		delete(g.live, l)
		g.mu.Unlock()
	}()
	return h(srv, ss)
}

// cut closes the connection of every server stream in progress and
// returns how many streams it cut.
func (g *grpcListener) cut() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for l := range g.live {
		if c := g.conns[l.remote]; c != nil {
			_ = c.Close()
			n++
		}
	}
	return n
}

// liveStreams counts the server streams in progress that cut would cut.
func (g *grpcListener) liveStreams() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for l := range g.live {
		if g.conns[l.remote] != nil {
			n++
		}
	}
	return n
}

// metadata returns the metadata of every call so far.
func (g *grpcListener) metadata() []metadata.MD {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]metadata.MD(nil), g.md...)
}

// startGRPCGoV2 starts a2a-go/v2 v2.4.0 serving both gRPC services on one
// port: lf.a2a.v1.A2AService (a2agrpc/v1) and, through its v0.3 layer,
// a2a.v1.A2AService (a2agrpc/v0), over one task store. Its v1.0 card
// lists the v1.0 interface first.
func startGRPCGoV2(t testing.TB, opts ...peerOption) peer {
	t.Helper()
	cfg := newPeerConfig(opts)
	p, mux, logger := newPeer(t, peerGoV2GRPCName, cfg, log2.AttachLogger)
	g := listenGRPC(t, &p)
	handler := newV2Handler(p, cfg, logger)
	grpcv1.NewHandler(handler).RegisterWith(g.srv)
	grpcv0.NewHandler(handler).RegisterWith(g.srv)
	g.serve()
	mux.Handle(wellKnownCardPath, srv2.NewStaticAgentCardHandler(cardV2(p, peerGoV2GRPCName)))
	p.srv.Start()
	return p
}

// startGRPCGoV03 starts a2a-go v0.3.15's own gRPC server (a2agrpc) and a
// v0.3 card whose url is the gRPC endpoint, preferredTransport GRPC.
func startGRPCGoV03(t testing.TB, opts ...peerOption) peer {
	t.Helper()
	cfg := newPeerConfig(opts)
	p, mux, logger := newPeer(t, peerGoV03GRPCName, cfg, func(ctx context.Context, l *slog.Logger) context.Context {
		return log03.WithLogger(ctx, l)
	})
	g := listenGRPC(t, &p)
	p.GRPC10 = ""
	handler := srv03.NewHandler(v03Executor{s: cfg.script},
		srv03.WithLogger(logger),
		srv03.WithEventQueueManager(v03QueueManager{Manager: eventqueue.NewInMemoryManager(), w: p.subs}))
	grpc03.NewHandler(handler).RegisterWith(g.srv)
	g.serve()
	card := &a2a03.AgentCard{
		Name:               "parley interop peer (" + peerGoV03GRPCName + ")",
		Description:        helpText,
		URL:                p.GRPC03,
		PreferredTransport: a2a03.TransportProtocolGRPC,
		ProtocolVersion:    string(a2a03.Version),
		Version:            "0.3.15",
		Capabilities:       a2a03.AgentCapabilities{Streaming: true},
		DefaultInputModes:  []string{"text/plain"},
		DefaultOutputModes: []string{"text/plain"},
		Skills: []a2a03.AgentSkill{{
			ID: peerScenarioSkill, Name: "Scripted scenarios", Description: helpText,
			Tags:     []string{"test"},
			Examples: scenarioExamples(),
		}},
	}
	mux.Handle(wellKnownCardPath, srv03.NewStaticAgentCardHandler(card))
	p.srv.Start()
	return p
}

// grpcInterfaces are the card entries for p's gRPC services.
func grpcInterfaces(p peer) []*a2a2.AgentInterface {
	var out []*a2a2.AgentInterface
	if p.GRPC10 != "" {
		out = append(out, &a2a2.AgentInterface{URL: p.GRPC10, ProtocolBinding: a2a2.TransportProtocolGRPC, ProtocolVersion: a2a2.Version})
	}
	if p.GRPC03 != "" {
		out = append(out, &a2a2.AgentInterface{URL: p.GRPC03, ProtocolBinding: a2a2.TransportProtocolGRPC, ProtocolVersion: a2av0.Version})
	}
	return out
}

// serveSecuredGRPC serves handler's gRPC services (v1.0 and v0.3) on a
// loopback port behind allow, which sees each call as the HTTP request it
// would have been: metadata as headers, an api_key entry as the query
// parameter. A refused call is UNAUTHENTICATED with a Bearer challenge.
func serveSecuredGRPC(t testing.TB, handler srv2.RequestHandler, allow func(*http.Request) bool) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	check := func(ctx context.Context) error {
		md, _ := metadata.FromIncomingContext(ctx)
		r := httptest.NewRequest(http.MethodPost, "http://"+ln.Addr().String()+"/grpc", nil)
		for k, vs := range md {
			for _, v := range vs {
				r.Header.Add(k, v)
			}
		}
		if v := md.Get("api_key"); len(v) > 0 {
			r.URL.RawQuery = url.Values{"api_key": v}.Encode()
		}
		if allow(r) {
			return nil
		}
		_ = grpc.SetHeader(ctx, metadata.Pairs("www-authenticate", `Bearer realm="interop"`))
		return status.Error(codes.Unauthenticated, "credentials required")
	}
	srv := grpc.NewServer(
		grpc.ChainUnaryInterceptor(func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
			if err := check(ctx); err != nil {
				return nil, err
			}
			return h(ctx, req)
		}),
		grpc.ChainStreamInterceptor(func(s any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, h grpc.StreamHandler) error {
			if err := check(ss.Context()); err != nil {
				return err
			}
			return h(s, ss)
		}))
	grpcv1.NewHandler(handler).RegisterWith(srv)
	grpcv0.NewHandler(handler).RegisterWith(srv)
	go srv.Serve(ln)
	t.Cleanup(srv.Stop)
	return ln.Addr().String()
}
