package cli

import (
	"bytes"
	"cmp"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
	"github.com/parley-a2a/parley/internal/frameworkstest"
	"github.com/parley-a2a/parley/session"
)

// shownOn is a text printer on a terminal of a given size, fed events
// as send feeds them, and the screen its bytes draw.
type shownOn struct {
	t      *testing.T
	out    bytes.Buffer
	p      *textPrinter
	tr     *a2aclient.Tracker
	screen *termScreen
	drawn  int // bytes of out the screen has taken
	stderr atomic.Int64
}

// onTerminal prints on a terminal of width and height; height 0 is a
// terminal whose height is not known.
func onTerminal(t *testing.T, width, height int) *shownOn {
	s := &shownOn{t: t, tr: &a2aclient.Tracker{Reading: frameworks.Reading{}}, screen: newTermScreen(t, width, cmp.Or(height, 200))}
	s.p = newTextPrinter(&s.out)
	s.p.onTerminal(terminal{size: func() (int, int, bool) { return width, height, true }, others: &s.stderr})
	return s
}

// feed hands the printer ev and returns the screen after it.
func (s *shownOn) feed(ev a2aclient.Event) string {
	s.tr.Apply(ev)
	s.p.update(session.Update{Event: &ev, Tracker: s.tr})
	return s.draw()
}

// finish ends the exchange as send does and returns the screen.
func (s *shownOn) finish() string {
	s.p.finish(session.Summarize(s.tr, a2aclient.DialectV10), "http://127.0.0.1:9/")
	s.p.endLine()
	return s.draw()
}

func (s *shownOn) draw() string {
	s.t.Helper()
	s.screen.write(s.out.String()[s.drawn:])
	s.drawn = s.out.Len()
	return s.screen.String()
}

// printedOff is what the printer writes for evs when stdout is not a
// terminal.
func printedOff(evs []a2aclient.Event) string {
	var out bytes.Buffer
	p := newTextPrinter(&out)
	tr := &a2aclient.Tracker{Reading: frameworks.Reading{}}
	for _, ev := range evs {
		tr.Apply(ev)
		p.update(session.Update{Event: &ev, Tracker: tr})
	}
	p.finish(session.Summarize(tr, a2aclient.DialectV10), "http://127.0.0.1:9/")
	p.endLine()
	return out.String()
}

func replacement(text string, last bool) a2aclient.Event {
	ev := textChunk("a", text, false)
	ev.Artifact.LastChunk = last
	return ev
}

func working() a2aclient.Event {
	return a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", ContextID: "c1", Status: a2aclient.TaskStatus{State: a2aclient.StateWorking}}}
}

func completed() a2aclient.Event {
	return a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", ContextID: "c1", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted}}}
}

// On a terminal an artifact the agent keeps replacing is redrawn where
// it stands: after each event the screen shows its current content
// once, never a line per replacement; an appended chunk goes on after
// it; when it settles nothing is printed again, and the line ends.
func TestTerminalRedrawsAReplacedArtifactInPlace(t *testing.T) {
	s := onTerminal(t, 12, 24)
	steps := []struct {
		ev     a2aclient.Event
		screen string
	}{
		{working(), "[working]"},
		{textChunk("a", "Step 1 of 3 (reading)", false), "[working]\nStep 1 of 3\n(reading)"},
		{replacement("Step 2 of 3", false), "[working]\nStep 2 of 3"},
		{replacement("Step 3 of 3", false), "[working]\nStep 3 of 3"},
		{textChunk("a", ": done", true), "[working]\nStep 3 of 3:\n done"},
		{replacement("All 3 steps done.", true), "[working]\nAll 3 steps\ndone."},
		{completed(), "[working]\nAll 3 steps\ndone.\n[completed]"},
	}
	for i, st := range steps {
		if got := s.feed(st.ev); got != st.screen {
			t.Fatalf("after event %d the screen shows\n%s\nwant\n%s\nbytes %q", i, got, st.screen, s.out.String())
		}
	}
	if got := s.finish(); got != "[working]\nAll 3 steps\ndone.\n[completed]" {
		t.Fatalf("finished, the screen shows\n%s", got)
	}
	if !strings.Contains(s.out.String(), "\x1b[1A") || !strings.Contains(s.out.String(), "\x1b[J") {
		t.Errorf("no cursor up and erase in %q", s.out.String())
	}
}

