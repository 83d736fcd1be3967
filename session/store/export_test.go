package store

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

func TestStoreExport(t *testing.T) {
	srv := sessiontest.DemoServer(t, demoagent.Options{})
	s := openTestStore(t)
	conv := session.NewConversation(sessiontest.ResolveDemo(t, srv.URL), "parley demo", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(srv.URL, conv.Client())})
	conv.Send("Show me the itinerary data")
	sessiontest.WaitIdle(t, conv)
	conv.Send("Fail on purpose")
	sessiontest.WaitIdle(t, conv)
	conv.Notice("evil \x1b]52;c;cGF3bmVk\x07 notice")
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	var csv []byte
	for _, it := range conv.Items() {
		for _, p := range it.Parts {
			if p.Kind == a2aclient.PartFile {
				csv = p.File.Bytes
			}
		}
	}
	if len(csv) == 0 {
		t.Fatal("the demo sent no file")
	}

	var md bytes.Buffer
	if err := s.ExportMarkdown(&md, rec.ID()); err != nil {
		t.Fatal(err)
	}
	out := md.String()
	for _, want := range []string{
		"# Show me the itinerary data\n",
		"- Agent: parley demo (",
		"## You · ",
		"Show me the itinerary data\n",
		"**[working]**",
		"**[completed]**",
		"### Artifact: itinerary\n",
		"```json\n",
		`"LIS"`,
		fmt.Sprintf("- File: itinerary.csv (text/csv, %d bytes)", len(csv)),
		"**[failed]**",
		"_evil  notice_",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, base64.StdEncoding.EncodeToString(csv)[:16]) || strings.Contains(out, string(csv[:16])) {
		t.Errorf("Markdown contains the file's bytes:\n%s", out)
	}
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("Markdown kept control characters: %q", out)
	}

	var js bytes.Buffer
	if err := s.ExportJSON(&js, rec.ID()); err != nil {
		t.Fatal(err)
	}
	var tr jsonout.TranscriptJSON
	if err := json.Unmarshal(js.Bytes(), &tr); err != nil {
		t.Fatal(err)
	}
	if tr.Type != "context" || tr.Context.ID != rec.ID() || tr.Context.Agent != "parley demo" || len(tr.Tasks) != 2 ||
		len(tr.Items) != len(conv.Items()) {
		t.Fatalf("JSON export = %+v", tr)
	}
	var got []byte
	states := map[string]bool{}
	for _, it := range tr.Items {
		states[it.State] = true
		for _, p := range it.Parts {
			if p.Kind == "file" {
				got = p.Bytes
			}
		}
	}
	if !bytes.Equal(got, csv) {
		t.Errorf("file bytes in the JSON export = %q, want %q", got, csv)
	}
	if !states["completed"] || !states["failed"] || !states["working"] {
		t.Errorf("states in the JSON export: %v", states)
	}
}
