package chat

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

func newTestChat(w, h int) *Pane {
	c := New(styles.New(themes.Dark), keys.Default().Chat)
	c.SetSize(w, h)
	c.Tick(uitest.T0)
	return c
}

// testItems builds a transcript; each item's Seq is its position.
type testItems struct{ items []session.Item }

func (b *testItems) add(it session.Item) session.Item {
	it.Seq = len(b.items)
	if it.Key == "" {
		it.Key = fmt.Sprintf("item:%d", it.Seq)
	}
	if it.Version == 0 {
		it.Version = 1
	}
	b.items = append(b.items, it)
	return it
}

func at(sec int) time.Time { return uitest.T0.Add(time.Duration(sec) * time.Second) }

// framed shows a view without colour, each line between bars, so a
// golden file keeps its trailing blanks visible.
func framed(view string) string {
	lines := strings.Split(ansi.Strip(view), "\n")
	for i, l := range lines {
		lines[i] = "|" + l + "|"
	}
	return strings.Join(lines, "\n") + "\n"
}

// checkSize asserts View is exactly w columns by h lines.
func checkSize(t *testing.T, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Fatalf("view has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got != w {
			t.Fatalf("line %d is %d cells wide, want %d: %q", i, got, w, ansi.Strip(l))
		}
	}
}

func bookingTranscript() []session.Item {
	var b testItems
	b.add(session.Item{Kind: session.ItemUser, Time: at(0), Text: "Book me a flight to Lisbon", Done: true})
	b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", Time: at(1), State: a2aclient.StateWorking, Done: true})
	b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", Time: at(4), State: a2aclient.StateInputRequired,
		Text: "Where are you flying from, and when?", Done: true})
	b.add(session.Item{Kind: session.ItemUser, TaskID: "t1", Time: at(60), Text: "From Berlin, on the 10th", Done: true})
	b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", Time: at(61), State: a2aclient.StateWorking, Done: true})
	b.add(session.Item{Kind: session.ItemArtifact, TaskID: "t1", Time: at(63), Name: "itinerary", Done: true,
		Parts: []a2aclient.Part{{Kind: a2aclient.PartData, Data: []any{
			map[string]any{"from": "BER", "to": "LIS", "date": "2026-12-10", "price": 142.0},
			map[string]any{"from": "LIS", "to": "BER", "date": "2026-12-17", "price": 98.5},
		}}}})
	b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", Time: at(66), State: a2aclient.StateCompleted, Done: true})
	b.add(session.Item{Kind: session.ItemAgent, TaskID: "t1", Time: at(67), Text: "Your flight is **booked**.\n\n- seat 12A\n- one bag", Done: true,
		Parts: []a2aclient.Part{{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "ticket.pdf", MimeType: "application/pdf", Bytes: make([]byte, 12600)}}}})
	b.add(session.Item{Kind: session.ItemError, Time: at(70), Text: "Send failed: the agent answered HTTP 503 Service Unavailable.",
		Detail: "The agent is busy; try again later.", Done: true})
	b.add(session.Item{Kind: session.ItemNotice, Time: at(71), Text: "Stopped following task t1.", Done: true})
	return b.items
}

func TestChatViewGolden(t *testing.T) {
	c := newTestChat(60, 30)
	c.Reset(bookingTranscript(), "travel")
	c.Tick(at(80))
	view := c.View(c.st)
	checkSize(t, view, 60, 30)
	golden.RequireEqual(t, framed(view))
}

func TestChatViewNarrowGolden(t *testing.T) {
	c := newTestChat(32, 12)
	c.Reset(bookingTranscript(), "travel")
	c.Tick(at(80))
	view := c.View(c.st)
	checkSize(t, view, 32, 12)
	golden.RequireEqual(t, framed(view))
}

func TestChatEmptyView(t *testing.T) {
	c := newTestChat(20, 3)
	view := c.View(c.st)
	checkSize(t, view, 20, 3)
	if strings.TrimSpace(view) != "" {
		t.Fatalf("empty chat drew %q", view)
	}
	c.SetSize(0, 0)
	if c.View(c.st) != "" {
		t.Fatal("a zero-size chat must draw nothing")
	}
}