// Google ADK's stream (tokens into its preview, the whole text in
// another artifact, the preview emptied) shows the answer once, as it
// streams; when the whole text differs from what the tokens made, it
// takes their place on the screen, not a line below.
func TestTerminalShowsADKStreamedAnswerOnce(t *testing.T) {
	s := onTerminal(t, 80, 24)
	so := ""
	for _, ev := range frameworkstest.ADKEcho() {
		got := s.feed(ev)
		if a := ev.Artifact; a != nil && a.Artifact.ID == frameworkstest.Preview && len(a.Artifact.Parts[0].Text) > 0 {
			so += a.Artifact.Parts[0].Text
			if got != "[working]\n"+strings.TrimRight(so, " ") {
				t.Fatalf("streaming, the screen shows\n%s\nwant the tokens so far\n%s", got, so)
			}
		}
	}
	if got, want := s.finish(), "[working]\n"+frameworkstest.EchoText+"\n[completed]"; got != want {
		t.Fatalf("the screen shows\n%s\nwant\n%s", got, want)
	}

	corrected := "ADK echo (turn 1): The quick brown fox."
	s = onTerminal(t, 80, 24)
	for _, ev := range adkFinalDiffers(corrected) {
		s.feed(ev)
	}
	if got, want := s.finish(), "[working]\n"+corrected+"\n[completed]"; got != want {
		t.Fatalf("the screen shows\n%s\nwant\n%s\nbytes %q", got, want, s.out.String())
	}
	if !strings.Contains(s.out.String(), "\r\x1b[J") {
		t.Errorf("the whole text did not take the tokens' place: %q", s.out.String())
	}
}

// adkFinalDiffers is ADKEcho whose whole text differs from its tokens.
func adkFinalDiffers(text string) []a2aclient.Event {
	evs := frameworkstest.ADKEcho()
	for i, ev := range evs {
		if a := ev.Artifact; a != nil && a.Artifact.ID == frameworkstest.Final {
			u := *a
			u.Artifact.Parts = []a2aclient.Part{a2aclient.TextPart(text)}
			evs[i].Artifact = &u
		}
	}
	return evs
}

// The rows an answer took are counted as the terminal wrapped it: wide
// characters are two cells, one that does not fit in the last cell
// goes to the next row, a row filled to its last cell wraps only when
// more follows, a tab goes to the next stop. Counted one row too many
// or too few, the redraw would erase "[working]" or leave a row of the
// old text.
func TestTerminalRedrawCountsRowsAsTheTerminalWraps(t *testing.T) {
	for _, c := range []struct {
		name  string
		width int
		text  string
	}{
		{"wide characters filling two rows exactly", 10, "漢字漢字漢字漢字漢字"},
		{"wide characters that leave the last cell blank", 9, "漢字漢字漢字漢字漢"},
		{"wide characters filling a row, then a newline", 10, "漢字漢字漢\n字"},
		{"a tab", 10, "ab\tcdefghij"},
		{"a row filled, then the newline that ends it", 10, "abcdefghij\n"},
	} {
		s := onTerminal(t, c.width, 24)
		s.feed(working())
		s.feed(textChunk("a", c.text, false))
		s.feed(replacement("draft 2", false))
		if got := s.feed(replacement("終わり", true)); got != "[working]\n終わり" {
			t.Errorf("%s: the screen shows\n%s\nbytes %q", c.name, got, s.out.String())
		}
	}
}

