package a2aclient

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// The gRPC bindings (v1.0 lf.a2a.v1.A2AService in grpc_v10.go, v0.3
// a2a.v1.A2AService in grpc_v03.go) share this plumbing. Messages are the
// protobuf types a2a-go generates from the spec's own a2a.proto.
//
// Requests and replies cross a JSON bridge: the HTTP+JSON bindings
// already speak the ProtoJSON form of these very messages, so a request is
// built with their encoders and read into the protobuf message, and a
// reply is written as ProtoJSON and read with their decoders. Every
// dialect then normalizes through one code path, and the wire view shows
// each call as the JSON a person can read.

// grpcEndpoint is one gRPC interface of an agent.
type grpcEndpoint struct {
	t       *transport
	url     string // as the card wrote it, for errors
	target  grpcTarget
	service string // "lf.a2a.v1.A2AService"
	dialect Dialect
	// header is sent with every call as metadata (A2A-Version).
	header http.Header
	// alias names metadata to send under a second key too: v0.3 servers
	// read the activated extensions from x-a2a-extensions.
	alias map[string]string
	// connErr says why the card's URL is no gRPC target.
	connErr error
}

func newGRPCEndpoint(t *transport, iface Interface, service string, d Dialect, header http.Header) *grpcEndpoint {
	e := &grpcEndpoint{t: t, url: iface.URL, service: service, dialect: d, header: header}
	e.target, e.connErr = parseGRPCTarget(iface.URL)
	return e
}

// callURL is how the wire view and errors name a call: the endpoint's
// origin and the method's path, which is what goes over HTTP/2.
func (e *grpcEndpoint) callURL(method string) string {
	return e.target.origin() + "/" + e.service + "/" + method
}

// dial makes the connection on first use (and again after the client's
// Close). gRPC connects lazily and reconnects by itself, so one
// connection serves every binding to the same target.
func (e *grpcEndpoint) dial() (*grpc.ClientConn, error) {
	if e.connErr != nil {
		return nil, e.connErr
	}
	key := e.target.host
	if e.target.tls {
		key = "tls:" + key
	}
	return e.t.grpc.get(key, func() (*grpc.ClientConn, error) {
		var creds credentials.TransportCredentials
		if e.target.tls {
			creds = credentials.NewTLS(e.tlsConfig())
		} else {
			creds = insecure.NewCredentials()
		}
		conn, err := grpc.NewClient("passthrough:///"+e.target.host,
			grpc.WithTransportCredentials(creds),
			grpc.WithUserAgent(e.t.userAgent),
			grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(e.t.maxEvent)),
		)
		if err != nil {
			return nil, &TransportError{Op: "connect", URL: e.url, Err: err}
		}
		return conn, nil
	})
}

// tlsConfig is the HTTP client's TLS settings (a private CA, the client
// certificate), with the certificate held to the trust rule: it is
// presented only while the endpoint's origin is trusted, checked at each
// handshake, as the HTTP transport does per request.
func (e *grpcEndpoint) tlsConfig() *tls.Config {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if tr, ok := e.t.hc.Transport.(*http.Transport); ok && tr.TLSClientConfig != nil {
		cfg = tr.TLSClientConfig.Clone()
	}
	cfg.NextProtos = nil // gRPC sets h2
	get := cfg.GetClientCertificate
	certs := cfg.Certificates
	cfg.Certificates = nil
	origin := e.target.origin()
	trust := e.t.trust
	cfg.GetClientCertificate = func(cri *tls.CertificateRequestInfo) (*tls.Certificate, error) {
		if !trust.has(origin) {
			return &tls.Certificate{}, nil
		}
		if get != nil {
			return get(cri)
		}
		for i := range certs {
			if cri.SupportsCertificate(&certs[i]) == nil {
				return &certs[i], nil
			}
		}
		if len(certs) > 0 {
			return &certs[0], nil
		}
		return &tls.Certificate{}, nil
	}
	return cfg
}

