// Package interop tests parley against independent A2A servers started
// in-process: a2a-go v0.3.15 (spec v0.3) and a2a-go/v2 v2.4.0 (spec v1.0,
// plus its v0.3 compatibility layer). Everything here lives in _test.go
// files so that a2a-go never becomes part of the parley binary.
//
// A test starts a peer with startGoV03, startGoV2 or startGoV2Compat03 and
// gets back a peer: the URLs a client needs, the scripted agent behind it
// (peer.Script), a log of the requests it received and a way to cut live
// streams. The agent's behaviour is chosen by the user's text; see
// script_test.go.
package interop

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	a2a03 "github.com/a2aproject/a2a-go/a2a"
	srv03 "github.com/a2aproject/a2a-go/a2asrv"
	"github.com/a2aproject/a2a-go/a2asrv/eventqueue"
	log03 "github.com/a2aproject/a2a-go/log"
	a2a2 "github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
	srv2 "github.com/a2aproject/a2a-go/v2/a2asrv"
	eventqueue2 "github.com/a2aproject/a2a-go/v2/a2asrv/eventqueue"
	log2 "github.com/a2aproject/a2a-go/v2/log"
)

// Paths where the peers mount their bindings. They are deliberately not "/"
// so a client that ignores the card's URLs and posts to the base URL fails.
const (
	wellKnownCardPath = "/.well-known/agent-card.json"
	pathJSONRPC       = "/jsonrpc"     // JSON-RPC of the peer's native version
	pathREST          = "/rest"        // v1.0 HTTP+JSON base (v2 peers)
	pathJSONRPC03     = "/v03/jsonrpc" // v0.3 JSON-RPC of the v2 compat layer
	pathREST03        = "/v03/rest"    // v0.3 HTTP+JSON base of the compat layer; routes under /v1/...
	peerGoV03Name     = "a2a-go v0.3.15"
	peerGoV2Name      = "a2a-go/v2 v2.4.0"
	peerGoV2CompName  = "a2a-go/v2 v2.4.0 + a2av0 compat"
	peerScenarioSkill = "scripted"
)

// peer is a running A2A server and what a client needs to talk to it.
// Endpoint fields are absolute URLs, empty when the peer does not serve that
// binding. They are the same URLs the agent card advertises.
type peer struct {
	Name    string
	BaseURL string // scheme://host:port, no trailing slash
	CardURL string // BaseURL + /.well-known/agent-card.json

	JSONRPC03 string // v0.3 JSON-RPC endpoint (message/send, tasks/get, ...)
	REST03    string // v0.3 HTTP+JSON base: POST REST03+"/v1/message:send", ...
	JSONRPC10 string // v1.0 JSON-RPC endpoint (SendMessage, GetTask, ...)
	REST10    string // v1.0 HTTP+JSON base: POST REST10+"/message:send", ...
	GRPC10    string // host:port of lf.a2a.v1.A2AService (gRPC peers)
	GRPC03    string // host:port of a2a.v1.A2AService (gRPC peers)

	Script *script // the scripted agent behind this peer

	srv  *httptest.Server
	tap  *wireTap
	subs *subscribeWatch
	cut  func() int    // cuts gRPC streams, when the peer serves gRPC
	grpc *grpcListener // the gRPC server, if any
}

// Client returns an HTTP client for this peer. Using it (rather than
// http.DefaultClient) keeps the peer's connections out of other tests.
func (p peer) Client() *http.Client { return p.srv.Client() }

// CutStreams abruptly closes the TCP connection of every SSE response the
// peer is writing at the moment, the way a network failure or proxy timeout
// would: the client sees a read error, not a clean end of stream. The task
// goes on running on the server, so the client can resubscribe. Returns how
// many streams were cut.
func (p peer) CutStreams() int {
	if p.cut != nil {
		return p.cut()
	}
	return p.tap.cutStreams()
}

// WaitStreamsEnded waits until the peer is writing no stream. A test
// that cuts the one stream it opened calls it first: the subtests of a
// target list share a peer, and the stream of the previous subtest's
// finished exchange stays live on the server until its handler returns,
// which under load can be after the next subtest reaches its cut (seen
// as "cut 2 streams, want 1", the second a SubscribeToTask of the
// subtest before).
func (p peer) WaitStreamsEnded(t *testing.T) {
	t.Helper()
	clPoll(t, "the peer's earlier streams to end", func() bool { return p.liveStreams() == 0 })
}