// An answer taller than the screen is not redrawn (its first rows are
// in the scrollback, where the cursor cannot go): the replacement is
// held and printed once, when it settles, as when stdout is not a
// terminal; so is one that would not fit once drawn.
func TestTerminalFallsBackWhenTheAnswerIsTallerThanTheScreen(t *testing.T) {
	for _, c := range []struct {
		name string
		evs  []a2aclient.Event
	}{
		{"shown taller", []a2aclient.Event{working(), textChunk("a", "one two three four five six seven eight nine", false),
			replacement("Short", false), replacement("Short and done.", true), completed()}},
		{"replaced by taller", []a2aclient.Event{working(), textChunk("a", "Short", false),
			replacement("one two three four five six seven eight nine", false), replacement("one two three four five six seven eight nine.", true), completed()}},
	} {
		s := onTerminal(t, 10, 4)
		for _, ev := range c.evs {
			s.feed(ev)
		}
		s.finish()
		if want := printedOff(c.evs); s.out.String() != want {
			t.Errorf("%s: on a short terminal printed\n%q\nwant as in a pipe\n%q", c.name, s.out.String(), want)
		}
	}
}

// An answer as tall as the screen is redrawn: its first row is the
// screen's first, which the cursor can reach.
func TestTerminalRedrawsAnAnswerAsTallAsTheScreen(t *testing.T) {
	s := onTerminal(t, 10, 4)
	s.feed(working())
	s.feed(textChunk("a", "one two three four five six seven", false))
	s.feed(replacement("Short", false))
	if got := s.feed(replacement("Short, done.", true)); got != "[working]\nShort, don\ne." {
		t.Fatalf("the screen shows\n%s\nbytes %q", got, s.out.String())
	}
	if !strings.Contains(s.out.String(), "\x1b[3A") {
		t.Errorf("not redrawn from the screen's first row: %q", s.out.String())
	}
}

// Once anything else is printed after the answer (a status line, a
// tool call, a line on stderr), the answer is left where it is: a
// replacement is held and printed once, when it settles.
func TestTerminalFallsBackWhenSomethingFollowsTheAnswer(t *testing.T) {
	note := a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: "t1", ContextID: "c1", Status: a2aclient.TaskStatus{State: a2aclient.StateWorking,
		Message: &a2aclient.Message{ID: "m1", Role: a2aclient.RoleAgent, Parts: []a2aclient.Part{a2aclient.TextPart("checking")}}}}}
	tool := a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t1", ContextID: "c1",
		Artifact: a2aclient.Artifact{ID: "b", Parts: []a2aclient.Part{frameworkstest.Call("adk-1", "lookup", map[string]any{"q": "x"}, false)}}}}
	for _, c := range []struct {
		name   string
		evs    []a2aclient.Event
		stderr bool
	}{
		{"a status line", []a2aclient.Event{textChunk("a", "Draft", false), note, replacement("Final answer", false), completed()}, false},
		{"a tool call", []a2aclient.Event{textChunk("a", "Draft", false), tool, replacement("Final answer", false), completed()}, false},
		{"a line on stderr", []a2aclient.Event{textChunk("a", "Draft", false), replacement("Final answer", false), completed()}, true},
	} {
		s := onTerminal(t, 80, 24)
		s.feed(c.evs[0])
		if c.stderr {
			s.stderr.Add(1)
		}
		for _, ev := range c.evs[1:] {
			s.feed(ev)
		}
		s.finish()
		if want := printedOff(c.evs); s.out.String() != want {
			t.Errorf("%s: printed\n%q\nwant as in a pipe\n%q", c.name, s.out.String(), want)
		}
	}
}

