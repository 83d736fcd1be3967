package a2aclient

import (
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// WireKind says which way a wire record went.
type WireKind string

const (
	WireRequest  WireKind = "request"
	WireResponse WireKind = "response"
	WireEvent    WireKind = "event" // one SSE event's data
	// WireNote is parley's own remark on the traffic, not something
	// sent or received: e.g. that a task fetched after a broken stream
	// replaced what had streamed.
	WireNote WireKind = "note"
)

// WireRecord is one raw exchange on the wire, for people debugging their
// own agents. Secrets are already redacted when an observer sees it.
type WireRecord struct {
	Time   time.Time
	Kind   WireKind
	Method string
	URL    string
	Status int
	Header http.Header
	Body   []byte

	secrets []string
}

// WireObserver receives wire records. It is called on the request's
// goroutine and must not block. An event's Body (WireEvent) is the
// stream's own buffer, valid only during the call: an observer that
// keeps it copies it, so a stream costs no copy per event for a log that
// keeps only the last few hundred.
type WireObserver func(WireRecord)

// Note adds parley's own remark to the wire log, if one is observed.
func (c *Client) Note(text string) {
	c.t.observe(WireRecord{Kind: WireNote, Body: []byte(text)})
}

// maxWireBody caps how much of a body a wire record keeps.
const maxWireBody = 64 << 10

func (t *transport) observe(r WireRecord) {
	if t.wire == nil {
		return
	}
	r.Time = time.Now()
	r.Header = redactHeader(r.Header, r.secrets)
	r.URL = t.wireURL.redact(r.URL, r.secrets)
	vals := t.sentSecrets.list()
	switch {
	case len(r.Body) > maxWireBody:
		// Scrubbed before the cut, so a secret the cut would halve
		// leaves no prefix behind (both copy when they change b).
		r.Body = redactSecretMembers(scrub(r.Body, vals))
		r.Body = append(r.Body[:min(len(r.Body), maxWireBody):min(len(r.Body), maxWireBody)], "…"...)
	case r.Kind != WireEvent:
		r.Body = append([]byte(nil), r.Body...)
	}
	r.secrets = nil
	scrubHeader(r.Header, vals)
	r.URL = scrubString(r.URL, vals)
	r.Body = redactSecretMembers(scrub(r.Body, vals))
	t.wire(r)
}

// urlMemo keeps the last URL redacted with no secret of its own: every
// event of a stream carries the same one, so it is parsed once, not per
// event.
type urlMemo struct {
	mu       sync.Mutex
	raw, red string
}

func (u *urlMemo) redact(raw string, secrets []string) string {
	if len(secrets) > 0 || raw == "" {
		return redactURLWith(raw, secrets)
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if raw != u.raw {
		u.raw, u.red = raw, redactURLWith(raw, nil)
	}
	return u.red
}

// secretNames lists what the authenticators set on a request.
func secretNames(r *http.Request) []string {
	var out []string
	if s, ok := r.Context().Value(credHeadersKey{}).(*credHeaderSet); ok {
		out = append(out, s.list()...)
	}
	if s, ok := r.Context().Value(credQueryKey{}).(*credHeaderSet); ok {
		out = append(out, s.list()...)
	}
	return out
}

func redactHeader(h http.Header, secrets []string) http.Header {
	if h == nil {
		return nil
	}
	out := h.Clone()
	for k := range out {
		if isSecretName(k) || containsFold(secrets, k) {
			out[k] = []string{"REDACTED"}
		}
	}
	return out
}

func redactURLWith(raw string, secrets []string) string {
	u, err := url.Parse(raw)
	if err != nil || u.RawQuery == "" {
		return redactURL(raw)
	}
	q := u.Query()
	for k := range q {
		if containsFold(secrets, k) {
			q.Set(k, "REDACTED")
		}
	}
	u.RawQuery = q.Encode()
	return redactURL(u.String())
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
