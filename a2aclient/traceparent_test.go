package a2aclient

import (
	"regexp"
	"testing"
)

var traceparentForm = regexp.MustCompile(`^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$`)

func TestTraceParentRoundTrip(t *testing.T) {
	tp := TraceParent{TraceID: NewTraceID(), SpanID: NewSpanID(), Flags: 1}
	s := tp.String()
	if !traceparentForm.MatchString(s) {
		t.Fatalf("traceparent %q is not in the W3C form", s)
	}
	back, ok := ParseTraceParent(s)
	if !ok || back != tp {
		t.Errorf("ParseTraceParent(%q) = %+v, %v; want %+v", s, back, ok, tp)
	}
	if tp.TraceIDString() != s[3:35] {
		t.Errorf("trace id %q, want %q", tp.TraceIDString(), s[3:35])
	}
}

// What the W3C Trace Context spec says a receiver must refuse is refused;
// a later version's header is read for the fields version 00 defines.
func TestParseTraceParent(t *testing.T) {
	good := "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
	for _, s := range []string{good, " " + good + " ", "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-what-comes-next", "cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00"} {
		if _, ok := ParseTraceParent(s); !ok {
			t.Errorf("ParseTraceParent(%q) refused", s)
		}
	}
	for _, s := range []string{"", "garbage",
		"ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",       // version ff is invalid
		"00-00000000000000000000000000000000-00f067aa0ba902b7-01",       // all-zero trace id
		"00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",       // all-zero parent id
		"00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",       // upper case
		"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra", // version 00 has nothing after
		"00-4bf92f3577b34da6a3ce929d0e0e473-600f067aa0ba902b7-01",
		"01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01x",
	} {
		if tp, ok := ParseTraceParent(s); ok {
			t.Errorf("ParseTraceParent(%q) = %+v, want refused", s, tp)
		}
	}
}

func TestNewIDsDiffer(t *testing.T) {
	seen := map[[8]byte]bool{}
	for range 100 {
		id := NewSpanID()
		if seen[id] || id == ([8]byte{}) {
			t.Fatalf("span id %x repeated or zero", id)
		}
		seen[id] = true
	}
	if NewTraceID() == ([16]byte{}) {
		t.Error("zero trace id")
	}
}