// liveStreams counts the streams CutStreams would cut now.
func (p peer) liveStreams() int {
	if p.grpc != nil {
		return p.grpc.liveStreams()
	}
	return p.tap.liveStreams()
}

// WaitResubscribed waits until a resubscription (tasks/resubscribe,
// SubscribeToTask, :subscribe) to taskID is attached to the task's live
// events on the server. Events the agent emits before that are not replayed
// to the new subscriber (v2 sends a Task snapshot first; v0.3 sends nothing),
// so a resubscribe test must wait for this before ReleaseCut. It works
// whoever resubscribes, raw test code or parley's client.
func (p peer) WaitResubscribed(t testing.TB, taskID string) {
	t.Helper()
	p.subs.wait(t, taskID)
}

// Requests returns every request the peer received so far, in arrival order.
func (p peer) Requests() []peerRequest { return p.tap.snapshot() }

// CountRPC counts JSON-RPC requests for the given method name.
func (p peer) CountRPC(method string) int {
	n := 0
	for _, r := range p.Requests() {
		if r.RPCMethod == method {
			n++
		}
	}
	return n
}

// peerRequest is what the peer saw of one request.
type peerRequest struct {
	HTTPMethod  string
	Path        string
	RPCMethod   string // "method" of a JSON-RPC body, "" otherwise
	ContentType string
	Accept      string
	A2AVersion  string // the A2A-Version header, if any
}

// peerOption tweaks a peer.
type peerOption func(*peerConfig)

type peerConfig struct {
	script    *script
	keepAlive time.Duration
	v03Only   bool
}

// withKeepAlive makes the peer write ": keep-alive" SSE comments at this
// interval on every stream.
func withKeepAlive(d time.Duration) peerOption { return func(c *peerConfig) { c.keepAlive = d } }

// withV03Only makes startGoV2Compat03 serve and advertise only its v0.3
// bindings, like a v2 server that has not enabled v1.0 yet.
func withV03Only() peerOption { return func(c *peerConfig) { c.v03Only = true } }

func newPeerConfig(opts []peerOption) *peerConfig {
	c := &peerConfig{script: newScript()}
	for _, o := range opts {
		o(c)
	}
	return c
}

