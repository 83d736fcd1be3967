package a2ui

import (
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// TestActionSummary: a press is summed up as the button's face and the
// values its action sends, in either version's shape, cleaned and short.
func TestActionSummary(t *testing.T) {
	for _, msgs := range []string{everyV08, everyV09} {
		ss := New(Limits{})
		applyAll(t, ss, msgs)
		applyAll(t, ss, `{"beginRendering": {"surfaceId": "s", "root": "root"}}`)
		s := ss.Get("s")
		btn := s.Layout(Limits{}).Find("btn")
		part, err := s.Action(btn, time.Unix(0, 0))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := ActionSummary("Book", part), "Book · n=2, who=Ada"; got != want {
			t.Errorf("%s: summary %q, want %q", s.Version, got, want)
		}
	}
	part := actionPart(map[string]any{"guests": []any{"2", "4"}, "note": "a\x1b[31m" + strings.Repeat("x", 200)})
	got := ActionSummary("Book", part)
	if strings.ContainsRune(got, 0x1b) || len(got) > 120 || !strings.Contains(got, "guests=2+4") {
		t.Errorf("summary %q: want it cleaned, short, lists joined", got)
	}
	if got := ActionSummary("Cancel", actionPart(nil)); got != "Cancel" {
		t.Errorf("summary %q of an action without context, want the face alone", got)
	}
}

func actionPart(ctx map[string]any) a2aclient.Part {
	return a2aclient.Part{Kind: a2aclient.PartData, Metadata: map[string]any{"mimeType": MimeType},
		Data: []any{map[string]any{"version": "v0.9", "action": map[string]any{"name": "book", "context": ctx}}}}
}

// TestApplyAnswerFillsTheForm: the user's answer, read back from a
// transcript, writes the values its action sent into the inputs its
// button's context is bound to, so a finished form shows what was sent.
func TestApplyAnswerFillsTheForm(t *testing.T) {
	for _, msgs := range []string{everyV08, everyV09} {
		ss := New(Limits{})
		ss.ApplyPartOf("t1", a2aclient.Part{Kind: a2aclient.PartData, Data: decode(t, msgs), Metadata: map[string]any{"mimeType": MimeType}})
		applyAll(t, ss, `{"beginRendering": {"surfaceId": "s", "root": "root"}}`)
		s := ss.Get("s")
		if err := s.Set("/name", "Grace"); err != nil {
			t.Fatal(err)
		}
		part, err := s.Action(s.Layout(Limits{}).Find("btn"), time.Unix(0, 0))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Set("/name", ""); err != nil {
			t.Fatal(err)
		}
		ss.ApplyAnswer("t1", part)
		if v, _ := s.Value("/name"); v != "Grace" {
			t.Errorf("%s: after the answer the form holds name %v, want Grace", s.Version, v)
		}
	}
}
