package a2ui

import (
	"strings"
	"testing"
)

// TestEnterTextReadsEachInputsKind: what a person types becomes the
// value each kind of input holds; what it cannot take is refused.
func TestEnterTextReadsEachInputsKind(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, everyV09)
	s := ss.Get("s")
	root := s.Layout(Limits{})
	for _, c := range []struct {
		id, typed string
		path      string
		want      string // the value as JSON
	}{
		{"field", "Grace", "/name", `"Grace"`},
		{"check", "no", "/terrace", `false`},
		{"slide", "7", "/guests", `7`},
		{"when", "2027-01-02T20:00", "/when", `"2027-01-02T20:00"`},
		{"pick", "None", "/diet", `["none"]`},
	} {
		if err := s.EnterText(root.Find(c.id), c.typed); err != nil {
			t.Errorf("%s: %v", c.id, err)
			continue
		}
		v, _ := s.Value(c.path)
		if got := wire(t, v); got != c.want {
			t.Errorf("%s: %s holds %s, want %s", c.id, c.path, got, c.want)
		}
	}
	for id, typed := range map[string]string{"check": "maybe", "slide": "99", "pick": "vegan,none", "btn": "x"} {
		if err := s.EnterText(root.Find(id), typed); err == nil {
			t.Errorf("%s took %q", id, typed)
		}
	}
}

func TestOneObjectEach(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, everyV09)
	s := ss.Get("s")
	part, err := s.Action(s.Layout(Limits{}).Find("btn"), pressedAt)
	if err != nil {
		t.Fatal(err)
	}
	parts := OneObjectEach(part)
	if len(parts) != 1 || !IsPart(parts[0]) {
		t.Fatalf("parts %+v", parts)
	}
	if m, ok := parts[0].Data.(map[string]any); !ok || m["action"] == nil {
		t.Errorf("data %v", parts[0].Data)
	}
}

// TestEnterTextNamesTheLabels: a choice that has no such option says
// which ones it takes by the labels a person sees, not the values sent.
func TestEnterTextNamesTheLabels(t *testing.T) {
	ss := New(Limits{})
	applyAll(t, ss, everyV09)
	s := ss.Get("s")
	err := s.EnterText(s.Layout(Limits{}).Find("pick"), "Keto")
	if err == nil || !strings.Contains(err.Error(), "its options are Vegan, None") {
		t.Fatalf("error %v, want the labels listed", err)
	}
}
