package cli

import (
	"encoding/json"
	"fmt"
	"hash/maphash"
	"io"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
	"github.com/parley-a2a/parley/internal/jsonout"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/a2ui"
	"github.com/parley-a2a/parley/termsafe"
)

// textPrinter shows an exchange to a person: streamed text as it
// arrives, a line for each change of state, then the outcome.
type textPrinter struct {
	// w is where everything but the answer text goes; out, where the
	// answer text goes. They are the same writer but on a terminal,
	// where what goes to w ends the block a replacement is redrawn in
	// (printer_inplace.go); screen is that block, nil elsewhere.
	w, out io.Writer
	screen *block
	// shown is a hash of the answer text printed so far and shownLen its
	// length, to print only what is new when a snapshot (poll, resubscribe)
	// repeats what streamed already. A hash, not a copy: the copy was as
	// large as the answer (twice, grown by doubling), the largest thing
	// a send without --json held beyond what --json holds. The seed is
	// the process's own, so an agent cannot make two texts collide.
	shown    maphash.Hash
	shownLen int
	// tail is the artifact that text is being appended to: a chunk for it
	// is printed as is, without recomputing the whole answer.
	tail string
	// turns, once an artifact's chunk lands before the last, prints the
	// answer an artifact at a time (printer_turns.go); nil until then.
	turns     *turns
	midLine   bool
	lastState a2aclient.State
	lastNote  string
	// noteID is the id of the message on the open status line, which
	// grows while the same message does (noteOpen).
	noteID   string
	noteOpen bool
	// awaiting is the tool call the agent last asked to confirm, if it
	// still waits.
	awaiting string
	// statusMsg is the last status message, for what an interrupted
	// task asks (an auth-required task's link).
	statusMsg *a2aclient.Message
	a2ui      a2uiText // the agent's A2UI surfaces, drawn at the end (a2ui_text.go)
	// toolLines: the tool lines printed as their artifacts arrived, by
	// their place among the artifact's tools, so neither a snapshot nor
	// the outcome prints them again (printer_parts.go); toolScan: how
	// far each artifact's parts were looked through for tools.
	toolLines partsLines
	toolScan  map[string]toolScan
	// held says the answer was replaced and is shown once it settles
	// (text); tracker is the exchange's, to show it then.
	held    bool
	tracker *a2aclient.Tracker
	// cutHinted: a cut data part's line said how to see all of it.
	cutHinted bool
	// saveHint, when set, is how to save a file the agent sent (the
	// command's flag), said on the first file line that has bytes;
	// saveHinted once it was.
	saveHint   string
	saveHinted bool
	// partLines: the data and file lines printed as their artifacts
	// arrived (printer_described.go).
	partLines partsLines
	// storeID is parley's number for the conversation the exchange was
	// saved in, 0 if none: the shortest way to answer a waiting task.
	storeID int64
}

func newTextPrinter(w io.Writer) *textPrinter {
	return &textPrinter{w: w, out: w, toolScan: map[string]toolScan{}}
}

func (p *textPrinter) update(u session.Update) {
	ev := u.Event
	if ev == nil {
		return
	}
	p.a2ui.collect(ev)
	p.tracker = u.Tracker
	if ev.Artifact == nil {
		p.flushHeld(u.Tracker)
	}
	switch {
	case ev.Task != nil:
		p.tools(u)
		p.text(u)
		p.describeArrived(u)
		p.endTurnsAt(ev.Task.Status.State)
		p.status(ev.Task.Status)
	case ev.Status != nil:
		p.endTurnsAt(ev.Status.Status.State)
		p.statusUpdate(u)
	case ev.Artifact != nil:
		p.tools(u)
		p.text(u)
		p.describeArrived(u)
	case ev.Message != nil:
		if ev.Message.TaskID == "" && !u.Tracker.Seen() {
			p.text(u) // a direct reply: its text is the answer
		} else {
			p.note(string(ev.Message.Role), ev.Message.Text())
		}
	}
}

