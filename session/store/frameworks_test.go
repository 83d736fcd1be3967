package store

import (
	"bytes"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
	"github.com/parley-a2a/parley/internal/frameworkstest"
	"github.com/parley-a2a/parley/session"
)

// recordedADK records a conversation fed an ADK sequence, and returns
// the store and the context's number.
func recordedADK(t *testing.T, evs []a2aclient.Event) (*Store, int64) {
	t.Helper()
	s := openTestStore(t)
	conv := session.NewConversation(nil, "adk", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "adk", URL: "http://127.0.0.1:9/"}})
	tr := &a2aclient.Tracker{Reading: frameworks.Reading{}}
	for _, ev := range evs {
		conv.ApplyPushTracked(ev, tr)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	return s, rec.ID()
}

// ADK's emptied preview is not part of what the store gives back: the
// reopened context, the Markdown and the JSON export hold the answer
// once and no empty artifact.
func TestStoreLeavesOutADKsEmptiedPreview(t *testing.T) {
	s, id := recordedADK(t, frameworkstest.ADKEcho())
	oc, err := s.OpenContext(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	var arts int
	for _, it := range oc.Items {
		if it.Kind == session.ItemArtifact {
			arts++
			if len(it.Parts) != 1 || it.Parts[0].Text != frameworkstest.EchoText {
				t.Errorf("reopened artifact %+v", it.Parts)
			}
		}
	}
	if arts != 1 {
		t.Errorf("reopened %d artifacts, want the answer alone", arts)
	}
	var md bytes.Buffer
	if err := s.ExportMarkdown(&md, id); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(md.String(), "### Artifact"); n != 1 || strings.Count(md.String(), frameworkstest.EchoText) != 1 {
		t.Errorf("Markdown has %d artifacts:\n%s", n, md.String())
	}
	var js bytes.Buffer
	if err := s.ExportJSON(&js, id); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(js.String(), `"kind": "artifact"`); n != 1 {
		t.Errorf("JSON export has %d artifacts:\n%s", n, js.String())
	}
}

// A question asked only in data keeps its parts in the store and its
// exports.
func TestStoreKeepsADataOnlyQuestion(t *testing.T) {
	s, id := recordedADK(t, frameworkstest.ADKApproval())
	var md bytes.Buffer
	if err := s.ExportMarkdown(&md, id); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "request_approval") {
		t.Errorf("Markdown lost the question:\n%s", md.String())
	}
	var js bytes.Buffer
	if err := s.ExportJSON(&js, id); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"refund order 42"`) {
		t.Errorf("JSON export lost the question:\n%s", js.String())
	}
}
