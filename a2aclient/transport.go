package a2aclient

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/parley-a2a/parley/internal/credname"
	"github.com/parley-a2a/parley/termsafe"
)

// DefaultMaxEventSize caps one SSE event or one reply body.
const DefaultMaxEventSize = 16 << 20

// defaultHeaderTimeout bounds the wait for response headers of calls that
// should answer quickly (card, get, cancel, stream start). A blocking send
// may legitimately hold the response until the task ends, so it has none.
const defaultHeaderTimeout = 30 * time.Second

// transport is the HTTP layer shared by every dialect: it applies headers
// and credentials, observes the wire, and turns failures into typed errors.
type transport struct {
	hc            *http.Client
	headers       http.Header
	auth          []Authenticator
	trust         *Origins
	wire          WireObserver
	wireURL       urlMemo
	sentSecrets   secretValues // credential values sent, scrubbed from the wire log
	maxEvent      int
	headerTimeout time.Duration
	bodyTimeout   time.Duration
	idleTimeout   time.Duration
	retry         RetryPolicy
	userAgent     string
	extensions    []string // URIs activated on every request
	grpc          *grpcConns

	mu         sync.Mutex
	redirected string   // the last note of noteRedirect
	activated  []string // extensions the agent confirmed, last reply
}

func newTransport(o Options) *transport {
	t := &transport{
		hc:            o.HTTPClient,
		headers:       o.Headers.Clone(),
		auth:          o.Auth,
		trust:         o.Trust,
		wire:          o.Wire,
		maxEvent:      o.MaxEventSize,
		headerTimeout: o.HeaderTimeout,
		bodyTimeout:   o.BodyTimeout,
		idleTimeout:   o.IdleTimeout,
		retry:         o.Retry,
		userAgent:     o.UserAgent,
		extensions:    slices.Clone(o.Extensions),
		grpc:          newGRPCConns(),
	}
	if t.hc == nil {
		t.hc = DefaultHTTPClient()
	} else {
		t.hc = withRedirectPolicy(t.hc)
	}
	if t.maxEvent <= 0 {
		t.maxEvent = DefaultMaxEventSize
	}
	if t.headerTimeout == 0 {
		t.headerTimeout = defaultHeaderTimeout
	}
	if t.bodyTimeout == 0 {
		t.bodyTimeout = defaultBodyTimeout
	}
	if t.idleTimeout == 0 {
		t.idleTimeout = defaultIdleTimeout
	}
	if t.userAgent == "" {
		t.userAgent = "parley"
	}
	return t
}

// DefaultHTTPClient has connect and TLS timeouts but no overall timeout:
// streams are bounded by their context, not by a clock. Redirects are
// followed at most 5 times and never carry credentials to another origin.
func DefaultHTTPClient() *http.Client {
	tr := &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		TLSHandshakeTimeout:   10 * time.Second,
		MaxIdleConnsPerHost:   8,
		IdleConnTimeout:       90 * time.Second,
		ExpectContinueTimeout: time.Second,
		ForceAttemptHTTP2:     true,
		TLSClientConfig:       &tls.Config{MinVersion: tls.VersionTLS12},
	}
	return &http.Client{Transport: tr, CheckRedirect: checkRedirect}
}

// credentialHeaders are stripped on a cross-origin redirect. Go strips
// Authorization and Cookie itself; API-key headers it cannot know, so the
// request carries the names it set in its context.
func checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= 5 {
		return fmt.Errorf("stopped after %d redirects", len(via))
	}
	first := via[0]
	if sameOrigin(first.URL, req.URL) {
		return nil
	}
	// Nor the client certificate, should the new origin ask for one.
	if g, ok := first.Context().Value(credGateKey{}).(*credGate); ok {
		g.denied.Store(true)
		// A 307 or 308 sends the body again: the message goes there.
		if req.Method != http.MethodGet && req.Method != http.MethodHead {
			to := req.URL.String()
			g.away.Store(&to)
		}
	}
	req.Header.Del("Authorization")
	req.Header.Del("Cookie")
	// Headers given by hand (config headers, --header) are not known to
	// be credentials; those named like one are treated as one.
	for name := range req.Header {
		if isSecretName(name) {
			req.Header.Del(name)
		}
	}
	// Go sets Referer to the previous URL, query and all: an API key sent
	// as a query parameter would reach the other origin there.
	req.Header.Del("Referer")
	if names, ok := first.Context().Value(credHeadersKey{}).(*credHeaderSet); ok {
		for _, n := range names.list() {
			req.Header.Del(n)
		}
	}
	if q, ok := first.Context().Value(credQueryKey{}).(*credHeaderSet); ok {
		vals := req.URL.Query()
		for _, n := range q.list() {
			vals.Del(n)
		}
		req.URL.RawQuery = vals.Encode()
	}
	return nil
}