// text prints the part of the answer not shown yet.
func (p *textPrinter) text(u session.Update) {
	if p.turns != nil || p.interleaved(u) {
		p.turnText(u)
		return
	}
	if p.addsAtEnd(u) {
		p.closeNote()
		for _, part := range u.Event.Artifact.Artifact.Parts {
			p.writeAnswer(part.Text)
			p.shown.WriteString(part.Text)
			p.shownLen += len(part.Text)
		}
		p.followTail(u)
		return
	}
	full := u.Tracker.Text()
	if p.afterCut(u, full) {
		return
	}
	switch {
	case p.startsWithShown(full):
		rest := full[p.shownLen:]
		if rest != "" {
			p.closeNote()
		}
		p.writeAnswer(rest)
		p.shown.WriteString(rest)
		p.held = false
	case p.redraw(full):
		// On a terminal, drawn in place of what it replaces.
	case replacing(u):
		// The agent replaced text already shown, and the artifact has
		// not settled: the new version is shown once it has, whole,
		// not a line per replacement.
		p.held = true
		p.followTail(u)
		return
	default:
		p.showWhole(full)
	}
	p.shownLen = len(full)
	p.followTail(u)
}

// afterCut prints what is new in the answer when the tracker let go of
// the front of a long artifact's text (a2aclient.Tracker.LetGoOfText),
// once printed and stored: full lacks those bytes, all of them before
// what was shown, so what follows what was shown starts that much
// earlier in it. It reports whether it printed.
func (p *textPrinter) afterCut(u session.Update, full string) bool {
	cut := u.Tracker.TextCutTotal()
	at := p.shownLen - cut
	if cut == 0 || at < 0 || at > len(full) {
		return false
	}
	if rest := full[at:]; rest != "" {
		p.closeNote()
		p.write(rest)
		p.shown.WriteString(rest)
		p.shownLen += len(rest)
	}
	p.held = false
	p.followTail(u)
	return true
}

// replacing reports whether u replaces an artifact's content and more
// of it is to come (not its last chunk).
func replacing(u session.Update) bool {
	a := u.Event.Artifact
	return a != nil && !a.LastChunk && a2aclient.ReadArtifact(u.Tracker.Reading, a) == a2aclient.ArtifactContent
}

// showWhole prints the answer as it now reads, on a line of its own:
// the agent replaced text already shown.
func (p *textPrinter) showWhole(full string) {
	p.endLine()
	p.shown.Reset()
	p.shownLen = 0
	p.writeAnswer(full)
	p.shown.WriteString(full)
	p.shownLen = len(full)
	p.held = false
}

// flushHeld prints a replacement held back (text), before anything
// else is printed: a status line, the outcome.
func (p *textPrinter) flushHeld(tr *a2aclient.Tracker) {
	if p.held && tr != nil {
		p.showWhole(tr.Text())
	}
}

// startsWithShown reports whether full begins with the text printed so
// far, by its hash: the cost of comparing the two, without keeping a copy.
func (p *textPrinter) startsWithShown(full string) bool {
	return len(full) >= p.shownLen && p.hashOf(full[:p.shownLen]) == p.shown.Sum64()
}

// hashOf is the hash of s with the seed of shown.
func (p *textPrinter) hashOf(s string) uint64 {
	var h maphash.Hash
	h.SetSeed(p.shown.Seed())
	h.WriteString(s)
	return h.Sum64()
}