func TestChatStatusElapsed(t *testing.T) {
	c := newTestChat(60, 10)
	var b testItems
	b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", Time: at(0), State: a2aclient.StateSubmitted})
	b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", Time: at(2), State: a2aclient.StateWorking, Text: "Searching flights"})
	c.Reset(b.items, "travel")
	c.SetTasks([]session.TaskInfo{{ID: "t1", State: a2aclient.StateWorking, Following: true}})
	c.Tick(at(7))
	text := ansi.Strip(c.View(c.st))
	if !strings.Contains(text, "working · 7s  Searching flights") || strings.Contains(text, "◆ working") {
		t.Fatalf("live working line (spinner, time running) missing:\n%s", text)
	}
	if !strings.Contains(text, "submitted · 2s") {
		t.Fatalf("a replaced working status keeps the time it ran:\n%s", text)
	}
	// No longer followed (esc, or the context reopened with its agent
	// away): the line stays as last heard of, no spinner, no clock.
	c.SetTasks([]session.TaskInfo{{ID: "t1", State: a2aclient.StateWorking}})
	c.Tick(at(20))
	if text := ansi.Strip(c.View(c.st)); !strings.Contains(text, "◆ working  Searching flights") {
		t.Fatalf("a working status nobody follows must not look live:\n%s", text)
	}
	c.SetTasks([]session.TaskInfo{{ID: "t1", State: a2aclient.StateWorking, Following: true}})
	c.Upsert([]session.Item{b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", Time: at(9), State: a2aclient.StateFailed, Text: "No seats left"})})
	c.Tick(at(30))
	text = ansi.Strip(c.View(c.st))
	for _, want := range []string{"working · 9s  Searching flights", "✗ failed · 9s  No seats left"} {
		if !strings.Contains(text, want) {
			t.Fatalf("missing %q:\n%s", want, text)
		}
	}
}

func TestChatFileLineAndActions(t *testing.T) {
	c := newTestChat(70, 6)
	var b testItems
	b.add(session.Item{Kind: session.ItemArtifact, TaskID: "t1", Time: at(0), Name: "report", Done: true,
		Parts: []a2aclient.Part{{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "q3\x1b]0;pwned\x07.pdf", MimeType: "application/pdf", Bytes: make([]byte, 2048)}}}})
	c.Reset(b.items, "a")
	text := ansi.Strip(c.View(c.st))
	if !strings.Contains(text, "▣ q3.pdf · application/pdf · 2.0 KB") {
		t.Fatalf("file line:\n%s", text)
	}
	if strings.Contains(text, "s save") {
		t.Fatal("actions show only on the selected item of a focused chat")
	}
	c.Focus()
	text = ansi.Strip(c.View(c.st))
	if !strings.Contains(text, "s save · o open") {
		t.Fatalf("selected file line shows its actions:\n%s", text)
	}
	for _, tc := range []struct {
		key  string
		want func(component.Action) bool
	}{
		{"s", func(a component.Action) bool { s, ok := a.(SaveFile); return ok && s.Part.File.Name != "" }},
		{"o", func(a component.Action) bool { o, ok := a.(OpenFile); return ok && o.Part.File.Name != "" }},
	} {
		if _, act := c.Update(keyPress(tc.key)); !tc.want(act) {
			t.Fatalf("key %s: no file action", tc.key)
		}
	}
}

func keyPress(s string) tea.KeyPressMsg {
	switch s {
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

// hostile carries the sequences an agent might use against the terminal:
// clipboard write (OSC 52), screen clear and cursor moves (CSI), a title
// change, a hyperlink (OSC 8), C1 CSI, and Markdown links glamour itself
// would turn into OSC 8 hyperlinks.
const hostile = "a\x1b]52;c;cHduZWQ=\x07b \x1b[2J\x1b[H\x1b[5A c\x1b]0;title\x1b\\ " +
	"\x1b]8;;http://evil.example/\x07click\x1b]8;;\x07 \u009b31m d\x07\x08 " +
	"[link](http://evil.example/x) ![img](http://evil.example/i.png) <https://auto.example/> https://bare.example/"

// onlySGR fails unless every escape sequence in s is a colour (SGR) and
// no other control character is present.
func onlySGR(t *testing.T, s string) {
	t.Helper()
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 0x1b:
			j := i + 1
			if j >= len(s) || s[j] != '[' {
				t.Fatalf("non-CSI escape at %d: %q", i, s[i:min(i+20, len(s))])
			}
			j++
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':') {
				j++
			}
			if j >= len(s) || s[j] != 'm' {
				t.Fatalf("escape other than SGR at %d: %q", i, s[i:min(i+20, len(s))])
			}
			i = j
		case c == '\n':
		case c < 0x20 || c == 0x7f:
			t.Fatalf("control byte %#x at %d", c, i)
		}
	}
	if strings.ContainsRune(s, 0x9b) || strings.ContainsRune(s, 0x9d) {
		t.Fatal("C1 control in view")
	}
}