// withRedirectPolicy returns a copy of a caller's client (one trusting a
// private CA, say) that applies parley's redirect policy before its own,
// so credentials stay home whatever client carries them.
func withRedirectPolicy(hc *http.Client) *http.Client {
	own := hc.CheckRedirect
	c := *hc
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if err := checkRedirect(req, via); err != nil || own == nil {
			return err
		}
		return own(req, via)
	}
	return &c
}

// sameOrigin compares as Origin writes origins: Unicode case folding
// would make the Kelvin sign a "k".
func sameOrigin(a, b *url.URL) bool {
	oa, okA := originOf(a)
	ob, okB := originOf(b)
	return okA && okB && oa == ob
}

type credHeadersKey struct{}
type credQueryKey struct{}

// credHeaderSet records which header or query names carry secrets, so the
// redirect policy and the wire view can remove them.
type credHeaderSet struct {
	mu    sync.Mutex
	names []string
}

func (s *credHeaderSet) add(n string) {
	s.mu.Lock()
	s.names = append(s.names, n)
	s.mu.Unlock()
}

func (s *credHeaderSet) list() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.names...)
}

// request describes one HTTP exchange.
type request struct {
	op        string // for errors: "send message", "fetch the agent card"
	method    string
	url       string
	body      []byte
	header    http.Header
	noTimeout bool // blocking sends wait as long as the task runs
	stream    bool // an event stream: bounded by silence, not by length
}

