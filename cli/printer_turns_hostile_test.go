package cli

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
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