func TestChatHostileTextNeverReachesTheTerminal(t *testing.T) {
	c := newTestChat(100, 80)
	var b testItems
	b.add(session.Item{Kind: session.ItemUser, Time: at(0), Text: hostile, Done: true,
		Parts: []a2aclient.Part{{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: hostile}}}})
	b.add(session.Item{Kind: session.ItemAgent, Time: at(1), Text: "# " + hostile + "\n\n" + hostile + "\n\n```\n" + hostile + "\n```\n", Done: true,
		Parts: []a2aclient.Part{{Kind: a2aclient.PartData, Data: map[string]any{hostile: hostile, "n": []any{hostile, 1.0}}}}})
	b.add(session.Item{Kind: session.ItemStatus, TaskID: hostile, Time: at(2), State: a2aclient.State(hostile), Text: hostile})
	b.add(session.Item{Kind: session.ItemArtifact, TaskID: "t", Time: at(3), Name: hostile, Parts: []a2aclient.Part{
		{Kind: a2aclient.PartText, Text: hostile + "\n\n| " + hostile + " | x |\n|---|---|\n| " + hostile + " | y |\n"},
		{Kind: a2aclient.PartData, Data: []any{map[string]any{hostile: hostile}}},
		{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: hostile, MimeType: hostile, URI: "http://x/" + hostile}},
	}})
	b.add(session.Item{Kind: session.ItemError, Time: at(4), Text: hostile, Detail: hostile, Done: true})
	b.add(session.Item{Kind: session.ItemNotice, Time: at(5), Text: hostile, Done: true})
	c.Reset(b.items, hostile)
	c.Focus()
	for i := range b.items {
		c.sel = i
		view := c.View(c.st)
		onlySGR(t, view)
		if !strings.Contains(ansi.Strip(view), "http://evil.example/x") {
			t.Fatal("a link's address should show as text, so a link cannot pose as another")
		}
	}
	c.Update(keyPress("enter"))
	onlySGR(t, c.View(c.st))
	for i := range c.items {
		if text := c.copyText(c.items[i]); strings.ContainsAny(text, "\x1b\x07\x08\u009b") {
			t.Fatalf("copied text of item %d holds control characters: %q", i, text)
		}
	}
}

func TestChatHostileStreamSplitAcrossChunks(t *testing.T) {
	doc := strings.Repeat(hostile+"\n\n\x1b]52;c;"+strings.Repeat("QUFB", 40)+"\n\nunterminated OSC\n", 3)
	for _, chunk := range []int{1, 3, 17} {
		c := newTestChat(80, 30)
		base := session.Item{Key: "art:t/h", Kind: session.ItemArtifact, TaskID: "t", Time: at(0), Name: "h"}
		for n, v := 0, 1; n < len(doc); v++ {
			n = min(n+chunk, len(doc))
			it := base
			it.Version, it.Done = v, n == len(doc)
			it.Parts = []a2aclient.Part{a2aclient.TextPart(doc[:n])}
			c.Upsert([]session.Item{it})
			onlySGR(t, c.View(c.st))
		}
	}
}

func TestChatCapsParts(t *testing.T) {
	c := newTestChat(60, 5)
	var parts []a2aclient.Part
	for i := 0; i < maxParts+10; i++ {
		parts = append(parts, a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: fmt.Sprintf("f%d", i)}})
	}
	var b testItems
	b.add(session.Item{Kind: session.ItemArtifact, Time: at(0), Name: "many", Parts: parts, Done: true})
	c.Reset(b.items, "a")
	if text := ansi.Strip(c.View(c.st)); !strings.Contains(text, "… truncated: 10 more parts") {
		t.Fatalf("no parts note:\n%s", text)
	}
}

