package cli

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/fakeagent"
	"github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/internal/syncbuf"
)

// namedChunk is textChunk of an artifact the agent names.
func namedChunk(id, name, text string, appendTo bool) a2aclient.Event {
	ev := textChunk(id, text, appendTo)
	ev.Artifact.Artifact.Name = name
	return ev
}

// A hostile agent names two interleaved artifacts once each, with a
// long name full of escape sequences, bidi and invisible characters,
// then replaces each in turn with a byte of text: every turn line names
// the artifact again. The names reach the output cleaned and cut, so
// what is printed stays within what was sent (it was 26 MB for 128 KB
// of names and 400 one-byte replacements), and no turn's text is lost
// or printed twice.
func TestTextPrinterTurnLinesAreCleanAndShort(t *testing.T) {
	done := a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted}}}
	evil := "\x1b]0;pwn\x07\u202eexe.txt\u200b\x1b[2J\u2066"
	out, _, feed := fedTextPrinter()
	feed(namedChunk(evil+"a", evil+strings.Repeat("N", 1<<16), "A1", false))
	feed(namedChunk(evil+"b", strings.Repeat("M", 1<<16), "B1", false))
	feed(textChunk(evil+"a", "A2", true))
	const rounds = 200
	for range rounds {
		feed(textChunk(evil+"a", "x", false))
		feed(textChunk(evil+"b", "y", false))
	}
	feed(done)
	got := out.String()
	if strings.ContainsAny(got, "\x1b\x07\u202e\u200b\u2066") {
		t.Errorf("an agent's control or invisible character reached the output: %.300q", got)
	}
	if limit := 2 * rounds * 300; len(got) > limit {
		t.Errorf("printed %d bytes for %d one-byte turns; want at most %d", len(got), 2*rounds, limit)
	}
	if n := strings.Count(got, "\nx\n") + strings.Count(got, "\ny\n"); n != 2*rounds {
		t.Errorf("printed %d one-byte turns, want %d", n, 2*rounds)
	}
	for _, l := range strings.Split(got, "\n") {
		if len(l) > 300 {
			t.Errorf("a line of %d bytes: %.100q…", len(l), l)
			break
		}
	}
}

// An artifact named once, at length, then sent as many small data parts
// appended: each part's line names the artifact, cleaned and cut, so the
// output stays within what was sent.
func TestTextPrinterPartLinesNameTheArtifactShort(t *testing.T) {
	done := a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted}}}
	out, _, feed := fedTextPrinter()
	data := func(appendTo bool, name string) a2aclient.Event {
		return a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t1", ContextID: "c1", Append: appendTo,
			Artifact: a2aclient.Artifact{ID: "d", Name: name, Parts: []a2aclient.Part{{Kind: a2aclient.PartData, Data: map[string]any{"k": 1}}}}}}
	}
	feed(data(false, "\x1b[2J\u202e"+strings.Repeat("N", 1<<16)))
	const parts = 200
	for range parts {
		feed(data(true, ""))
	}
	feed(done)
	got := out.String()
	if strings.ContainsAny(got, "\x1b\u202e") {
		t.Errorf("an agent's control or bidi character reached the output: %.300q", got)
	}
	if limit := parts * 300; len(got) > limit {
		t.Errorf("printed %d bytes for %d small data parts; want at most %d", len(got), parts, limit)
	}
}

// Two long artifacts interleaved, sent with text output and recorded:
// the one waiting for its turn is replaced (its front already in the
// store, its waiting text held by the printer), then streams its new
// version. What is printed is the first chunk of the old version, the
// other artifact whole, then the new version once under a line saying
// it was replaced: nothing of the old version's waiting text, nothing
// twice.
func TestSendTextOfAWaitingArtifactReplaced(t *testing.T) {
	const rounds = 1500 // past what the recorder lets wait uncommitted
	unit := runeAnswer(300)
	var events []any
	var other, renewed strings.Builder
	first := "a0 0 " + unit
	events = append(events, fakeagent.Task("t1", "working"), fakeagent.Chunk("t1", "a0", first, false, false))
	for i := range rounds {
		s := "a1 " + itoa(i) + " " + unit
		other.WriteString(s)
		events = append(events, fakeagent.Chunk("t1", "a1", s, i > 0, false))
		if i > 0 {
			events = append(events, fakeagent.Chunk("t1", "a0", "old "+unit, true, false))
		}
	}
	for i := range rounds {
		s := "new " + itoa(i) + " " + unit
		renewed.WriteString(s)
		events = append(events, fakeagent.Chunk("t1", "a0", s, i > 0, i == rounds-1))
	}
	events = append(events, fakeagent.Chunk("t1", "a1", "end", true, true), fakeagent.Status("t1", "completed", ""))
	a := fakeagent.New(t, true)
	a.On("message/stream", func(w http.ResponseWriter, c fakeagent.Call) { fakeagent.Events(w, c, false, events...) })
	e := newEnv(t)
	e.writeConfig("[[agents]]\nname = \"replacer\"\nurl = \"" + a.Srv.URL + "\"\n")
	out := &syncbuf.Buffer{}
	if code := Run(context.Background(), []string{"send", "replacer", "go"}, e.env(out, &syncbuf.Buffer{})); code != exitOK {
		t.Fatalf("send exited with %d", code)
	}
	want := "[working]\n" + first + other.String() + "end\n[artifact answer (a0), replaced]\n" + renewed.String() + "[completed]\n" // the unit ends its line
	got := out.String()
	got = got[:strings.LastIndex(got, "[completed]\n")+len("[completed]\n")] // the hints after it
	if got != want {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Errorf("printed %d bytes, want %d; they differ at %d: %.80q, want %.80q", len(got), len(want), i, got[i:], want[i:])
	}
}

