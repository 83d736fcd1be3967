package chat

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// numberedAnswer is an answer of n numbered paragraphs ("line 000123"
// and some words), and where its last window starts: on a line start,
// about 4 KB from its end.
func numberedAnswer(n int) (whole string, cut int) {
	var b strings.Builder
	for i := range n {
		if i == n-40 {
			cut = b.Len()
		}
		fmt.Fprintf(&b, "line %06d of the long answer, some words to fill the paragraph out a little.\n\n", i)
	}
	return b.String(), cut
}

// cutChat is a chat holding the user's message and an answer of n
// numbered lines as a window of its end, over a store of the whole.
func cutChat(n int) (*Pane, *texts, int) {
	whole, cut := numberedAnswer(n)
	src := &texts{whole: whole}
	c := newTestChat(80, 12)
	c.SetTexts(src)
	c.ResetFor(&conv7{}, cutItems(whole, cut), "a")
	return c, src, len(whole) - cut
}

func cutItems(whole string, cut int) []session.Item {
	var b testItems
	b.add(session.Item{Kind: session.ItemUser, Time: at(0), Text: "go", Done: true})
	b.add(session.Item{Key: "art:t:a", Kind: session.ItemArtifact, TaskID: "t", Time: at(1), Cut: cut, Done: true,
		Parts: []a2aclient.Part{a2aclient.TextPart(whole[cut:])}})
	return b.items
}

var lineNumber = regexp.MustCompile(`line (\d{6})`)

// shownNumbers is the line numbers on screen, top to bottom.
func shownNumbers(c *Pane) ([]int, string) {
	screen := ansi.Strip(c.View(c.st))
	var out []int
	for _, m := range lineNumber.FindAllStringSubmatch(screen, -1) {
		n, _ := strconv.Atoi(m[1])
		out = append(out, n)
	}
	return out, screen
}

// scrollThrough presses k until the screen stops changing and checks
// that every screen shows consecutive line numbers, each screen joining
// the one before, and that the chat holds a bounded part of the answer
// at every step; it returns every number seen.
func scrollThrough(t *testing.T, c *Pane, k string, window int) map[int]bool {
	t.Helper()
	return scrollThroughWith(t, c, k, window, driveFront)
}

// scrollThroughWith is scrollThrough pressing keys with press.
func scrollThroughWith(t *testing.T, c *Pane, k string, window int, press func(*Pane, string)) map[int]bool {
	t.Helper()
	seen := map[int]bool{}
	prev, screen := shownNumbers(c)
	for _, n := range prev {
		seen[n] = true
	}
	bound := 3*frontBytes + window
	for step, still := 0, 0; still < 3 && step < 200000; step++ {
		press(c, k)
		got, next := shownNumbers(c)
		if next == screen {
			still++
		} else {
			still = 0
		}
		for i := 1; i < len(got); i++ {
			if got[i] != got[i-1]+1 {
				t.Fatalf("after %d %s the screen skips from line %d to %d:\n%s", step+1, k, got[i-1], got[i], next)
			}
		}
		if len(got) > 0 && len(prev) > 0 && (got[0] > prev[len(prev)-1]+1 || got[len(got)-1] < prev[0]-1) {
			t.Fatalf("after %d %s the screen shows lines %d–%d after %d–%d:\n%s\nbefore:\n%s", step+1, k, got[0], got[len(got)-1], prev[0], prev[len(prev)-1], next, screen)
		}
		if held := c.HeldText(); held > bound {
			t.Fatalf("after %d %s the chat holds %d bytes of the answer; want at most %d", step+1, k, held, bound)
		}
		for _, n := range got {
			seen[n] = true
		}
		if len(got) > 0 {
			prev = got
		}
		screen = next
	}
	return seen
}