func TestSGRLinesKeepsOnlyColour(t *testing.T) {
	in := "\x1b[38;5;252mHello\x1b[m \x1b]8;id=1;http://x\x07link\x1b]8;;\x07\x1b[2K\x1b[1;1H\x1b[38;5;1m   \x1b[m\n\x1b[48;5;63m Title \x1b[m\n\x1b[31m\x1b[m   \n"
	got := sgrLines(in)
	want := []string{"\x1b[38;5;252mHello\x1b[m link\x1b[m", "\x1b[48;5;63m Title \x1b[m", ""}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("sgrLines:\n got %q\nwant %q", got, want)
	}
}

func TestChatCapsHugeText(t *testing.T) {
	c := newTestChat(60, 5)
	c.maxText = 4 << 10
	var b testItems
	b.add(session.Item{Kind: session.ItemAgent, Time: at(0), Text: strings.Repeat("wörd ", 2000), Done: true})
	c.Reset(b.items, "a")
	if text := ansi.Strip(c.View(c.st)); !strings.Contains(text, "… truncated: showing 4.0 KB of 11.7 KB") {
		t.Fatalf("no truncation note:\n%s", text)
	}
	if s, left := capText("ab"+strings.Repeat("ö", c.maxText), c.maxText); len(s)+left != 2+2*c.maxText || !utf8.ValidString(s) {
		t.Fatalf("capText cut %d+%d bytes, valid %v", len(s), left, utf8.ValidString(s))
	}
}

func TestChatDataTableAndJSON(t *testing.T) {
	st := styles.New(themes.Dark)
	table := dataLines(st, []any{
		map[string]any{"from": "BER", "to": "LIS", "price": 142.0},
		map[string]any{"from": "LIS", "to": "BER", "price": 98.5, "note": "night"},
	}, []string{"from", "to", "price", "note"})
	want := []string{
		"  from  to   price  note",
		"  BER   LIS    142",
		"  LIS   BER   98.5  night",
	}
	if got := stripAll(table); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("table:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	js := stripAll(dataLines(st, map[string]any{"b": []any{1.0, true, nil}, "a": map[string]any{}, "c": "x\x1by"}, nil))
	wantJS := []string{`{`, `  "a": {},`, `  "b": [`, `    1,`, `    true,`, `    null`, `  ],`, `  "c": "x\u001by"`, `}`}
	if strings.Join(js, "\n") != strings.Join(wantJS, "\n") {
		t.Fatalf("json:\n%s", strings.Join(js, "\n"))
	}
	var many []any
	for i := 0; i < maxDataRows+500; i++ {
		many = append(many, map[string]any{"i": float64(i)})
	}
	rows := stripAll(dataLines(st, many, nil))
	if len(rows) != maxDataRows+2 || !strings.Contains(rows[len(rows)-1], "truncated: 500 more rows") {
		t.Fatalf("row cap: %d lines, last %q", len(rows), rows[len(rows)-1])
	}
}

func stripAll(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight(ansi.Strip(l), " ")
	}
	return out
}

func notices(n int) []session.Item {
	var b testItems
	for i := 0; i < n; i++ {
		b.add(session.Item{Kind: session.ItemNotice, Time: at(i), Text: fmt.Sprintf("note %d", i), Done: true})
	}
	return b.items
}