// 10,000 artifacts streamed at once, a chunk of each in turn, then an
// append to an artifact that never started and a reply in a status
// message: each artifact's text is printed once, the last one's as it
// streams and each other's under one line naming it, so the output is
// what was sent plus a line an artifact.
func TestTextPrinterTurnsOfTenThousandArtifacts(t *testing.T) {
	const n, rounds = 10_000, 3
	out, _, feed := fedTextPrinter()
	sent := 0
	chunk := func(i, r int) string { return "<" + itoa(i) + "." + itoa(r) + ">" }
	for r := range rounds {
		for i := range n {
			s := chunk(i, r)
			sent += len(s)
			feed(textChunk("a"+itoa(i), s, r > 0))
		}
	}
	feed(textChunk("ghost", "G", true))
	feed(a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateWorking,
		Message: &a2aclient.Message{Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{a2aclient.TextPart("R")}}}}})
	feed(a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted}}})
	got := out.String()
	if limit := sent + n*40 + 100; len(got) > limit {
		t.Fatalf("printed %d bytes for %d sent; want at most %d", len(got), sent, limit)
	}
	var first strings.Builder
	for i := range n {
		first.WriteString(chunk(i, 0))
	}
	for r := 1; r < rounds; r++ {
		first.WriteString(chunk(n-1, r))
	}
	// The status message's reply is printed as it comes; what waits
	// for its turn, when the exchange ends.
	first.WriteString("\n[working] R\n")
	for i := range n - 1 {
		first.WriteString("[artifact a" + itoa(i) + ", continued]\n")
		for r := 1; r < rounds; r++ {
			first.WriteString(chunk(i, r))
		}
		first.WriteString("\n")
	}
	first.WriteString("[artifact ghost]\nG\n[completed]\n")
	want := first.String()
	if got != want {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Errorf("printed %d bytes, want %d; they differ at %d: %.80q, want %.80q", len(got), len(want), i, got[i:], want[i:])
	}
}

// parley send against the hostile agent that names two interleaved
// artifacts once at length and then replaces them a byte at a time:
// what is printed stays within what was sent, and clean.
func TestSendTextOfHostileTurnNames(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.TurnNames, Methods: []string{"message/stream"}})
	defer srv.Close()
	e := newEnv(t)
	out := &syncbuf.Buffer{}
	if code := Run(context.Background(), []string{"send", srv.URL, "go"}, e.env(out, &syncbuf.Buffer{})); code != exitOK {
		t.Fatalf("send exited with %d", code)
	}
	got := out.String()
	if limit := 2*hostile.TurnNameSize + 2*hostile.TurnRounds*300; len(got) > limit {
		t.Errorf("printed %d bytes; want at most %d, about the names once", len(got), limit)
	}
	if strings.ContainsAny(got, "\x1b\x07\u202e\u200b") {
		t.Errorf("an agent's control or invisible character reached the output")
	}
	if n := strings.Count(got, "\nx\n") + strings.Count(got, "\ny\n"); n != 2*hostile.TurnRounds {
		t.Errorf("printed %d one-byte turns, want %d", n, 2*hostile.TurnRounds)
	}
}

// Once the printer takes turns, a snapshot (a poll, a resubscription)
// that changed an artifact's text, to as long a text or a longer one
// that does not begin with what was kept, prints the new version under
// a line saying it was replaced: the printer printed nothing of a
// same-length change, and of a longer one its bytes past the old
// length after the old text ("A2X" for "XXXXX").
func TestTextPrinterTurnsShowASnapshotsChange(t *testing.T) {
	done := a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted}}}
	snap := func(a, b string) a2aclient.Event {
		return a2aclient.Event{Task: &a2aclient.Task{ID: "t1", ContextID: "c1", Status: a2aclient.TaskStatus{State: a2aclient.StateWorking},
			Artifacts: []a2aclient.Artifact{
				{ID: "a", Parts: []a2aclient.Part{a2aclient.TextPart(a)}},
				{ID: "b", Parts: []a2aclient.Part{a2aclient.TextPart(b)}},
			}}}
	}
	for _, c := range []struct {
		a, b, want string
	}{
		{"XXXX", "B1", "A1B1\n[working]\n[artifact a, replaced]\nXXXX\n[completed]\n"},
		{"XXXXX", "B1", "A1B1\n[working]\n[artifact a, replaced]\nXXXXX\n[completed]\n"},
		{"A1A2", "ZZ", "A1B1\n[artifact a, continued]\nA2\n[working]\n[artifact b, replaced]\nZZ\n[completed]\n"},
		{"A1A2", "ZZZ", "A1B1\n[artifact a, continued]\nA2\n[working]\n[artifact b, replaced]\nZZZ\n[completed]\n"},
		{"A1A2A3", "B1B2", "A1B1B2\n[working]\n[artifact a, continued]\nA2A3\n[completed]\n"},
	} {
		out, _, feed := fedTextPrinter()
		for _, ev := range []a2aclient.Event{textChunk("a", "A1", false), textChunk("b", "B1", false), textChunk("a", "A2", true), snap(c.a, c.b), done} {
			feed(ev)
		}
		if got := out.String(); got != c.want {
			t.Errorf("a snapshot of %q and %q: printed\n%q\nwant\n%q", c.a, c.b, got, c.want)
		}
	}
}