// Not on a terminal (a pipe, a file, TERM=dumb), send's text output is
// what it always was: a replacement held and printed once, whole, when
// it settles. On a terminal the same sequence is redrawn in place.
func TestTextOutputInAPipeIsUnchanged(t *testing.T) {
	for _, c := range []struct {
		name string
		evs  []a2aclient.Event
		want string
	}{
		{"replacements", []a2aclient.Event{working(), textChunk("a", "Step 1 of 3", false), replacement("Step 2 of 3", false),
			textChunk("a", ": done", true), replacement("All 3 steps done.", true), completed()},
			"[working]\nStep 1 of 3\nAll 3 steps done.\n[completed]\n"},
		{"ADK whose whole text differs from its tokens", adkFinalDiffers("ADK echo (turn 1): The quick brown fox."),
			"[working]\n" + frameworkstest.EchoText + "\nADK echo (turn 1): The quick brown fox.\n[completed]\n"},
	} {
		for _, env := range []struct {
			name     string
			size     func() (int, int, bool)
			term     string
			inPlace  bool
			redrawOK bool
		}{
			{"a pipe", nil, "xterm-256color", false, false},
			{"TERM=dumb", func() (int, int, bool) { return 80, 24, true }, "dumb", false, false},
			{"a terminal", func() (int, int, bool) { return 80, 24, true }, "xterm-256color", true, true},
		} {
			var out bytes.Buffer
			r := &runner{env: Env{Stdout: &out, Stderr: new(bytes.Buffer), StdoutSize: env.size,
				Getenv: func(k string) string {
					if k == "TERM" {
						return env.term
					}
					return ""
				}}}
			o := r.follower(false, nil)
			tr := &a2aclient.Tracker{Reading: frameworks.Reading{}}
			for _, ev := range c.evs {
				tr.Apply(ev)
				o.update(session.Update{Event: &ev, Tracker: tr})
			}
			o.text.finish(session.Summarize(tr, a2aclient.DialectV10), "http://127.0.0.1:9/")
			o.text.endLine()
			if redrawn := strings.Contains(out.String(), "\x1b[J"); redrawn != env.inPlace {
				t.Errorf("%s in %s: redrawn in place %v, want %v: %q", c.name, env.name, redrawn, env.inPlace, out.String())
			}
			if !env.inPlace && out.String() != c.want {
				t.Errorf("%s in %s: printed\n%q\nwant\n%q", c.name, env.name, out.String(), c.want)
			}
		}
	}
}

// A line parley writes on stderr while it follows lands on the same
// screen, after the answer: the answer is then not redrawn.
func TestTerminalAnswerIsNotRedrawnAfterALineOnStderr(t *testing.T) {
	var out, errOut bytes.Buffer
	r := &runner{env: Env{Stdout: &out, Stderr: &errOut, StdoutSize: func() (int, int, bool) { return 80, 24, true }}}
	o := r.follower(false, nil)
	tr := &a2aclient.Tracker{Reading: frameworks.Reading{}}
	feed := func(ev a2aclient.Event) {
		tr.Apply(ev)
		o.update(session.Update{Event: &ev, Tracker: tr})
	}
	feed(textChunk("a", "Draft", false))
	fmt.Fprintln(r.env.Stderr, "parley: the stream broke; resuming")
	feed(replacement("Final answer", true))
	if strings.Contains(out.String(), "\x1b") {
		t.Errorf("redrawn after a line on stderr: %q", out.String())
	}
	if errOut.String() != "parley: the stream broke; resuming\n" {
		t.Errorf("stderr has %q", errOut.String())
	}
}

// A replacement is agent text: redrawn, it is cleaned as any other, and
// the only sequences on the screen are the printer's own (the screen
// fails the test on any other).
func TestTerminalRedrawIsCleaned(t *testing.T) {
	s := onTerminal(t, 40, 10)
	s.feed(textChunk("a", "Draft", false))
	got := s.feed(replacement("\x1b[2J\x1b]52;c;cGF3bmVk\x07Clean\x1b[31m answer\r\n", false))
	if got != "Clean answer" {
		t.Fatalf("the screen shows %q", got)
	}
}

// Where nothing shown is replaced (text that only grows, tool calls,
// questions), the bytes on a terminal are those of a pipe.
func TestTerminalPrintsWhatOnlyGrowsAsAPipeDoes(t *testing.T) {
	for name, evs := range map[string][]a2aclient.Event{
		"ADK streamed answer": frameworkstest.ADKEcho(),
		"ADK tool turn":       frameworkstest.ADKTool(),
		"ADK approval":        frameworkstest.ADKApproval(),
		"Mastra approval":     frameworkstest.MastraApproval(),
		"data question":       frameworkstest.DataQuestion(),
	} {
		s := onTerminal(t, 80, 24)
		for _, ev := range evs {
			s.feed(ev)
		}
		s.finish()
		if want := printedOff(evs); s.out.String() != want {
			t.Errorf("%s: on a terminal printed\n%q\nwant as in a pipe\n%q", name, s.out.String(), want)
		}
	}
}