func wantAllSeen(t *testing.T, seen map[int]bool, n int) {
	t.Helper()
	var missing []int
	for i := range n {
		if !seen[i] {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d of %d lines never came on screen, the first %v", len(missing), n, missing[:min(len(missing), 5)])
	}
}

// Scrolled up from its end, a cut answer reads the store a range at a
// time as the screen reaches what it holds: every line of the answer
// comes on screen in order, none skipped, while the chat holds a few
// ranges of it, never the answer.
func TestChatScrollsUpThroughTheMiddleOfACutItem(t *testing.T) {
	for _, tc := range []struct {
		key   string
		lines int
	}{
		{"up", 8000},    // 640 KB: three reads
		{"pgup", 15000}, // 1.2 MB: five reads
	} {
		t.Run(tc.key, func(t *testing.T) {
			c, src, window := cutChat(tc.lines)
			seen := scrollThrough(t, c, tc.key, window)
			wantAllSeen(t, seen, tc.lines)
			if _, screen := shownNumbers(c); !strings.Contains(screen, "you") {
				t.Errorf("the top does not show the user's message:\n%s", screen)
			}
			t.Logf("%d reads of %d bytes", src.reads, len(src.whole))
		})
	}
}

// From the top key down, the answer's middle comes on screen too, and
// the end key goes back to its end.
func TestChatScrollsDownThroughTheMiddleOfACutItem(t *testing.T) {
	const lines = 15000
	c, _, window := cutChat(lines)
	driveFront(c, "g")
	if got, screen := shownNumbers(c); len(got) == 0 || got[0] != 0 {
		t.Fatalf("the top key does not show the answer's first line:\n%s", screen)
	}
	seen := scrollThrough(t, c, "pgdown", window)
	wantAllSeen(t, seen, lines)
	driveFront(c, "g")
	if got, screen := shownNumbers(c); len(got) == 0 || got[0] != 0 {
		t.Fatalf("the top key from the end does not show the answer's first line:\n%s", screen)
	}
	driveFront(c, "G")
	if got, screen := shownNumbers(c); len(got) == 0 || got[len(got)-1] != lines-1 {
		t.Fatalf("the end key does not show the answer's last line:\n%s", screen)
	}
}

// The notes around what is shown of a cut answer say how much of it is
// above and below, and what brings more.
func TestChatNotesSayWhatIsAboveAndBelowTheMiddle(t *testing.T) {
	c, _, _ := cutChat(30000)
	f := &c.items[1].front
	for range 3000 {
		if n := len(f.ranges); n > 0 && f.ranges[n-1].end < c.items[1].it.Cut {
			break
		}
		driveFront(c, "pgup")
	}
	if n := len(f.ranges); n == 0 || f.ranges[n-1].end == c.items[1].it.Cut {
		t.Fatal("scrolling up never let go of the range next to the window")
	}
	// The reads asked for from here on are not answered: the notes stay.
	seeNote := func(k string, note *regexp.Regexp) {
		t.Helper()
		for range 3000 {
			if _, screen := shownNumbers(c); note.MatchString(screen) {
				return
			}
			c.Update(keyPress(k))
		}
		_, screen := shownNumbers(c)
		t.Errorf("scrolling with %s through the middle, no note says %q:\n%s", k, note, screen)
	}
	seeNote("pgup", regexp.MustCompile(`… \d+\.\d MB above · scroll up reads more · home: the beginning · export writes\s+it\s+whole\s+· reading…`))
	seeNote("pgdown", regexp.MustCompile(`… \d+\.\d (KB|MB) below · scroll down reads more · end: the end`))
}

// A read that comes back after the user moved on (the top key asked for
// the beginning meanwhile, or another conversation is shown) is dropped.
func TestChatDropsAStaleRangeRead(t *testing.T) {
	c, _, _ := cutChat(30000)
	var pending []frontMsg
	for range 3000 {
		cmd, _ := c.Update(keyPress("pgup"))
		if msg, ok := findFront(cmd); ok {
			pending = append(pending, msg)
			break
		}
	}
	if len(pending) == 0 {
		t.Fatal("scrolling up to the note read nothing")
	}
	driveFront(c, "g") // reads the beginning in its place
	if got, screen := shownNumbers(c); len(got) == 0 || got[0] != 0 {
		t.Fatalf("the top key does not show the answer's first line:\n%s", screen)
	}
	held := c.HeldText()
	c.Update(pending[0])
	if got, screen := shownNumbers(c); len(got) == 0 || got[0] != 0 || c.HeldText() != held {
		t.Errorf("a stale read was taken: the chat holds %d bytes, not %d:\n%s", c.HeldText(), held, screen)
	}
	c2, src, _ := cutChat(30000)
	for range 3000 {
		cmd, _ := c2.Update(keyPress("pgup"))
		if msg, ok := findFront(cmd); ok {
			pending[0] = msg
			break
		}
	}
	whole, cut := numberedAnswer(30000)
	c2.ResetFor(&conv7{}, cutItems(whole, cut), "a")
	held = c2.HeldText()
	c2.Update(pending[0])
	if c2.HeldText() != held || src.reads != 1 {
		t.Errorf("a read for a conversation no longer shown was taken: the chat holds %d bytes, not %d (%d reads)", c2.HeldText(), held, src.reads)
	}
}

// findFront runs cmd and its batches and returns the range read it
// starts, if any, without handing it to the chat.
func findFront(cmd tea.Cmd) (frontMsg, bool) {
	if cmd == nil {
		return frontMsg{}, false
	}
	switch msg := cmd().(type) {
	case frontMsg:
		return msg, true
	case tea.BatchMsg:
		for _, sub := range msg {
			if m, ok := findFront(sub); ok {
				return m, true
			}
		}
	}
	return frontMsg{}, false
}

// A range read back starts and ends between Markdown blocks where it
// can, else between lines, else between characters, and keeps its
// bytes' place in the answer.
func TestRangesAreCutBetweenBlocks(t *testing.T) {
	for _, tc := range []struct {
		from       int
		text       string
		kind, cut  int
		want       string
		start, end int
	}{
		{10, "xx\nyy\n\n| a |\n| b |\n\nvv\n", rangeUp, 100, "| a |\n| b |\n\nvv\n", 17, 33},
		{10, "xx\n| a |\n| b |", rangeUp, 100, "| a |\n| b |", 13, 24},
		{10, "aa\n\n| b |\n| c |\n", rangeDown, 100, "aa\n\n", 10, 14},
		{10, "aa\nbb", rangeDown, 100, "aa\n", 10, 13},
		{10, "aa\nbb", rangeDown, 15, "aa\nbb", 10, 15}, // meets the window
		{0, "aa\nbb\n\ncc", rangeStart, 100, "aa\nbb\n\n", 0, 7},
		{10, "\x80\x80é long line", rangeUp, 100, "é long line", 12, 24},
	} {
		r, ok := lineRange(tc.from, tc.text, tc.kind, tc.cut)
		if !ok || r.text != tc.want || r.from != tc.start || r.end != tc.end {
			t.Errorf("lineRange(%d, %q, %d) = %q [%d, %d), %v; want %q [%d, %d)", tc.from, tc.text, tc.kind, r.text, r.from, r.end, ok, tc.want, tc.start, tc.end)
		}
	}
}

// failOnce is a store whose first read fails.
type failOnce struct {
	texts
	failed bool
}

func (s *failOnce) TextRange(id int64, key string, from, n int) (string, error) {
	if !s.failed {
		s.failed = true
		return "", errors.New("database is locked")
	}
	return s.texts.TextRange(id, key, from, n)
}

// A read that fails says so on its note, and scrolling again reads
// again.
func TestChatReadsARangeAgainAfterAnError(t *testing.T) {
	whole, cut := numberedAnswer(30000)
	src := &failOnce{texts: texts{whole: whole}}
	c := newTestChat(80, 12)
	c.SetTexts(src)
	c.ResetFor(&conv7{}, cutItems(whole, cut), "a")
	for range 3000 {
		if driveFront(c, "pgup"); src.failed {
			break
		}
	}
	if _, screen := shownNumbers(c); !strings.Contains(screen, "Database is locked") {
		t.Fatalf("the note does not say why the read failed:\n%s", screen)
	}
	driveFront(c, "up")
	if got, screen := shownNumbers(c); src.reads == 0 || len(got) == 0 || got[0] >= 29960 {
		t.Errorf("scrolling again after a failed read did not read the range before the window (%d reads):\n%s", src.reads, screen)
	}
}

// An answer the agent replaces with a text of its own lets go of the
// ranges read back of the one before.
func TestChatLetsGoOfRangesOfAReplacedAnswer(t *testing.T) {
	c, _, _ := cutChat(30000)
	driveFront(c, "g")
	if got, _ := shownNumbers(c); len(got) == 0 || got[0] != 0 {
		t.Fatal("the top key does not show the answer's first line")
	}
	it := c.items[1].it
	it.Cut, it.Version = 0, it.Version+1
	it.Parts = []a2aclient.Part{a2aclient.TextPart("a new answer\n")}
	c.Upsert([]session.Item{it})
	screen := ansi.Strip(c.View(c.st))
	if held := c.HeldText(); held != len("a new answer\n") || strings.Contains(screen, "line 000000") {
		t.Errorf("the replaced answer holds %d bytes, not the new answer's %d:\n%s", held, len("a new answer\n"), screen)
	}
}