// grpcCall is one call on a grpcEndpoint.
type grpcCall struct {
	op     string // for errors: "get task"
	method string // "GetTask"
	// body is the request in ProtoJSON form, read into req.
	body     any
	req, out proto.Message
	// taskCall says the request names a task, so NOT_FOUND is that
	// task being unknown.
	taskCall bool
	blocking bool // a blocking send may hold the reply as long as the task runs
}

// outgoing is the metadata for a call: what an HTTP request to the same
// origin would carry as headers (config headers, credentials when the
// origin is trusted), lower-cased, less what HTTP/2 and gRPC own. It
// also returns the header form for the wire view, with the names that
// carry secrets.
func (e *grpcEndpoint) outgoing(ctx context.Context, method string) (metadata.MD, http.Header, []string, error) {
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, e.callURL(method), nil)
	if err != nil {
		return nil, nil, nil, err
	}
	creds, query := &credHeaderSet{}, &credHeaderSet{}
	trusted := e.t.trust.has(e.target.origin())
	if err := e.t.decorate(hreq, e.header, trusted, creds, query); err != nil {
		return nil, nil, nil, err
	}
	secrets := append(creds.list(), query.list()...)
	e.t.setExtensions(hreq.Header, e.dialect)
	h := hreq.Header.Clone()
	// An API key the card puts in the query has no query to go in:
	// it travels as metadata under its own name.
	for _, n := range query.list() {
		if v := hreq.URL.Query().Get(n); v != "" {
			h.Set(n, v)
		}
	}
	md := metadata.MD{}
	for k, vs := range h {
		lk := strings.ToLower(k)
		switch {
		case lk == "user-agent", lk == "content-type", lk == "te", lk == "host", lk == "connection",
			lk == "accept", strings.HasPrefix(lk, "grpc-"), strings.HasPrefix(lk, ":"):
			continue
		}
		md[lk] = append(md[lk], vs...)
	}
	for from, to := range e.alias {
		if vs, ok := md[from]; ok && len(md[to]) == 0 {
			md[to] = vs
		}
	}
	h.Set("Content-Type", "application/grpc")
	return md, h, secrets, nil
}

// prepare encodes the request, adds metadata and the deadline, and logs
// the request; the returned cancel must be called.
func (e *grpcEndpoint) prepare(ctx context.Context, c *grpcCall, limit time.Duration) (context.Context, context.CancelCauseFunc, error) {
	raw, err := json.Marshal(c.body)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: encode the request: %w", c.op, err)
	}
	if err := protojson.Unmarshal(raw, c.req); err != nil {
		return nil, nil, fmt.Errorf("%s: encode the request for gRPC: %w", c.op, err)
	}
	md, h, secrets, err := e.outgoing(ctx, c.method)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", c.op, err)
	}
	body, _ := protojson.Marshal(c.req)
	e.t.observe(WireRecord{Kind: WireRequest, Method: http.MethodPost, URL: e.callURL(c.method), Header: h, Body: body, secrets: secrets})
	ctx, cancel := context.WithCancelCause(metadata.NewOutgoingContext(ctx, md))
	if limit > 0 {
		timer := time.AfterFunc(limit, func() { cancel(fmt.Errorf("no response within %s", limit)) })
		inner := cancel
		cancel = func(cause error) { timer.Stop(); inner(cause) }
	}
	return ctx, cancel, nil
}

// unary performs a call and returns the reply in ProtoJSON form.
func (e *grpcEndpoint) unary(ctx context.Context, c grpcCall) ([]byte, error) {
	conn, err := e.dial()
	if err != nil {
		return nil, err
	}
	limit := e.t.headerTimeout
	if limit > 0 && e.t.bodyTimeout > 0 {
		limit += e.t.bodyTimeout
	}
	if c.blocking {
		limit = 0
	}
	cctx, cancel, err := e.prepare(ctx, &c, limit)
	if err != nil {
		return nil, err
	}
	defer cancel(nil)
	var hdr, trl metadata.MD
	err = conn.Invoke(cctx, "/"+e.service+"/"+c.method, c.req, c.out, grpc.Header(&hdr), grpc.Trailer(&trl))
	if err == nil {
		grpcFirstByte(ctx)
	}
	if err != nil {
		e.observeStatus(c.method, hdr, trl, err)
		return nil, e.callError(ctx, cctx, c, err, hdr, trl)
	}
	body, err := protojson.Marshal(c.out)
	if err != nil {
		return nil, &ProtocolError{What: "the gRPC reply could not be read", Err: err}
	}
	e.noteActivated(hdr, trl)
	e.t.observe(WireRecord{Kind: WireResponse, URL: e.callURL(c.method), Status: http.StatusOK, Header: wireHeader(hdr, trl, "OK"), Body: body})
	return body, nil
}