// do performs req and returns the response with a success status. The
// caller must close the body. Error statuses become AuthError or
// HTTPError; the body excerpt is read here.
func (t *transport) do(ctx context.Context, req request) (*http.Response, error) {
	hreq, err := t.newRequest(ctx, req)
	if err != nil {
		return nil, err
	}
	resp, err := t.roundTrip(hreq, req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return resp, nil
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	t.observe(WireRecord{Kind: WireResponse, URL: req.url, Status: resp.StatusCode, Header: resp.Header, Body: body})
	return nil, statusError(req.url, resp, body)
}

// doRaw is do without the status check, for dialects whose error bodies
// carry meaning on any status (JSON-RPC errors sent with HTTP 4xx/5xx).
func (t *transport) doRaw(ctx context.Context, req request) (*http.Response, error) {
	hreq, err := t.newRequest(ctx, req)
	if err != nil {
		return nil, err
	}
	return t.roundTrip(hreq, req)
}

func (t *transport) newRequest(ctx context.Context, req request) (*http.Request, error) {
	creds := &credHeaderSet{}
	query := &credHeaderSet{}
	ctx = context.WithValue(ctx, credHeadersKey{}, creds)
	ctx = context.WithValue(ctx, credQueryKey{}, query)
	// The last line of defence of the trust rule: whatever the layers
	// above decided, a request to an origin the agent's credentials are
	// not bound to carries none of them, the client certificate included.
	gate := &credGate{}
	ctx = context.WithValue(ctx, credGateKey{}, gate)
	ctx = traceFirstByte(ctx)
	var body io.Reader
	if req.body != nil {
		body = bytes.NewReader(req.body)
	}
	hreq, err := http.NewRequestWithContext(ctx, req.method, req.url, body)
	if err != nil {
		return nil, fmt.Errorf("%s: bad URL %q: %w", req.op, redactURL(req.url), err)
	}
	trusted := t.trust.trustsURL(hreq.URL)
	gate.denied.Store(!trusted)
	if err := t.decorate(hreq, req.header, trusted, creds, query); err != nil {
		return nil, fmt.Errorf("%s: %w", req.op, err)
	}
	return hreq, nil
}

// decorate puts on a request what every call carries: the configured
// headers, the call's own, the User-Agent and, when trusted, the
// credentials, noting in creds and query which names carry secrets. The
// gRPC binding decorates a stand-in request the same way and sends its
// headers as metadata, so whatever is added here reaches both.
func (t *transport) decorate(hreq *http.Request, own http.Header, trusted bool, creds, query *credHeaderSet) error {
	for k, vs := range t.headers {
		if !trusted && isSecretName(k) {
			continue
		}
		for _, v := range vs {
			hreq.Header.Add(k, v)
		}
	}
	for k, vs := range own {
		hreq.Header[k] = vs
	}
	hookHeader(hreq)
	if hreq.Header.Get("User-Agent") == "" {
		hreq.Header.Set("User-Agent", t.userAgent)
	}
	for _, a := range t.auth {
		if !trusted {
			break
		}
		applied, err := a.Apply(hreq)
		if err != nil {
			return fmt.Errorf("apply credentials: %w", err)
		}
		for _, n := range applied.Headers {
			creds.add(n)
		}
		for _, n := range applied.Query {
			query.add(n)
		}
	}
	if t.wire != nil {
		t.sentSecrets.learnRequest(hreq, creds.list(), query.list())
	}
	return nil
}

// roundTrip sends hreq, bounding the wait for headers unless told not to.
func (t *transport) roundTrip(hreq *http.Request, req request) (*http.Response, error) {
	t.observe(WireRecord{Kind: WireRequest, Method: hreq.Method, URL: hreq.URL.String(), Header: hreq.Header, Body: req.body, secrets: secretNames(hreq)})
	ctx, cancel := context.WithCancelCause(hreq.Context())
	hreq = hreq.WithContext(ctx)
	var timer *time.Timer
	if !req.noTimeout && t.headerTimeout > 0 {
		timer = time.AfterFunc(t.headerTimeout, func() {
			cancel(fmt.Errorf("no response within %s", t.headerTimeout))
		})
	}
	resp, err := t.hc.Do(hreq)
	t.noteRedirect(hreq, req.url)
	if err == nil {
		t.noteActivated(hreq, resp)
	}
	if timer != nil && !timer.Stop() && err == nil {
		// The timer fired just as headers arrived; the body is already
		// cancelled, so report the timeout rather than a confusing read error.
		resp.Body.Close()
		err = context.Cause(ctx)
	}
	if err != nil {
		cancel(nil)
		if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
			err = cause
		}
		if pctx := hreq.Context(); pctx.Err() != nil && errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, &TransportError{Op: req.op, URL: req.url, Err: err}
	}
	kind, limit := limitWhole, t.bodyTimeout
	switch {
	case req.stream:
		kind, limit = limitIdle, t.idleTimeout
	case req.noTimeout:
		kind = limitFirstByte
	}
	resp.Body = newTimedBody(resp.Body, func() { cancel(nil) }, kind, limit)
	return resp, nil
}

// noteRedirect records that hreq's body followed a redirect to another
// origin (without credentials), so parley can tell the user who got it.
func (t *transport) noteRedirect(hreq *http.Request, from string) {
	g, ok := hreq.Context().Value(credGateKey{}).(*credGate)
	if !ok {
		return
	}
	to := g.away.Load()
	if to == nil {
		return
	}
	origin, _ := Origin(*to)
	note := fmt.Sprintf("The request to %s was redirected to %s, on another origin (%s); parley sent it there without credentials.", redactURL(from), redactURL(*to), origin)
	t.mu.Lock()
	t.redirected = note
	t.mu.Unlock()
	t.observe(WireRecord{Kind: WireNote, Body: []byte(note)})
}

// readBody reads a whole success body up to the size cap.
func (t *transport) readBody(op, u string, resp *http.Response) ([]byte, error) {
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, int64(t.maxEvent)+1))
	var late *DeadlineError
	if err != nil && (resp.StatusCode < 300 || !errors.As(err, &late)) {
		return nil, &TransportError{Op: op, URL: u, Err: err}
	}
	// An error page that never ends is reported with what came of it.
	if len(body) > t.maxEvent {
		t.noteOverLimit("The agent's reply to the request to "+op, "it", u, fmt.Sprintf("answered HTTP %d", resp.StatusCode))
		return nil, &EventTooLargeError{Limit: t.maxEvent}
	}
	t.observe(WireRecord{Kind: WireResponse, URL: u, Status: resp.StatusCode, Header: resp.Header, Body: body})
	return body, nil
}

