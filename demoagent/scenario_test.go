package demoagent

import (
	"bytes"
	"strings"
	"testing"
)

func TestPickScenario(t *testing.T) {
	cases := map[string]scenario{
		"hello":                      scenarioAnswer,
		"Write some markdown":        scenarioAnswer,
		"Show me the itinerary data": scenarioData,
		"Book a flight to Lisbon":    scenarioInput,
		"BOOKING please":             scenarioInput,
		"Sign in first":              scenarioAuth,
		"tell me a SECRET":           scenarioAuth,
		"Fail on purpose":            scenarioFail,
		"ping":                       scenarioMessage,
		"Try a slow task":            scenarioSlow,
		"this will belong to nobody": scenarioAnswer, // "long" only starts words
		"reject this":                scenarioReject,
		"fail to book a flight":      scenarioFail, // precedence
	}
	for text, want := range cases {
		if got := pickScenario(text); got != want {
			t.Errorf("pickScenario(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestChunkCountAndRoundTrip(t *testing.T) {
	for _, text := range []string{"", "hi", strings.Repeat("very long input ", 500)} {
		md := markdownAnswer(text)
		pieces := chunk(md, targetChunks)
		if len(pieces) < 30 || len(pieces) > 80 {
			t.Errorf("input of %d bytes: %d chunks", len(text), len(pieces))
		}
		if strings.Join(pieces, "") != md {
			t.Errorf("chunks do not concatenate back to the answer")
		}
	}
}

// TestScenariosEveryDialect runs each scripted behaviour through every
// dialect and checks the outcome a client would see.
func TestScenariosEveryDialect(t *testing.T) {
	srv := newServer(t)
	for _, d := range allDrivers() {
		t.Run(d.name, func(t *testing.T) {
			v01, gateway := d.name == "v0.1", d.name == "gateway"

			t.Run("answer", func(t *testing.T) {
				o := d.send(t, srv.URL, "hello", "", "")
				must(t, o.state == "completed", "state %q", o.state)
				must(t, len(o.artifacts) == 1, "artifacts %+v", o.artifacts)
				must(t, o.artifacts[0].text == markdownAnswer("hello"), "answer differs: %q", o.artifacts[0].text)
				must(t, strings.HasPrefix(o.statusText, "Answered in "), "status %q", o.statusText)
			})

			t.Run("data", func(t *testing.T) {
				o := d.send(t, srv.URL, "Show me the itinerary data", "", "")
				must(t, o.state == "completed", "state %q", o.state)
				must(t, len(o.artifacts) == 2, "artifacts %+v", o.artifacts)
				if gateway {
					must(t, strings.Contains(o.artifacts[0].text, `"from":"LHR"`), "data as text %q", o.artifacts[0].text)
					must(t, o.artifacts[1].text == string(itineraryCSV()), "csv %q", o.artifacts[1].text)
					return
				}
				data := o.artifacts[0].data
				must(t, o.artifacts[0].name == "itinerary" && len(data) == 1, "data artifact %+v", o.artifacts[0])
				rows, ok := data[0].([]any) // v1.0 data may be any JSON value
				if !ok {
					rows = list(data[0], "flights") // earlier versions need an object
				}
				must(t, len(rows) == 4, "rows %v", data[0])
				must(t, str(rows[0], "from") == "LHR" && str(rows[0], "to") == "LIS" && str(rows[0], "date") != "" && path(rows[0], "price") == 129.0, "row %v", rows[0])
				f := o.artifacts[1].file
				must(t, len(f) == 1 && f[0].name == "itinerary.csv" && f[0].mime == "text/csv", "file %+v", f)
				must(t, bytes.Equal(f[0].bytes, itineraryCSV()), "csv bytes %q", f[0].bytes)
			})

			t.Run("input", func(t *testing.T) {
				o := d.send(t, srv.URL, "Book a flight to Lisbon", "", "")
				must(t, o.state == "input-required", "state %q", o.state)
				must(t, o.statusText == questionText, "question %q", o.statusText)
				o2 := d.send(t, srv.URL, "From Porto, next Friday", o.taskID, o.contextID)
				must(t, o2.taskID == o.taskID && o2.contextID == o.contextID, "continued as a different task: %+v", o2)
				must(t, o2.state == "completed", "state after answer %q", o2.state)
				must(t, len(o2.artifacts) == 1 && strings.Contains(o2.artifacts[0].text, "From Porto, next Friday"), "booking %+v", o2.artifacts)
			})

			t.Run("auth", func(t *testing.T) {
				o := d.send(t, srv.URL, "Sign in first", "", "")
				want := "auth-required"
				if v01 {
					want = "input-required" // v0.1 has no auth-required
				}
				must(t, o.state == want, "state %q, want %q", o.state, want)
				if !gateway {
					must(t, len(o.statusData) == 1 && strings.HasSuffix(str(o.statusData[0], "authorizationUrl"), "/demo-auth"), "auth data %v", o.statusData)
					must(t, strings.HasPrefix(str(o.statusData[0], "authorizationUrl"), srv.URL), "auth link not absolute: %v", o.statusData)
				}
				o2 := d.send(t, srv.URL, "done, I signed in", o.taskID, o.contextID)
				must(t, o2.state == "completed" && o2.statusText == signedInText, "after sign-in %+v", o2)
			})

			t.Run("fail", func(t *testing.T) {
				o := d.send(t, srv.URL, "Fail on purpose", "", "")
				must(t, o.state == "failed" && o.statusText == failText, "outcome %+v", o)
			})

			t.Run("reject", func(t *testing.T) {
				o := d.send(t, srv.URL, "reject this", "", "")
				want := "rejected"
				if v01 || gateway {
					want = "failed"
				}
				must(t, o.state == want && o.statusText == rejectText, "outcome %+v", o)
			})

			t.Run("message", func(t *testing.T) {
				o := d.send(t, srv.URL, "ping", "", "")
				must(t, o.statusText == "pong: ping", "reply %q", o.statusText)
				if v01 || gateway {
					must(t, !o.message && o.state == "completed", "want a completed task, got %+v", o)
				} else {
					must(t, o.message && o.taskID == "" && o.contextID != "", "want a message with a contextId, got %+v", o)
				}
			})
		})
	}
}