// visible lists the non-blank rows of the view as plain text.
func visible(c *Pane) []string {
	var out []string
	for _, l := range strings.Split(ansi.Strip(c.View(c.st)), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func TestChatFollowsAndCountsNewBelow(t *testing.T) {
	c := newTestChat(30, 10) // each notice is a gap row and a text row
	items := notices(50)
	c.Reset(items, "a")
	if got := visible(c); got[len(got)-1] != "note 49" || got[0] != "note 45" {
		t.Fatalf("not following the bottom: %q", got)
	}
	c.Update(keyPress("pgup"))
	before := c.View(c.st)
	if got := visible(c); got[len(got)-1] == "note 49" {
		t.Fatalf("page up did not scroll: %q", got)
	}
	var b testItems
	b.items = items
	c.Upsert([]session.Item{b.add(session.Item{Kind: session.ItemNotice, Time: at(60), Text: "late 1", Done: true})})
	c.Upsert([]session.Item{b.add(session.Item{Kind: session.ItemNotice, Time: at(61), Text: "late 2", Done: true})})
	if c.NewBelow() != 2 {
		t.Fatalf("NewBelow = %d, want 2", c.NewBelow())
	}
	if c.View(c.st) != before {
		t.Fatal("new items moved a scrolled-up view")
	}
	// Updating an item already shown is not news.
	again := b.items[51]
	again.Version++
	c.Upsert([]session.Item{again})
	if c.NewBelow() != 2 {
		t.Fatalf("an update counted as new: %d", c.NewBelow())
	}
	c.Update(keyPress("end"))
	if got := visible(c); got[len(got)-1] != "late 2" || c.NewBelow() != 0 {
		t.Fatalf("end: %q, NewBelow %d", got, c.NewBelow())
	}
	c.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if got := visible(c); got[len(got)-1] == "late 2" {
		t.Fatal("wheel up did not scroll")
	}
	c.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if !c.follow {
		t.Fatal("scrolling back to the end must follow again")
	}
	c.Update(keyPress("home"))
	if got := visible(c); got[0] != "note 0" || c.sel != 0 {
		t.Fatalf("home: %q, selected %d", got, c.sel)
	}
	for i := 0; i < 3; i++ {
		c.Update(keyPress("pgdown"))
	}
	if got := visible(c); got[0] != "note 14" {
		t.Fatalf("three pages down: %q", got)
	}
	if c.sel < 14 || c.sel > 18 {
		t.Fatalf("selection %d left the screen", c.sel)
	}
}

func TestChatSelectionMovesThroughItems(t *testing.T) {
	c := newTestChat(30, 6)
	var b testItems
	b.add(session.Item{Kind: session.ItemNotice, Time: at(0), Text: "short", Done: true})
	long := strings.TrimSpace(strings.Repeat("line\n", 12))
	b.add(session.Item{Kind: session.ItemUser, Time: at(1), Text: long, Done: true})
	b.add(session.Item{Kind: session.ItemNotice, Time: at(2), Text: "last", Done: true})
	c.Reset(b.items, "a")
	c.Focus()
	if c.sel != 2 {
		t.Fatalf("selection starts at the last item, got %d", c.sel)
	}
	c.Update(keyPress("up")) // select the tall user turn, showing its end
	if c.sel != 1 {
		t.Fatalf("up selected %d", c.sel)
	}
	// Going up walks through the tall item a row at a time until its
	// header shows, then selects the item above.
	for i := 0; i < 20 && c.sel == 1; i++ {
		c.Update(keyPress("up"))
	}
	if c.sel != 0 || !strings.Contains(ansi.Strip(c.View(c.st)), "you · 10:02") {
		t.Fatalf("walking up: selected %d\n%s", c.sel, ansi.Strip(c.View(c.st)))
	}
	for i := 0; i < 40 && !c.follow; i++ {
		c.Update(keyPress("down"))
	}
	if !c.follow || c.sel != 2 {
		t.Fatalf("walking down ends following the bottom: follow %v, selected %d", c.follow, c.sel)
	}
	lines := strings.Split(c.View(c.st), "\n")
	if last := lines[len(lines)-1]; !strings.Contains(ansi.Strip(last), "last") || last == ansi.Strip(last) {
		t.Fatalf("selected last item's row is not highlighted: %q", last)
	}
}

func TestChatCopy(t *testing.T) {
	c := newTestChat(40, 10)
	var b testItems
	b.add(session.Item{Kind: session.ItemArtifact, Time: at(0), Name: "out", Done: true, Parts: []a2aclient.Part{
		a2aclient.TextPart("Hello \x1b]52;c;eA==\x07world"),
		{Kind: a2aclient.PartData, Data: map[string]any{"k": 1.0}},
	}})
	b.add(session.Item{Kind: session.ItemUser, Time: at(1), Text: "🔒 credentials provided", Secret: true, Done: true})
	c.Reset(b.items, "a")
	c.Focus()
	if got, want := c.copyText(c.items[0]), "Hello world\n\n{\n  \"k\": 1\n}"; got != want {
		t.Fatalf("copy text %q, want %q", got, want)
	}
	if got := c.copyText(c.items[1]); got != "🔒 credentials provided" {
		t.Fatalf("secret turn copies %q", got)
	}
	if cmd, _ := c.Update(keyPress("y")); cmd == nil {
		t.Fatal("copy returned no command")
	}
	if cmd, act := c.Update(keyPress("s")); act != nil || cmd == nil {
		t.Fatal("save on an item without a file must save nothing, and say so")
	}
}

func TestChatStreamedListIsCut(t *testing.T) {
	var b strings.Builder
	b.WriteString("Steps:\n\n")
	for i := 1; b.Len() < 4*blockSplit; i++ {
		fmt.Fprintf(&b, "- step %d: do the next thing carefully\n", i)
	}
	doc := b.String()
	c := newTestChat(60, 10)
	streamInto(c, doc, 800)
	if s := c.items[0].md[0]; len(s.tailSrc) > 2*blockSplit {
		t.Fatalf("a long tight list leaves a %d-byte tail", len(s.tailSrc))
	}
	got, want := oneBlank(bodyText(c, 0)), oneBlank(wholeRender(c, doc))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("cut list differs:\n%s\n---\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestChatJumpToTask(t *testing.T) {
	c := New(styles.New(themes.Dark), keys.Default().Chat)
	c.SetSize(60, 5)
	var items []session.Item
	for i := 0; i < 40; i++ {
		items = append(items, session.Item{Key: fmt.Sprint(i), Seq: i, Kind: session.ItemNotice, Text: fmt.Sprintf("note %d", i), TaskID: fmt.Sprintf("t%d", i/10), Done: true})
	}
	c.Reset(items, "demo")
	if !c.JumpToTask("t1") {
		t.Fatal("task t1 not found")
	}
	if view := ansi.Strip(c.View(c.st)); !strings.Contains(view, "note 10") || strings.Contains(view, "note 39") {
		t.Errorf("after jump the view shows:\n%s", view)
	}
	if c.JumpToTask("nope") {
		t.Error("jumped to a task with no items")
	}
}

func TestChatFileArtifactNamesItsFileOnce(t *testing.T) {
	c := New(styles.New(themes.Dark), keys.Default().Chat)
	c.SetSize(70, 8)
	file := a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "itinerary.csv", MimeType: "text/csv", Bytes: []byte("a,b\n")}}
	other := a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "extra.txt", MimeType: "text/plain", Bytes: []byte("x")}}
	c.Reset([]session.Item{{Key: "a", Kind: session.ItemArtifact, Name: "itinerary.csv", Parts: []a2aclient.Part{file, other}, Done: true}}, "demo")
	view := ansi.Strip(c.View(c.st))
	if n := strings.Count(view, "itinerary.csv"); n != 1 {
		t.Errorf("the file's name shows %d times:\n%s", n, view)
	}
	if !strings.Contains(view, "text/csv · 4 B") || !strings.Contains(view, "extra.txt · text/plain") {
		t.Errorf("file lines:\n%s", view)
	}
}

// An answer cut off while parley followed it says so once nobody
// follows its task; while followed it spins.
func TestChatUnfinishedArtifactSaysIncomplete(t *testing.T) {
	c := newTestChat(60, 6)
	var b testItems
	b.add(session.Item{Kind: session.ItemArtifact, TaskID: "t1", Time: at(0), Name: "answer",
		Parts: []a2aclient.Part{a2aclient.TextPart("Half an ans")}})
	c.Reset(b.items, "a")
	if text := ansi.Strip(c.View(c.st)); !strings.Contains(text, "▤ answer (incomplete)") {
		t.Fatalf("an unfinished answer nobody follows:\n%s", text)
	}
	c.SetTasks([]session.TaskInfo{{ID: "t1", State: a2aclient.StateWorking, Following: true}})
	if text := ansi.Strip(c.View(c.st)); strings.Contains(text, "incomplete") || strings.Contains(text, "▤ answer") {
		t.Fatalf("an answer still streaming must spin, not say incomplete:\n%s", text)
	}
}