// addsAtEnd reports whether an event only adds plain text at the end of
// the answer, to be printed as it is: more of the last artifact, or a new
// artifact (the tracker puts it last) when no status reply follows the
// artifacts. Anything else compares the whole answer with what was shown,
// which costs its length: done at every event of a stream of many
// artifacts, that cost grew with the square of their number.
func (p *textPrinter) addsAtEnd(u session.Update) bool {
	a := u.Event.Artifact
	if a == nil || p.held {
		return false // a held replacement is shown whole first
	}
	switch a2aclient.ReadArtifact(u.Tracker.Reading, a) {
	case a2aclient.ArtifactPreview:
		// A preview's pieces join whatever the append flag says.
		return a.Artifact.ID == p.tail && textOnly(a.Artifact.Parts)
	case a2aclient.ArtifactPreviewEnd:
		return false
	}
	if !plainText(a.Artifact.Parts) || u.Tracker.Previewed() {
		// Content after a preview takes its place: what it adds is
		// told by comparing the whole.
		return false
	}
	if a.Append && a.Artifact.ID == p.tail {
		return true
	}
	return u.Tracker.Added() && u.Tracker.StatusReply() == ""
}

// followTail keeps track of which artifact is last in the answer: a new
// artifact (the tracker says which) goes to the end; a snapshot or a
// replaced artifact in the middle leaves no safe tail.
func (p *textPrinter) followTail(u session.Update) {
	a := u.Event.Artifact
	switch {
	case a == nil:
		p.tail = ""
	case u.Tracker.Added():
		p.tail = a.Artifact.ID
	case a.Artifact.ID != p.tail:
		p.tail = ""
	}
}

// textOnly reports whether every part is text, marked or not.
func textOnly(parts []a2aclient.Part) bool {
	for _, p := range parts {
		if p.Kind != a2aclient.PartText {
			return false
		}
	}
	return true
}

func plainText(parts []a2aclient.Part) bool {
	for _, p := range parts {
		if p.Kind != a2aclient.PartText || len(p.Metadata) > 0 {
			return false
		}
	}
	return true
}

// status prints a line when the state or its message changes.
func (p *textPrinter) status(st a2aclient.TaskStatus) {
	if st.Message != nil {
		m := *st.Message
		p.statusMsg = &m
	}
	note := st.Message.Text()
	if st.State == p.lastState && note == p.lastNote {
		return
	}
	if p.sameMessage(st, note) {
		return
	}
	p.lastState, p.lastNote = st.State, note
	if st.State == a2aclient.StateInputRequired {
		// A question asked in data, or a tool call to approve: shown
		// under the state, whole.
		p.note(string(st.State), note)
		p.questionParts(st.Message)
		return
	}
	if st.Message != nil && st.Message.ID != "" && strings.TrimSpace(note) != "" {
		p.noteID = st.Message.ID
		p.openNote(string(st.State), note)
		return
	}
	p.note(string(st.State), note)
}

func (p *textPrinter) note(label, text string) {
	p.endLine()
	line := "[" + termsafe.Line(label) + "]"
	if text = strings.TrimSpace(termsafe.Clean(text)); text != "" {
		line += " " + strings.ReplaceAll(text, "\n", "\n  ")
	}
	fmt.Fprintln(p.w, line)
}

func (p *textPrinter) write(s string) {
	s = termsafe.Clean(s)
	if s == "" {
		return
	}
	io.WriteString(p.w, s)
	p.midLine = !strings.HasSuffix(s, "\n")
}

func (p *textPrinter) endLine() {
	p.noteOpen = false
	if p.midLine {
		fmt.Fprintln(p.w)
		p.midLine = false
	}
}

// stopped ends the text of an exchange that failed before its outcome
// (a broken stream, a timeout): what waited to be shown (a held
// replacement, an artifact's turn) is printed, then the line ended.
func (p *textPrinter) stopped() {
	p.flushHeld(p.tracker)
	p.flushTurns()
	p.endLine()
}

