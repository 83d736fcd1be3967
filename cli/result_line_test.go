package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
)

// The result line goes the fast way (jsonout.ResultLine, terminal-safe
// as it is encoded, in pieces); it must print exactly what writeJSONLine
// printed for storedResult (the encoder, then escapeControls), hostile
// and unusual text included, and leave no control a terminal would act
// on.
func TestResultLineAgreesWithTheEncoder(t *testing.T) {
	evil, _ := json.Marshal(hostile.Evil)
	raw := `{"z":` + string(evil) + `,"a":1,"m":{"y":null,"b":[true]}}`
	var data any
	if err := json.Unmarshal([]byte(raw), &data); err != nil {
		t.Fatal(err)
	}
	texts := []string{"", "plain", hostile.Evil, "\x1b[2J\x1b]0;t\x07\u009b31m\u0085\x7f\x00\x08", "<b>&amp;</b> \"q\" \\",
		"bad \xff\xfe \xc2", "\u2028\u2029", "é 日本 😀", "\u00c2\u0080"}
	var sums []*session.Summary
	for _, s := range texts {
		sums = append(sums, &session.Summary{Outcome: jsonout.Outcome{Dialect: a2aclient.Dialect(s), ContextID: s, TaskID: s, State: s, Text: s + s, StatusText: s,
			Artifacts: []a2aclient.Artifact{{ID: s, Name: s, Description: s, Metadata: map[string]any{s: s},
				Parts: []a2aclient.Part{a2aclient.TextPart(s), a2aclient.TextPart(s),
					{Kind: a2aclient.PartText, Text: s, Metadata: map[string]any{"m": s}},
					{Kind: a2aclient.PartData, Data: data, KeyOrder: a2aclient.JSONKeyOrder([]byte(raw))},
					{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: s, MimeType: s, Bytes: []byte(s)}},
					{Kind: a2aclient.PartFile, File: &a2aclient.File{URI: "https://x/" + s}},
				}}}}})
	}
	sums = append(sums, &session.Summary{Outcome: jsonout.Outcome{State: session.StateMessage, Text: "pong"}})
	for _, s := range sums {
		for _, id := range []int64{0, 42} {
			// --raw: the agent's strings, escaped.
			var want bytes.Buffer
			if err := writeJSONLine(rawOutput{&want}, storedResult{jsonout.ResultToJSON(outcome(s)), id}); err != nil {
				t.Fatal(err)
			}
			line, err := jsonout.AppendResultLine(nil, outcome(s), id)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(escapeControls(line)); got != want.String() {
				t.Errorf("result line differs:\n got %s\nwant %s", got, want.String())
			}
			got := writtenResultLine(t, s, id)
			if got != want.String() {
				t.Errorf("result line as written differs:\n got %s\nwant %s", got, want.String())
			}
			for _, c := range hostile.Controls {
				if strings.Contains(got, c) {
					t.Errorf("result line holds %q: %q", c, got)
				}
			}
			// By default: every string clean, the fast way as the general.
			var wantClean, gotClean bytes.Buffer
			if err := writeJSONLine(&wantClean, storedResult{jsonout.ResultToJSON(outcome(s)), id}); err != nil {
				t.Fatal(err)
			}
			rl, err := jsonout.NewResultLine(outcome(s), id)
			if err != nil {
				t.Fatal(err)
			}
			if err := rl.WriteClean(&gotClean); err != nil {
				t.Fatal(err)
			}
			if gotClean.String() != wantClean.String() {
				t.Errorf("clean result line differs:\n got %s\nwant %s", gotClean.String(), wantClean.String())
			}
			var back map[string]any
			if err := json.Unmarshal(gotClean.Bytes(), &back); err != nil {
				t.Fatal(err)
			}
			for _, c := range append(hostile.Controls, "\x7f", "\r") {
				if strings.Contains(fmt.Sprint(back), c) {
					t.Errorf("clean result line decodes to %q: %s", c, gotClean.String())
				}
			}
		}
	}
}

// writtenResultLine is what conclude prints for s.
func writtenResultLine(t *testing.T, s *session.Summary, id int64) string {
	t.Helper()
	line, err := jsonout.NewResultLine(outcome(s), id)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := line.WriteTerminalSafe(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// A long answer is written in 64 KB pieces: C1 controls, DEL, invalid
// UTF-8 and multi-byte runes at every offset from the cuts must come out
// as writeJSONLine wrote them, through the real stdout buffer.
func TestLongResultLineAgreesWithTheEncoder(t *testing.T) {
	const unit = "ab\u0085c\x7fd\xffé日\xe2\x82<&\"\\\n😀\u009b\u2028\x00 words\xc2"
	text := strings.Repeat(unit, 200000/len(unit)) + hostile.Evil
	s := &session.Summary{Outcome: jsonout.Outcome{Dialect: "v1.0", TaskID: "t", ContextID: "c", State: "completed", Text: text,
		Artifacts: []a2aclient.Artifact{{ID: "a", Parts: []a2aclient.Part{a2aclient.TextPart(text),
			{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: unit, Bytes: []byte(unit)}}, a2aclient.TextPart(text[3:])}}}}}
	var want bytes.Buffer
	if err := writeJSONLine(rawOutput{&want}, storedResult{jsonout.ResultToJSON(outcome(s)), 5}); err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	out := newOutputBuffer(&got)
	line, err := jsonout.NewResultLine(outcome(s), 5)
	if err != nil {
		t.Fatal(err)
	}
	_ = line.WriteTerminalSafe(out)
	out.Close()
	if got.String() != want.String() {
		t.Errorf("long result line differs (%d bytes, want %d)", got.Len(), want.Len())
	}
	for _, c := range append(hostile.Controls, "\x7f") {
		if strings.Contains(got.String(), c) {
			t.Errorf("result line holds %q", c)
		}
	}
	// And clean, by default.
	var wantClean, gotClean bytes.Buffer
	if err := writeJSONLine(&wantClean, storedResult{jsonout.ResultToJSON(outcome(s)), 5}); err != nil {
		t.Fatal(err)
	}
	out = newOutputBuffer(&gotClean)
	_ = line.WriteClean(out)
	out.Close()
	// The same values: where the text held invalid UTF-8 before
	// something to clean, the fast way writes \ufffd and the general
	// way U+FFFD itself.
	var gotV, wantV any
	if err := json.Unmarshal(gotClean.Bytes(), &gotV); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(wantClean.Bytes(), &wantV); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(gotV, wantV) {
		t.Errorf("long clean result line differs (%d bytes, want %d)", gotClean.Len(), wantClean.Len())
	}
	for _, c := range append(hostile.Controls, "\x7f", "\r", "\u202e") {
		if strings.Contains(fmt.Sprint(gotV), c) {
			t.Errorf("long clean result line decodes to %q", c)
		}
	}
}