// open starts a server-streaming call; newMsg makes the message each
// event is read into.
func (e *grpcEndpoint) open(ctx context.Context, c grpcCall, newMsg func() proto.Message, decode func([]byte) (Event, bool, error)) (eventSource, error) {
	conn, err := e.dial()
	if err != nil {
		return nil, err
	}
	// The call is cut when ctx is, but through a link that can be
	// undone: once its task settled, the rest of the stream is read
	// after the caller has moved on and canceled ctx (settle). The
	// deadline stays, so the server still hears it.
	base, release := context.WithoutCancel(ctx), context.CancelFunc(func() {})
	if d, ok := ctx.Deadline(); ok {
		base, release = context.WithDeadline(base, d)
	}
	cctx, cancel, err := e.prepare(base, &c, 0)
	if err != nil {
		release()
		return nil, err
	}
	inner := cancel
	cancel = func(cause error) { inner(cause); release() }
	unlink := context.AfterFunc(ctx, func() { cancel(context.Cause(ctx)) })
	desc := &grpc.StreamDesc{StreamName: c.method, ServerStreams: true}
	cs, err := conn.NewStream(cctx, desc, "/"+e.service+"/"+c.method)
	if err == nil {
		err = cs.SendMsg(c.req)
	}
	if err == nil {
		err = cs.CloseSend()
	}
	if err != nil {
		unlink()
		cancel(nil)
		return nil, e.callError(ctx, cctx, c, err, nil, nil)
	}
	s := &grpcEvents{e: e, c: c, ctx: ctx, cctx: cctx, cs: cs, cancel: cancel, unlink: unlink, newMsg: newMsg, decode: decode}
	// The first event must come within the header timeout, like the
	// headers of an HTTP stream; after that, silence is bounded by the
	// idle timeout.
	s.arm(e.t.headerTimeout, false)
	return s, nil
}

// grpcEvents yields the events of a server stream.
type grpcEvents struct {
	e         *grpcEndpoint
	c         grpcCall
	ctx, cctx context.Context
	cs        grpc.ClientStream
	cancel    context.CancelCauseFunc
	unlink    func() bool // stops ctx's cancel from reaching cctx (detach)
	newMsg    func() proto.Message
	decode    func([]byte) (Event, bool, error)
	started   bool

	mu    sync.Mutex
	timer *time.Timer
}

// arm (re)starts the silence timer; when it fires the stream is cut with
// a DeadlineError, which the follower resumes like a cut connection.
func (s *grpcEvents) arm(limit time.Duration, idle bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	if limit <= 0 {
		return
	}
	if idle {
		s.timer = time.AfterFunc(limit, func() { s.cancel(&DeadlineError{Idle: true, Limit: limit}) })
	} else {
		s.timer = time.AfterFunc(limit, func() { s.cancel(fmt.Errorf("no response within %s", limit)) })
	}
}

func (s *grpcEvents) next() (Event, error) {
	for {
		m := s.newMsg()
		err := s.cs.RecvMsg(m)
		if err != nil {
			s.arm(0, false)
			hdr, _ := s.cs.Header()
			trl := s.cs.Trailer()
			if errors.Is(err, io.EOF) {
				s.ended(hdr, trl)
				return Event{}, io.EOF
			}
			s.e.observeStatus(s.c.method, hdr, trl, err)
			err = s.e.callError(s.ctx, s.cctx, s.c, err, hdr, trl)
			var te *TransportError
			if s.started && errors.As(err, &te) {
				te.Op = "read the event stream"
			}
			return Event{}, err
		}
		if !s.started {
			s.started = true
			grpcFirstByte(s.ctx)
		}
		s.arm(s.e.t.idleTimeout, true)
		data, err := protojson.Marshal(m)
		if err != nil {
			return Event{}, &ProtocolError{What: "a gRPC event could not be read", Err: err}
		}
		s.e.t.observe(WireRecord{Kind: WireEvent, URL: s.e.callURL(s.c.method), Body: data})
		ev, ok, err := s.decode(data)
		if err != nil {
			return Event{}, err
		}
		if ok {
			return ev, nil
		}
	}
}