// startGoV03 starts a2a-go v0.3.15: JSON-RPC at /jsonrpc and its card at the
// well-known path. v0.3.15 has no HTTP+JSON (REST) server, only JSON-RPC and
// gRPC; this helper does not start gRPC, so the card lists JSON-RPC only.
func startGoV03(t testing.TB, opts ...peerOption) peer {
	t.Helper()
	cfg := newPeerConfig(opts)
	p, mux, logger := newPeer(t, peerGoV03Name, cfg, func(ctx context.Context, l *slog.Logger) context.Context {
		return log03.WithLogger(ctx, l)
	})
	p.JSONRPC03 = p.BaseURL + pathJSONRPC

	handler := srv03.NewHandler(v03Executor{s: cfg.script},
		srv03.WithLogger(logger),
		srv03.WithEventQueueManager(v03QueueManager{Manager: eventqueue.NewInMemoryManager(), w: p.subs}))
	var rpcOpts []srv03.JSONRPCHandlerOption
	if cfg.keepAlive > 0 {
		rpcOpts = append(rpcOpts, srv03.WithKeepAlive(cfg.keepAlive))
	}
	mux.Handle(pathJSONRPC, srv03.NewJSONRPCHandler(handler, rpcOpts...))

	card := &a2a03.AgentCard{
		Name:               "parley interop peer (" + peerGoV03Name + ")",
		Description:        helpText,
		URL:                p.JSONRPC03,
		PreferredTransport: a2a03.TransportProtocolJSONRPC,
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

// startGoV2 starts a2a-go/v2 v2.4.0 speaking v1.0: JSON-RPC at /jsonrpc,
// HTTP+JSON under /rest, and a card whose supportedInterfaces list both
// (JSON-RPC first).
func startGoV2(t testing.TB, opts ...peerOption) peer {
	t.Helper()
	cfg := newPeerConfig(opts)
	p, mux, logger := newPeer(t, peerGoV2Name, cfg, log2.AttachLogger)
	handler := newV2Handler(p, cfg, logger)
	mountV2(&p, mux, handler, cfg)
	mux.Handle(wellKnownCardPath, srv2.NewStaticAgentCardHandler(cardV2(p, peerGoV2Name)))
	p.srv.Start()
	return p
}

// startGoV2Compat03 starts a2a-go/v2 v2.4.0 with its v0.3 compatibility
// layer (package a2acompat/a2av0): v0.3 JSON-RPC at /v03/jsonrpc and v0.3
// HTTP+JSON under /v03/rest (routes at /v03/rest/v1/...), next to the v1.0
// bindings of startGoV2 unless withV03Only is given. All bindings share one
// request handler, hence one task store: a task created over v0.3 can be
// read over v1.0. The card is a2av0's hybrid card: the v1.0 card plus the
// v0.3 top-level fields (url, preferredTransport, protocolVersion "0.3",
// additionalInterfaces) pointing at the first v0.3 interface.
func startGoV2Compat03(t testing.TB, opts ...peerOption) peer {
	t.Helper()
	cfg := newPeerConfig(opts)
	p, mux, logger := newPeer(t, peerGoV2CompName, cfg, log2.AttachLogger)
	handler := newV2Handler(p, cfg, logger)
	if !cfg.v03Only {
		mountV2(&p, mux, handler, cfg)
	}
	var tOpts []srv2.TransportOption
	if cfg.keepAlive > 0 {
		tOpts = append(tOpts, srv2.WithTransportKeepAlive(cfg.keepAlive))
	}
	p.JSONRPC03 = p.BaseURL + pathJSONRPC03
	p.REST03 = p.BaseURL + pathREST03
	mux.Handle(pathJSONRPC03, a2av0.NewJSONRPCHandler(handler, tOpts...))
	mux.Handle(pathREST03+"/", http.StripPrefix(pathREST03, a2av0.NewRESTHandler(handler, tOpts...)))

	card := cardV2(p, peerGoV2CompName)
	// a2av0 picks the first interface with protocolVersion "0.3" for the
	// v0.3 "url"; it refuses a card without one.
	card.SupportedInterfaces = append(card.SupportedInterfaces,
		&a2a2.AgentInterface{URL: p.JSONRPC03, ProtocolBinding: a2a2.TransportProtocolJSONRPC, ProtocolVersion: a2av0.Version},
		&a2a2.AgentInterface{URL: p.REST03, ProtocolBinding: a2a2.TransportProtocolHTTPJSON, ProtocolVersion: a2av0.Version},
	)
	mux.Handle(wellKnownCardPath, srv2.NewAgentCardHandler(a2av0.NewStaticAgentCardProducer(card)))
	p.srv.Start()
	return p
}

func newV2Handler(p peer, cfg *peerConfig, logger *slog.Logger) srv2.RequestHandler {
	return srv2.NewHandler(v2Executor{s: cfg.script},
		srv2.WithLogger(logger),
		srv2.WithEventQueueManager(v2QueueManager{Manager: eventqueue2.NewInMemoryManager(), w: p.subs}))
}

// mountV2 mounts the v1.0 JSON-RPC and HTTP+JSON bindings of a v2 handler.
func mountV2(p *peer, mux *http.ServeMux, handler srv2.RequestHandler, cfg *peerConfig) {
	var tOpts []srv2.TransportOption
	if cfg.keepAlive > 0 {
		tOpts = append(tOpts, srv2.WithTransportKeepAlive(cfg.keepAlive))
	}
	p.JSONRPC10 = p.BaseURL + pathJSONRPC
	p.REST10 = p.BaseURL + pathREST
	mux.Handle(pathJSONRPC, srv2.NewJSONRPCHandler(handler, tOpts...))
	// The v2 REST handler routes on "/message:send", "/tasks/{id}", ...
	// from the root, so it is mounted with the prefix stripped.
	mux.Handle(pathREST+"/", http.StripPrefix(pathREST, srv2.NewRESTHandler(handler, tOpts...)))
}

// cardV2 is the v1.0 card listing whichever v1.0 bindings p serves.
func cardV2(p peer, name string) *a2a2.AgentCard {
	card := &a2a2.AgentCard{
		Name:               "parley interop peer (" + name + ")",
		Description:        helpText,
		Version:            "2.4.0",
		Capabilities:       a2a2.AgentCapabilities{Streaming: true},
		DefaultInputModes:  []string{"text/plain"},
		DefaultOutputModes: []string{"text/plain"},
		Skills: []a2a2.AgentSkill{{
			ID: peerScenarioSkill, Name: "Scripted scenarios", Description: helpText,
			Tags:     []string{"test"},
			Examples: scenarioExamples(),
		}},
	}
	if p.JSONRPC10 != "" {
		card.SupportedInterfaces = append(card.SupportedInterfaces,
			&a2a2.AgentInterface{URL: p.JSONRPC10, ProtocolBinding: a2a2.TransportProtocolJSONRPC, ProtocolVersion: a2a2.Version})
	}
	if p.REST10 != "" {
		card.SupportedInterfaces = append(card.SupportedInterfaces,
			&a2a2.AgentInterface{URL: p.REST10, ProtocolBinding: a2a2.TransportProtocolHTTPJSON, ProtocolVersion: a2a2.Version})
	}
	card.SupportedInterfaces = append(card.SupportedInterfaces, grpcInterfaces(p)...)
	return card
}

func scenarioExamples() []string {
	return []string{scenarioStream, scenarioBook, scenarioSlow, scenarioMessage, scenarioFail, scenarioCut, scenarioData, scenarioFile, scenarioAuth}
}

// newPeer prepares an unstarted loopback server with the request tap in
// front of mux. The listener is bound already, so BaseURL is known before
// the card (which needs absolute URLs) is built. The caller mounts its
// handlers on mux and starts p.srv.
func newPeer(t testing.TB, name string, cfg *peerConfig, attach func(context.Context, *slog.Logger) context.Context) (peer, *http.ServeMux, *slog.Logger) {
	t.Helper()
	// Registered first so it runs last: SDK goroutines may still log while
	// the server shuts down, and t.Log after the test has ended panics.
	lw := &testLogWriter{t: t}
	t.Cleanup(lw.stop)
	logger := slog.New(slog.NewTextHandler(lw, &slog.HandlerOptions{Level: slog.LevelInfo}))

	mux := http.NewServeMux()
	tap := &wireTap{live: map[int]*liveRequest{}}
	srv := httptest.NewUnstartedServer(tap.wrap(mux, func(ctx context.Context) context.Context { return attach(ctx, logger) }))
	srv.Config.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
		return context.WithValue(ctx, connKey{}, c)
	}
	base := "http://" + srv.Listener.Addr().String()
	t.Cleanup(func() {
		cfg.script.shutdown()
		// Close waits for in-flight requests, and a stream whose client went
		// away without reading may never notice; cut everything first.
		srv.CloseClientConnections()
		srv.Close()
	})
	return peer{
		Name:    name,
		BaseURL: base,
		CardURL: base + wellKnownCardPath,
		Script:  cfg.script,
		srv:     srv,
		tap:     tap,
		subs:    &subscribeWatch{executing: map[string]bool{}, attached: make(chan string, 64)},
	}, mux, logger
}

type connKey struct{}

// wireTap records requests and keeps track of live responses so that
// streams can be cut.
type wireTap struct {
	mu   sync.Mutex
	reqs []peerRequest
	live map[int]*liveRequest
	next int
}

type liveRequest struct {
	conn net.Conn
	w    *tapWriter
}

func (tp *wireTap) wrap(next http.Handler, attach func(context.Context) context.Context) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := peerRequest{
			HTTPMethod:  r.Method,
			Path:        r.URL.Path,
			ContentType: r.Header.Get("Content-Type"),
			Accept:      r.Header.Get("Accept"),
			A2AVersion:  r.Header.Get("A2A-Version"),
		}
		if r.Body != nil {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			var rpc struct {
				JSONRPC string `json:"jsonrpc"`
				Method  string `json:"method"`
			}
			if json.Unmarshal(body, &rpc) == nil && rpc.JSONRPC != "" {
				rec.RPCMethod = rpc.Method
			}
		}
		tw := &tapWriter{ResponseWriter: w}
		conn, _ := r.Context().Value(connKey{}).(net.Conn)

		tp.mu.Lock()
		tp.reqs = append(tp.reqs, rec)
		id := tp.next
		tp.next++
		tp.live[id] = &liveRequest{conn: conn, w: tw}
		tp.mu.Unlock()
		defer func() {
			tp.mu.Lock()
			delete(tp.live, id)
			tp.mu.Unlock()
		}()

		next.ServeHTTP(tw, r.WithContext(attach(r.Context())))
	})
}