// noteOverLimit tells the wire log that what (a reply, an event) of the
// exchange at u went over max_event_size and was not read: nothing of it
// is logged, as it was read only as far as the limit, never parsed, and
// may hold anything. Without the note the log showed the request and
// then nothing, as if the agent had not answered. What matters first, so
// that a folded entry keeps it: the address goes last.
func (t *transport) noteOverLimit(what, unread, u, answer string) {
	origin, ok := Origin(u)
	if !ok {
		origin = u
	}
	t.observe(WireRecord{Kind: WireNote, URL: u, Body: []byte(fmt.Sprintf(
		"%s was over parley's %s limit (max_event_size), so parley did not read %s; the agent at %s %s.",
		what, formatBytes(t.maxEvent), unread, redactURL(origin), answer))})
}

// statusError turns an error status into AuthError or HTTPError.
func statusError(u string, resp *http.Response, body []byte) error {
	excerpt := scrubString(bodyExcerpt(body, resp.Header.Get("Content-Type")), sentIn(resp.Request))
	if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
		return &AuthError{URL: u, StatusCode: resp.StatusCode, Challenge: resp.Header.Get("WWW-Authenticate"), Body: excerpt}
	}
	return &HTTPError{URL: u, StatusCode: resp.StatusCode, Status: http.StatusText(resp.StatusCode), Body: excerpt, RetryAfter: retryAfter(resp.Header.Get("Retry-After"))}
}

// bodyExcerpt makes an error body fit for one short line: an HTML page
// summarised by its heading or title (summarizeHTML), whitespace folded,
// control sequences removed, at most maxExcerpt characters.
func bodyExcerpt(body []byte, contentType string) string {
	s := string(body)
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "�")
	}
	if strings.Contains(contentType, "html") || looksLikeHTML(s) {
		s = summarizeHTML(s)
	}
	s = strings.Join(strings.Fields(termsafe.Line(s)), " ")
	if r := []rune(s); len(r) > maxExcerpt {
		s = strings.TrimRight(string(r[:maxExcerpt-1]), " ") + "…"
	}
	return s
}

func looksLikeHTML(s string) bool {
	t := strings.ToLower(strings.TrimSpace(s))
	return strings.HasPrefix(t, "<!doctype html") || strings.HasPrefix(t, "<html")
}

// retryAfter reads a Retry-After header in seconds or as an HTTP date.
func retryAfter(v string) time.Duration {
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := time.Until(t); d > 0 {
			return d
		}
	}
	return 0
}

// describeNetErr words a network error for a person.
func describeNetErr(err error) string {
	var dnsErr *net.DNSError
	var opErr *net.OpError
	var certErr *tls.CertificateVerificationError
	switch {
	case errors.As(err, &dnsErr):
		return fmt.Sprintf("the host name %q could not be resolved", dnsErr.Name)
	case errors.As(err, &certErr):
		return "the server's TLS certificate is not trusted (" + certErr.Err.Error() + ")"
	case errors.As(err, &opErr) && opErr.Op == "dial":
		if strings.Contains(opErr.Err.Error(), "refused") {
			return "the connection was refused"
		}
		return "could not connect: " + opErr.Err.Error()
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "the connection closed before the reply was complete"
	case plainHTTP(err):
		return "the agent speaks plain HTTP, not HTTPS"
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return "the agent did not answer in time"
	}
	msg := err.Error()
	// url.Error repeats method and URL; the caller has said those already.
	var ue *url.Error
	if errors.As(err, &ue) {
		msg = ue.Err.Error()
	}
	return termsafe.Line(msg)
}

// plainHTTP reports whether an https:// request reached a server that
// speaks plain HTTP.
func plainHTTP(err error) bool {
	var rh tls.RecordHeaderError
	return errors.As(err, &rh) || strings.Contains(err.Error(), "server gave HTTP response to HTTPS client") ||
		strings.Contains(err.Error(), "first record does not look like a TLS handshake")
}

// redactURL removes credentials from a URL for display: userinfo and the
// values of query parameters that look like keys or tokens.
func redactURL(raw string) string { return termsafe.Line(credname.RedactURL(raw)) }

// isSecretName guesses whether a header or parameter name carries a
// secret (internal/credname, the list config and session use too); the
// names an Authenticator set are redacted regardless.
func isSecretName(n string) bool { return credname.Is(n) }

func sanitizeLine(s string) string { return termsafe.Line(s) }
