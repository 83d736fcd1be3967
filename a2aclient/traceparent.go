package a2aclient

import (
	"crypto/rand"
	"encoding/hex"
	"strings"
)

// TraceParent is a W3C Trace Context traceparent header
// (https://www.w3.org/TR/trace-context/), version 00:
// 00-<32 hex trace id>-<16 hex parent (span) id>-<2 hex flags>.
type TraceParent struct {
	TraceID [16]byte
	SpanID  [8]byte
	Flags   byte // bit 0: sampled
}

// TraceParentHeader is the header (and gRPC metadata key) the trace
// context travels in; TraceStateHeader carries vendors' state along.
const (
	TraceParentHeader = "traceparent"
	TraceStateHeader  = "tracestate"
)

// String is the header's value.
func (t TraceParent) String() string {
	b := make([]byte, 0, 55)
	b = append(b, "00-"...)
	b = hex.AppendEncode(b, t.TraceID[:])
	b = append(b, '-')
	b = hex.AppendEncode(b, t.SpanID[:])
	b = append(b, '-')
	b = hex.AppendEncode(b, []byte{t.Flags})
	return string(b)
}

// TraceIDString is the trace id in its 32 lower-case hex digits, as
// tracing backends show it.
func (t TraceParent) TraceIDString() string { return hex.EncodeToString(t.TraceID[:]) }

// ParseTraceParent reads a traceparent as the spec tells a receiver to:
// lower-case hex only, no all-zero ids, version ff refused, and a later
// version read for the fields version 00 defines (what follows them
// must start with '-'). ok is false for anything else.
func ParseTraceParent(s string) (t TraceParent, ok bool) {
	s = strings.TrimSpace(s)
	if len(s) < 55 || s[2] != '-' || s[35] != '-' || s[52] != '-' {
		return t, false
	}
	version, okv := lowerHex(s[0:2])
	if !okv || version[0] == 0xff || version[0] == 0 && len(s) != 55 || version[0] != 0 && len(s) > 55 && s[55] != '-' {
		return t, false
	}
	trace, ok1 := lowerHex(s[3:35])
	span, ok2 := lowerHex(s[36:52])
	flags, ok3 := lowerHex(s[53:55])
	if !ok1 || !ok2 || !ok3 {
		return t, false
	}
	copy(t.TraceID[:], trace)
	copy(t.SpanID[:], span)
	t.Flags = flags[0]
	if t.TraceID == ([16]byte{}) || t.SpanID == ([8]byte{}) {
		return TraceParent{}, false
	}
	return t, true
}

// lowerHex decodes s, which must be lower-case hex.
func lowerHex(s string) ([]byte, bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return nil, false
		}
	}
	b, err := hex.DecodeString(s)
	return b, err == nil
}

// NewTraceID is a random trace id, never all zero.
func NewTraceID() (id [16]byte) {
	for id == ([16]byte{}) {
		_, _ = rand.Read(id[:])
	}
	return id
}

// NewSpanID is a random span id, never all zero.
func NewSpanID() (id [8]byte) {
	for id == ([8]byte{}) {
		_, _ = rand.Read(id[:])
	}
	return id
}