// finish prints the outcome: the final state if no line showed it yet,
// files and data the text could not show and no line showed yet, and how
// to continue.
func (p *textPrinter) finish(s *session.Summary, agentRef string) {
	p.flushHeld(p.tracker)
	p.flushTurns()
	if s.State == session.StateMessage {
		p.endLine()
		p.a2ui.write(p.w, agentRef, "", 0)
		return
	}
	if a2aclient.State(s.State) != p.lastState || s.StatusText != p.lastNote {
		p.lastState, p.lastNote = a2aclient.State(s.State), s.StatusText
		p.note(s.State, s.StatusText)
	}
	p.endLine()
	for _, a := range s.Artifacts {
		tools := 0
		for _, part := range a.Parts {
			if _, ok := a2aclient.ToolOf(part); ok {
				if tools++; p.toolLines.printed(a.ID, tools-1, toolLine(part)) {
					continue // printed when it arrived
				}
				if line := describePart(a, part); line != "" {
					fmt.Fprintln(p.w, line)
				}
			}
		}
		p.describe(a, 0) // the rest, unless printed as it arrived
	}
	form := p.a2ui.write(p.w, agentRef, interruptedTask(s), p.storeID)
	if a2aclient.State(s.State).Interrupted() {
		if tc, ok := frameworks.ReadToolCall(p.statusMsg); ok && tc.AwaitsApproval() && tc.From != frameworks.GeminiCLI {
			fmt.Fprintf(p.w, "The agent asks you to approve a tool call (%s): parley send %s --task %s --approve (or --refuse)\n",
				termsafe.Line(strings.TrimSuffix(tc.Line(), " · awaiting approval")), shellQuote(agentRef), shellQuote(s.TaskID))
		}
		if p.awaiting != "" {
			// gemini-cli drops the call when the connection that asked
			// closes, which it does when this command exits.
			fmt.Fprintf(p.w, "The agent asks you to confirm a tool call (%s); confirm tool calls in the TUI: parley --agent %s\n",
				termsafe.Line(p.awaiting), shellQuote(agentRef))
		}
		showInterruption(p.w, a2aclient.State(s.State), p.statusMsg, replyCommand(agentRef, s.TaskID, s.ContextID, p.storeID), form)
	}
}

// cutHint ends the first line of a command's text output that cuts a
// data part short, so a reader knows the rest is there and where.
const cutHint = " (--json for all of it)"

// hintCut is line, a data part's, with cutHint when truncate cut it and
// no line before it had the hint.
func (p *textPrinter) hintCut(part a2aclient.Part, line string) string {
	if p.cutHinted || part.Kind != a2aclient.PartData || !strings.HasSuffix(line, "…") {
		return line
	}
	p.cutHinted = true
	return line + cutHint
}

// describePart is a one-line view of a part that is not text.
func describePart(a a2aclient.Artifact, part a2aclient.Part) string {
	name := shortName(a.Name)
	if name == "" {
		name = shortName(a.ID)
	}
	switch part.Kind {
	case a2aclient.PartData:
		if a2ui.IsPart(part) {
			return "" // drawn as a surface (a2ui_text.go)
		}
		b, err := json.Marshal(part.Data)
		if err != nil {
			return ""
		}
		return fmt.Sprintf("[data] %s: %s", name, termsafe.Line(truncate(string(b), 200)))
	case a2aclient.PartFile:
		if part.File == nil {
			return ""
		}
		f := part.File
		desc := termsafe.Line(f.Name)
		if desc == "" {
			desc = name
		}
		var facts []string
		if f.MimeType != "" {
			facts = append(facts, termsafe.Line(f.MimeType))
		}
		if f.URI != "" {
			facts = append(facts, termsafe.Line(f.URI))
		} else {
			facts = append(facts, plural(len(f.Bytes), "byte"))
		}
		return fmt.Sprintf("[file] %s (%s)", desc, strings.Join(facts, ", "))
	}
	if s, ok := jsonout.PartLine(part); ok {
		return fmt.Sprintf("[%s] %s: %s", termsafe.Line(string(part.Kind)), name, termsafe.Line(truncate(s, 200)))
	}
	return ""
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !isRuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func isRuneStart(b byte) bool { return b&0xc0 != 0x80 }

// shellQuote quotes a value for a copy-pasteable command line.
func shellQuote(s string) string { return termsafe.ShellWord(s) }