// settle reads what is left of a settled stream, in the background
// (endSettled), until the server ends it or limit passes. The end is
// where gRPC puts the call's status: read, it reaches the wire log as
// "grpc OK" (an HTTP stream's status shows at its start), and the
// extensions a2a-go confirms in the trailer are noted. Cut at the limit,
// nothing is logged: parley ended that call, not the server.
func (s *grpcEvents) settle(limit time.Duration) {
	s.arm(limit, false) // bounds the read now that ctx no longer does
	for {
		err := s.cs.RecvMsg(s.newMsg())
		if err == nil {
			continue
		}
		hdr, _ := s.cs.Header()
		trl := s.cs.Trailer()
		switch {
		case errors.Is(err, io.EOF):
			s.ended(hdr, trl)
		case s.cctx.Err() == nil && status.Code(err) != codes.Canceled:
			s.e.observeStatus(s.c.method, hdr, trl, err)
		}
		return
	}
}

// ended notes a stream the server ended well: the extensions it
// confirmed, and its status for the wire log.
func (s *grpcEvents) ended(hdr, trl metadata.MD) {
	s.e.noteActivated(hdr, trl)
	s.e.t.observe(WireRecord{Kind: WireResponse, URL: s.e.callURL(s.c.method), Status: http.StatusOK, Header: wireHeader(hdr, trl, "OK")})
}

// detach unlinks the call from its caller's ctx, before endSettled
// hands the stream to settle: the caller, done with the stream, cancels
// ctx as soon as it has the settling event.
func (s *grpcEvents) detach() { s.unlink() }

func (s *grpcEvents) close() error {
	s.unlink()
	s.arm(0, false)
	s.cancel(nil)
	return nil
}

// observeStatus logs a failed call's status as the reply it is. A reply
// over max_event_size is no status of the agent's: gRPC's receive limit,
// which is parley's, says RESOURCE_EXHAUSTED for it (callError's
// tooLarge), so the log says in parley's own note that the limit was
// parley's and the reply went unread.
func (e *grpcEndpoint) observeStatus(method string, hdr, trl metadata.MD, err error) {
	st := status.Convert(err)
	if e.tooLarge(st) {
		e.t.noteOverLimit("The reply to "+method, "it", e.callURL(method), "sent no error")
		return
	}
	body, _ := json.Marshal(map[string]any{"code": st.Code().String(), "message": st.Message(), "details": statusDetails(st)})
	e.t.observe(WireRecord{Kind: WireResponse, URL: e.callURL(method), Status: http.StatusOK, Header: wireHeader(hdr, trl, grpcCodeName(st.Code())), Body: body})
}

// wireHeader is the reply's metadata as headers for the wire view, with
// the gRPC status a person looks for.
func wireHeader(hdr, trl metadata.MD, code string) http.Header {
	h := http.Header{}
	for _, md := range []metadata.MD{hdr, trl} {
		for k, vs := range md {
			if strings.HasSuffix(k, "-bin") {
				continue
			}
			for _, v := range vs {
				h.Add(k, v)
			}
		}
	}
	h.Set("Grpc-Status", code)
	return h
}

// noteActivated records the extensions a reply confirmed, in its header
// or trailer metadata (a2a-go sends them in the trailer), when the call
// asked for some.
func (e *grpcEndpoint) noteActivated(hdr, trl metadata.MD) {
	name := strings.ToLower(facts(e.dialect).extensionHeader)
	if name == "" || len(e.t.extensions) == 0 {
		return
	}
	e.t.recordActivated(append(hdr.Get(name), trl.Get(name)...))
}