func (tp *wireTap) cutStreams() int {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	n := 0
	for _, lr := range tp.live {
		if lr.conn != nil && lr.w.sse.Load() {
			_ = lr.conn.Close()
			n++
		}
	}
	return n
}

func (tp *wireTap) liveStreams() int {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	n := 0
	for _, lr := range tp.live {
		if lr.conn != nil && lr.w.sse.Load() {
			n++
		}
	}
	return n
}

func (tp *wireTap) snapshot() []peerRequest {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	return append([]peerRequest(nil), tp.reqs...)
}

// tapWriter notes whether the response is an SSE stream. It must stay a
// Flusher: the SDKs refuse to stream through a writer that is not.
type tapWriter struct {
	http.ResponseWriter
	sse atomic.Bool
}

func (w *tapWriter) WriteHeader(code int) {
	if strings.HasPrefix(w.Header().Get("Content-Type"), "text/event-stream") {
		w.sse.Store(true)
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *tapWriter) Write(b []byte) (int, error) {
	if !w.sse.Load() && strings.HasPrefix(w.Header().Get("Content-Type"), "text/event-stream") {
		w.sse.Store(true)
	}
	return w.ResponseWriter.Write(b)
}

func (w *tapWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *tapWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// subscribeWatch learns from the SDK's event-queue manager when a
// resubscription attaches. In both SDKs' local mode an execution creates a
// writer and then its own reader for the task, while a resubscription only
// creates a reader: a reader that does not follow a writer is a resubscriber.
type subscribeWatch struct {
	mu        sync.Mutex
	executing map[string]bool
	attached  chan string
}

func (w *subscribeWatch) writerCreated(taskID string) {
	w.mu.Lock()
	w.executing[taskID] = true
	w.mu.Unlock()
}

func (w *subscribeWatch) readerCreated(taskID string) {
	w.mu.Lock()
	own := w.executing[taskID]
	delete(w.executing, taskID)
	w.mu.Unlock()
	if !own {
		select {
		case w.attached <- taskID:
		default: // nobody is going to wait for that many
		}
	}
}

func (w *subscribeWatch) wait(t testing.TB, taskID string) {
	t.Helper()
	timeout := time.After(patience)
	for {
		select {
		case id := <-w.attached:
			if id == taskID {
				return
			}
		case <-timeout:
			t.Fatalf("no resubscription to task %s attached", taskID)
		}
	}
}

type v03QueueManager struct {
	eventqueue.Manager
	w *subscribeWatch
}

func (m v03QueueManager) GetOrCreate(ctx context.Context, taskID a2a03.TaskID) (eventqueue.Queue, error) {
	m.w.writerCreated(string(taskID))
	return m.Manager.GetOrCreate(ctx, taskID)
}

func (m v03QueueManager) Get(ctx context.Context, taskID a2a03.TaskID) (eventqueue.Queue, bool) {
	q, ok := m.Manager.Get(ctx, taskID)
	if ok {
		m.w.readerCreated(string(taskID))
	}
	return q, ok
}

type v2QueueManager struct {
	eventqueue2.Manager
	w *subscribeWatch
}

func (m v2QueueManager) CreateWriter(ctx context.Context, taskID a2a2.TaskID) (eventqueue2.Writer, error) {
	m.w.writerCreated(string(taskID))
	return m.Manager.CreateWriter(ctx, taskID)
}

func (m v2QueueManager) CreateReader(ctx context.Context, taskID a2a2.TaskID) (eventqueue2.Reader, error) {
	r, err := m.Manager.CreateReader(ctx, taskID)
	if err == nil {
		m.w.readerCreated(string(taskID))
	}
	return r, err
}

// testLogWriter sends SDK logs to t.Log (shown with -v or on failure) until
// the test is over, then drops them.
type testLogWriter struct {
	mu      sync.Mutex
	t       testing.TB
	stopped bool
}

func (w *testLogWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.stopped {
		w.t.Log(strings.TrimRight(string(p), "\n"))
	}
	return len(p), nil
}

func (w *testLogWriter) stop() {
	w.mu.Lock()
	w.stopped = true
	w.mu.Unlock()
}
